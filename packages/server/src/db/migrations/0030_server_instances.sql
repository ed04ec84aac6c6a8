-- Issue #21 (administration): the server processes running over this database, so that a licence's
-- instance limit can be kept (main-app section 8, licensing/instance-limit-exceeds). Each process
-- adds its row at start, keeps it fresh while it runs and removes it when it stops; a row not kept
-- fresh is a process that died.
CREATE TABLE server_instances (
  id uuid PRIMARY KEY,
  host text NOT NULL CHECK (length(host) <= 255),
  pid integer NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX server_instances_seen_idx ON server_instances (last_seen_at);

-- The limit itself (null: none), changed by an administrator with a version check.
CREATE TABLE instance_limit (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  max_instances integer CHECK (max_instances >= 1),
  version integer NOT NULL DEFAULT 1
);
INSERT INTO instance_limit (only_row, max_instances) VALUES (true, NULL);
