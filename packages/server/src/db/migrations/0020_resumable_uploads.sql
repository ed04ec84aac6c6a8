-- Issue #18. Uploads from the browser (and a camera controller) that survive a dropped network, a
-- reloaded tab or a restarted server: the file arrives in numbered chunks, in any order, into a
-- partial file of the staging area; each chunk is claimed here before its bytes are written, so two
-- senders of one chunk have exactly one winner, and `written_at` says its bytes are in the file. A
-- claim whose writer died (no `written_at` after the lease) may be taken over. Finalizing checks the
-- whole file's sha256 and keeps it under its content address (`storage_key`); attaching it to an
-- object makes it a media row and removes the upload. An upload is its user's alone, named by the
-- identifier the client made (`resumableIdentifier`).
CREATE TABLE media_resumable_uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  identifier text NOT NULL CHECK (identifier ~ '^[A-Za-z0-9_.-]{1,200}$'),
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  size_bytes bigint NOT NULL CHECK (size_bytes > 0),
  chunk_size integer NOT NULL CHECK (chunk_size > 0),
  -- Set together when the file is complete and verified.
  sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  kind text CHECK (kind IN ('image', 'video', 'document', 'fusion')),
  content_type text,
  storage_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  touched_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, identifier),
  CHECK ((storage_key IS NULL) = (sha256 IS NULL))
);
CREATE INDEX media_resumable_uploads_touched_idx ON media_resumable_uploads (touched_at);

CREATE TABLE media_resumable_chunks (
  upload_id uuid NOT NULL REFERENCES media_resumable_uploads (id) ON DELETE CASCADE,
  chunk_number integer NOT NULL CHECK (chunk_number >= 1),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  written_at timestamptz,
  PRIMARY KEY (upload_id, chunk_number)
);

-- The upload settings of an object (PUT api/media/{type}/{id}/duc2-settings): how a camera
-- controller's uploads to it are cut and linked.
CREATE TABLE media_upload_settings (
  owner_type text NOT NULL CHECK (owner_type IN ('asset', 'inspection', 'observation')),
  owner_id bigint NOT NULL,
  settings jsonb NOT NULL,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_type, owner_id)
);
