-- Issue #18. A resumable upload's chunks are no longer claimed in the database before their bytes
-- are written into one shared file: each chunk arrives into a file of its own in the staging area
-- (`<n>-<sha256>.part`), so a send that breaks off keeps what arrived and the next send finishes it,
-- and concurrent senders never write over each other. A row here now says only that chunk n is held,
-- verified, with these bytes (the first sender's stay). Chunks of uploads in progress were written
-- into the former single file, which is no longer read: they are forgotten and sent again.
DELETE FROM media_resumable_chunks;
ALTER TABLE media_resumable_chunks DROP COLUMN claimed_at;
ALTER TABLE media_resumable_chunks RENAME COLUMN written_at TO received_at;
ALTER TABLE media_resumable_chunks ALTER COLUMN received_at SET DEFAULT now();
ALTER TABLE media_resumable_chunks ALTER COLUMN received_at SET NOT NULL;
