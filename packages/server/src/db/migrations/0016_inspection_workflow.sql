-- Issue #17. The inspection workflow: every accepted, rejected, completed or reopened inspection
-- leaves one event (who, when, from which status, why), written in the same transaction as the
-- change by the inspections service after core's workflow allowed it. The latest rejection's reason
-- is kept on the inspection for the crew to read.
ALTER TABLE inspections ADD COLUMN review_reason text CHECK (length(review_reason) <= 2000);

CREATE TABLE inspection_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  inspection_id bigint NOT NULL REFERENCES inspections (id) ON DELETE CASCADE,
  command text NOT NULL CHECK (command IN ('create', 'complete', 'reopen', 'accept', 'reject')),
  from_status text CHECK (from_status IN ('incomplete', 'pending', 'completed')),
  to_status text NOT NULL CHECK (to_status IN ('incomplete', 'pending', 'completed')),
  reason text CHECK (length(reason) <= 2000),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inspection_events_inspection_idx ON inspection_events (inspection_id, at);

-- The office's grids page one status newest first (issue #17's measure: 100,000 inspections).
CREATE INDEX inspections_status_time_idx ON inspections (status, inspected_at DESC, id DESC);

-- Accepting and rejecting is the office's review: administrators, editors, and users granted it
-- (an office reviewer need not edit the network; a crew member must not accept its own work).
ALTER TABLE users ADD COLUMN review boolean NOT NULL DEFAULT false;


-- A crew signs in to the Field with its Office password: the Field's sync agent copies password
-- hashes (never passwords) from the Office's `user-credentials` export, which only accounts marked
-- `sync_agent` (the service account a Field signs in with) may read. On the Field, an account the
-- agent created takes the Office's hash (`password_origin` office); one the Field made itself (its
-- administrator) keeps its own even when it adopts the Office's global id.
ALTER TABLE users ADD COLUMN sync_agent boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN password_origin text NOT NULL DEFAULT 'local' CHECK (password_origin IN ('local', 'office'));

-- A process caching sessions drops a user's when its review or sync-agent permission changes too (as in 0011).
DROP TRIGGER users_changed_notify ON users;
CREATE TRIGGER users_changed_notify AFTER UPDATE ON users FOR EACH ROW
  WHEN (
    OLD.disabled IS DISTINCT FROM NEW.disabled
    OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.websync IS DISTINCT FROM NEW.websync
    OR OLD.review IS DISTINCT FROM NEW.review
    OR OLD.sync_agent IS DISTINCT FROM NEW.sync_agent
    OR OLD.login IS DISTINCT FROM NEW.login
    OR OLD.display_name IS DISTINCT FROM NEW.display_name
  )
  EXECUTE FUNCTION manway_notify_user();
