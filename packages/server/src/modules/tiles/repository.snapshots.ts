/** SQL snapshots of the tiles repository (db/sql-snapshots.ts): a statement per tile not yet cached. */
import { defineSnapshots } from '../../db/sql-snapshots';
import { TilesRepository, type TileQuery } from './repository';

const tile: TileQuery = { objectType: 'section', z: 16, x: 34283, y: 21706, thinned: false };
const thinned: TileQuery = { objectType: 'section', z: 12, x: 2142, y: 1356, thinned: true };

export const snapshots = defineSnapshots('tiles', (db) => new TilesRepository(db), {
  'network version': (repo) => repo.networkVersion(),
  'tile encoded by PostGIS': (repo) => repo.mvtTile(tile, 'Section'),
  'thinned tile encoded by PostGIS': (repo) => repo.mvtTile(thinned, 'Section'),
  'tile features for the in-process encoder (PGlite)': (repo) => repo.tileFeatures(tile),
  'thinned tile features for the in-process encoder (PGlite)': (repo) => repo.tileFeatures(thinned),
});
