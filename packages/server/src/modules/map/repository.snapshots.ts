/** SQL snapshots of the map repository (db/sql-snapshots.ts): the viewport statements run on every pan. */
import { defineSnapshots } from '../../db/sql-snapshots';
import { MapRepository, type ViewportQuery } from './repository';

const viewport: ViewportQuery = {
  objectType: 'node',
  extent: [8.3, 51.88, 8.32, 51.9],
  pattern: null,
  inAssetId: true,
  inStreet: false,
  inDistrict: false,
  inMaterial: false,
};

export const snapshots = defineSnapshots('map', (db) => new MapRepository(db), {
  'viewport features': (repo) => repo.viewportFeatures(viewport, 5000),
  'viewport features matching a term': (repo) =>
    repo.viewportFeatures({ ...viewport, pattern: '%mh-00%', inStreet: true }, 5000),
  'viewport count': (repo) => repo.viewportCount(viewport, 5000),
  'network extent': (repo) => repo.networkExtent(),
});
