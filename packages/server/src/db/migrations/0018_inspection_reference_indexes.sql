-- Issue #17. Deleting an inspection (a crew's discarded draft, an office clean-up) checks every row
-- that refers to it: without an index on the referring column, each delete scans the whole table
-- (about 320 ms per inspection on the 1M-asset network). The assets whose condition an inspection
-- sets and the subjects recorded in it are few, so partial indexes keep them small. A session's
-- count of inspections (the session manager) reads them by session.
CREATE INDEX assets_condition_inspection_idx ON assets (condition_inspection_id)
  WHERE condition_inspection_id IS NOT NULL;
CREATE INDEX subjects_inspection_idx ON subjects (inspection_id) WHERE inspection_id IS NOT NULL;
CREATE INDEX inspections_session_idx ON inspections (session_id) WHERE session_id IS NOT NULL;
