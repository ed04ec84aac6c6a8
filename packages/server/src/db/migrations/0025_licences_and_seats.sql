-- Issue #21 (administration): licences an administrator changes, and the seats pages take.

-- Office editing is licensed on its own, with seats of its own (main-app section 6).
ALTER TABLE licences DROP CONSTRAINT licences_application_check;
ALTER TABLE licences ADD CONSTRAINT licences_application_check
  CHECK (application IN ('web-office', 'web-office-editing', 'web-inspect', 'web-settings', 'web-websync'));
-- Licences are edited from the settings edition: two administrators at once get a 409, not a lost change.
ALTER TABLE licences ADD COLUMN version integer NOT NULL DEFAULT 1;
-- An installation whose Office could edit keeps editing, with as many editing seats as Office seats.
INSERT INTO licences (application, seats, editing, expires_at)
  SELECT 'web-office-editing', seats, true, expires_at FROM licences WHERE application = 'web-office' AND editing
  ON CONFLICT DO NOTHING;

-- One row per seat of a licence, numbered 1..seats; a page holds one by writing itself into it. Taking
-- a seat is then one UPDATE of a free row picked with FOR UPDATE SKIP LOCKED: pages opening at once
-- each lock a different row, and when every row is held or locked the page is refused, so no more
-- pages than the limit hold seats, whatever the concurrency and however many server processes. A
-- seat is free when nobody holds it, or when its holder is gone: idle past the timeout, its session
-- ended, its user disabled. Freeing is derived, so a page that vanished costs nothing to clean up.
CREATE TABLE seats (
  application text NOT NULL REFERENCES licences (application) ON DELETE CASCADE,
  slot integer NOT NULL CHECK (slot >= 1),
  -- Names the holding for an administrator's "Free seat"; NULL when the seat is free.
  token uuid UNIQUE,
  -- The page: its sign-in session and its random page id (the x-session-id header).
  session_id uuid REFERENCES sessions (id) ON DELETE SET NULL,
  page_id text CHECK (length(page_id) <= 200),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  acquired_at timestamptz,
  last_activity_at timestamptz,
  PRIMARY KEY (application, slot),
  CHECK ((token IS NULL) = (acquired_at IS NULL))
);
-- A page holds at most one seat of an application; its renewals and its release find it here.
CREATE UNIQUE INDEX seats_page_key ON seats (session_id, page_id, application) WHERE token IS NOT NULL;
-- Disabling a user frees their seats.
CREATE INDEX seats_user_idx ON seats (user_id) WHERE token IS NOT NULL;

INSERT INTO seats (application, slot)
  SELECT application, generate_series(1, seats) FROM licences WHERE application <> 'web-settings';
