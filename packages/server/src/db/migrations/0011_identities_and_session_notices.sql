-- Single sign-on accounts are found by the provider's (issuer, subject) and nothing else: a login
-- name or an e-mail address is whatever the provider's user chose, so matching on it would let a
-- provider user named "admin" become the local administrator.
CREATE TABLE user_identities (
  issuer text NOT NULL CHECK (length(issuer) BETWEEN 1 AND 2000),
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX user_identities_user_idx ON user_identities (user_id);

-- Server processes keep resolved sessions in memory for a few seconds. Whatever ends a session or
-- changes its user, through the server or by hand, tells every process listening on this channel:
-- "s:<token hash>" for a session, "u:<user id>" for a user. Extending a session stays silent.
CREATE FUNCTION manway_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('manway_sessions', 's:' || OLD.token_hash);
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_ended_notify AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (
    (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
    OR NEW.expires_at < OLD.expires_at
    OR NEW.user_id <> OLD.user_id
    OR NEW.token_hash <> OLD.token_hash
  )
  EXECUTE FUNCTION manway_notify_session();

-- Purging expired and revoked sessions stays silent: no process can hold them any more.
CREATE TRIGGER sessions_deleted_notify AFTER DELETE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL)
  EXECUTE FUNCTION manway_notify_session();

CREATE FUNCTION manway_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('manway_sessions', 'u:' || OLD.id);
  RETURN NULL;
END $$;

CREATE TRIGGER users_changed_notify AFTER UPDATE ON users FOR EACH ROW
  WHEN (
    OLD.disabled IS DISTINCT FROM NEW.disabled
    OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.websync IS DISTINCT FROM NEW.websync
    OR OLD.login IS DISTINCT FROM NEW.login
    OR OLD.display_name IS DISTINCT FROM NEW.display_name
  )
  EXECUTE FUNCTION manway_notify_user();

CREATE TRIGGER users_deleted_notify AFTER DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION manway_notify_user();
