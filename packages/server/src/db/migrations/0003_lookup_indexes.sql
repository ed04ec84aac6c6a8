-- "Contains" lookups per object type: one trigram index per asset type, so a text that is common in
-- one type (every node code contains "-mh-") costs nothing when searching another.
DROP INDEX IF EXISTS assets_code_trgm_idx;
CREATE INDEX assets_code_trgm_node_idx ON assets USING gin (lower(asset_code) gin_trgm_ops) WHERE object_type = 'node';
CREATE INDEX assets_code_trgm_section_idx ON assets USING gin (lower(asset_code) gin_trgm_ops) WHERE object_type = 'section';
CREATE INDEX assets_code_trgm_lateral_idx ON assets USING gin (lower(asset_code) gin_trgm_ops) WHERE object_type = 'lateral';
