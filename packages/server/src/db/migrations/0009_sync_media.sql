-- WebSync scenarios 1 and 2 and their media (issue #6). Media get a global id like every record the
-- agent copies; an imported task remembers whether the Field accepted it; and each sync-agent task
-- lists the files it moves with how far each got, which is what the console's 'Uploading progress'
-- shows and what a resumed run continues from.
ALTER TABLE media ADD COLUMN global_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE media ADD CONSTRAINT media_global_id_key UNIQUE (global_id);

-- NULL: imported but not yet accepted into the crew's work list (AutoAcceptImportedTasks off).
ALTER TABLE tasks ADD COLUMN accepted_at timestamptz;
UPDATE tasks SET accepted_at = created_at;

CREATE TABLE sync_media_files (
  task_id bigint NOT NULL REFERENCES sync_agent_tasks (id) ON DELETE CASCADE,
  media_global_id uuid NOT NULL,
  direction text NOT NULL CHECK (direction IN ('download', 'upload')),
  job_name text NOT NULL,
  file_name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('image', 'video', 'document', 'fusion')),
  content_type text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  owner_type text NOT NULL CHECK (owner_type IN ('asset', 'inspection', 'observation')),
  owner_global_id uuid NOT NULL,
  bytes_done bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'Waiting'
    CHECK (status IN ('Waiting', 'Transferring', 'Completed', 'AlreadyPresent', 'Failed')),
  error text,
  ord bigint GENERATED ALWAYS AS IDENTITY,
  PRIMARY KEY (task_id, media_global_id)
);

-- A file an Office system is receiving from a Field agent: what was declared, so the last chunk can
-- be verified against it. The bytes received so far are the partial file's own size on disk.
CREATE TABLE media_uploads (
  global_id uuid PRIMARY KEY,
  owner_type text NOT NULL CHECK (owner_type IN ('asset', 'inspection', 'observation')),
  owner_global_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('image', 'video', 'document', 'fusion')),
  file_name text NOT NULL,
  content_type text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
