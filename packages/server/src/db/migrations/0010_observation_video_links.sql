-- An observation's video link as it crosses between systems (issue #6, scenario 2): the video's global
-- id. An observation can arrive before its video file does (the file follows in the media phase, or
-- in a later run), so the link is kept by global id and `video_media_id` is filled once the file is
-- registered here. Where both are set they name the same file.
ALTER TABLE observations ADD COLUMN video_media_global_id uuid;
UPDATE observations o SET video_media_global_id = m.global_id FROM media m WHERE m.id = o.video_media_id;
CREATE INDEX observations_video_waiting_idx ON observations (video_media_global_id) WHERE video_media_id IS NULL;
