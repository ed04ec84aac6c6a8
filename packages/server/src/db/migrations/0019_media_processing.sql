-- Issue #18. What the processing jobs learn from a media file once it is stored: its thumbnail (a
-- JPEG under `thumbnail_key`, content-addressed by the source's sha256), its pixel size, when and
-- where it was taken (EXIF capture time and GPS, a video's creation time), a video's duration.
-- `thumbnail_state` is pending until a job has looked at the file; a file whose jobs all failed is
-- 'failed' with the last error kept, never silently left pending. `processing_queued_at` is when a
-- job was last sent for the row, so the sweeper re-sends only for rows whose job got lost.
ALTER TABLE media
  ADD COLUMN thumbnail_state text NOT NULL DEFAULT 'pending'
    CHECK (thumbnail_state IN ('pending', 'ready', 'failed', 'none')),
  ADD COLUMN width integer CHECK (width > 0),
  ADD COLUMN height integer CHECK (height > 0),
  ADD COLUMN captured_at timestamptz,
  ADD COLUMN latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  ADD COLUMN longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  ADD COLUMN processing_attempts smallint NOT NULL DEFAULT 0,
  ADD COLUMN processing_error text,
  ADD COLUMN processing_queued_at timestamptz,
  ADD CONSTRAINT media_position_pair CHECK ((latitude IS NULL) = (longitude IS NULL));
-- Documents and fusion scans have no thumbnail; nothing is pending for them.
UPDATE media SET thumbnail_state = 'none' WHERE kind IN ('document', 'fusion');
CREATE INDEX media_pending_idx ON media (id) WHERE thumbnail_state = 'pending';
-- The gallery of a video lists the observations linked to it.
CREATE INDEX observations_video_media_idx ON observations (video_media_id) WHERE video_media_id IS NOT NULL;
-- A file's processing looks for a twin with the same bytes already done; a deletion asks whether any
-- row still names a thumbnail before removing it.
CREATE INDEX media_sha256_idx ON media (sha256);
CREATE INDEX media_thumbnail_key_idx ON media (thumbnail_key) WHERE thumbnail_key IS NOT NULL;
