-- Issue #16. Files attached through the forms are stored by content (storage key sha256/ab/<sha256>),
-- so the same photo attached twice is one file named by two media rows: the storage key is no longer
-- unique. A file is removed once no media row names it (modules/observations/service.ts).
ALTER TABLE media DROP CONSTRAINT media_storage_key_key;
CREATE INDEX media_storage_key_idx ON media (storage_key);
