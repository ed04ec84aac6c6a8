-- Issue #21 (administration): users are granted the office and inspect permissions besides their role,
-- as they are websync and review. Opening the Office needs office, opening Inspect needs inspect
-- (administrators open everything). Every existing user keeps what they had: both default to true.
ALTER TABLE users ADD COLUMN office boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN inspect boolean NOT NULL DEFAULT true;

-- A process caching sessions drops a user's when these permissions change too (as in 0011 and 0016).
DROP TRIGGER users_changed_notify ON users;
CREATE TRIGGER users_changed_notify AFTER UPDATE ON users FOR EACH ROW
  WHEN (
    OLD.disabled IS DISTINCT FROM NEW.disabled
    OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.websync IS DISTINCT FROM NEW.websync
    OR OLD.review IS DISTINCT FROM NEW.review
    OR OLD.office IS DISTINCT FROM NEW.office
    OR OLD.inspect IS DISTINCT FROM NEW.inspect
    OR OLD.sync_agent IS DISTINCT FROM NEW.sync_agent
    OR OLD.login IS DISTINCT FROM NEW.login
    OR OLD.display_name IS DISTINCT FROM NEW.display_name
  )
  EXECUTE FUNCTION manway_notify_user();

-- The Users page shows each user's last sign-in. Sessions are purged once they end, so the time is
-- kept on the user, written with each new session; existing users start from their newest session on record.
ALTER TABLE users ADD COLUMN last_sign_in_at timestamptz;
UPDATE users u SET last_sign_in_at = s.at
  FROM (SELECT user_id, max(created_at) AS at FROM sessions GROUP BY user_id) s
  WHERE s.user_id = u.id;
