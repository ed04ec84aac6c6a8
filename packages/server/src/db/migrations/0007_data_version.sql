-- A counter of network changes. Caches of answers derived from the network (vector tiles) key on it,
-- so an edit shows at once and a cached answer is never older than its key. Statement triggers keep it
-- whoever writes (services, the scale generator's COPY, the demo seed's TRUNCATE), and the bump is
-- part of the writing transaction, so no reader sees the new number before the new data.
CREATE TABLE data_versions (
  name text PRIMARY KEY,
  version bigint NOT NULL
);
INSERT INTO data_versions (name, version) VALUES ('network', 1);

CREATE FUNCTION bump_network_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_versions SET version = version + 1 WHERE name = 'network';
  RETURN NULL;
END
$$;

CREATE TRIGGER assets_bump_network_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON assets
  FOR EACH STATEMENT EXECUTE FUNCTION bump_network_version();

-- An asset's collected location is part of what the map stands for, so moving one counts as a change.
CREATE TRIGGER locations_bump_network_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON locations
  FOR EACH STATEMENT EXECUTE FUNCTION bump_network_version();
