-- One GiST index on geometry per asset type. Every map query asks for one type inside a box (a
-- viewport layer, a vector tile); with a single index over all types PostgreSQL ANDed it with the
-- object_type B-tree, reading every entry of the type (600,000 laterals at 1,000,000 assets) on each
-- pan. A partial index answers the box for that type alone. assets_geom_idx stays for queries over
-- all types (the network extent, filters without a type).
CREATE INDEX assets_geom_node_idx ON assets USING gist (geom) WHERE object_type = 'node';
CREATE INDEX assets_geom_section_idx ON assets USING gist (geom) WHERE object_type = 'section';
CREATE INDEX assets_geom_lateral_idx ON assets USING gist (geom) WHERE object_type = 'lateral';
