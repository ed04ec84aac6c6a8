-- Issue #21 (administration): who changed a user, a permission, a licence, a setting or a shared link,
-- and when. Written in the same transaction as the change it records.
CREATE TABLE audit_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  -- The login is kept as it was, so the entry still says who once the user is deleted.
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  actor_login text NOT NULL,
  action text NOT NULL CHECK (length(action) <= 60),
  object_type text NOT NULL CHECK (object_type IN ('user', 'licence', 'seat', 'settings', 'shared-link')),
  object_id text NOT NULL CHECK (length(object_id) <= 200),
  summary text NOT NULL CHECK (length(summary) <= 1000),
  changes jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_events_at_idx ON audit_events (at DESC, id DESC);
CREATE INDEX audit_events_object_idx ON audit_events (object_type, object_id, at DESC);
CREATE INDEX audit_events_actor_idx ON audit_events (lower(actor_login), at DESC);
