-- Issue #14. An upload's declaration hands out a token that its chunks must carry, so a sender whose
-- declaration was replaced writes nothing; `writing_until` lets one chunk at a time write the file
-- (a second concurrent writer is refused); `touched_at` is the last declaration or chunk, by which
-- abandoned uploads are purged with their partial files.
ALTER TABLE media_uploads
  ADD COLUMN token uuid NOT NULL DEFAULT gen_random_uuid(),
  ADD COLUMN touched_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN writing_until timestamptz;
CREATE INDEX media_uploads_touched_idx ON media_uploads (touched_at);

-- Records the Office refused (400) while sending completed tasks: they make the task end
-- FinishedWithErrors even when a later run of it resumes after them.
ALTER TABLE sync_agent_progress ADD COLUMN failed integer NOT NULL DEFAULT 0;
