/** SQL snapshots of the objects repository (db/sql-snapshots.ts): lookup runs on every keystroke. */
import { defineSnapshots } from '../../db/sql-snapshots';
import { ObjectsRepository } from './repository';

export const snapshots = defineSnapshots('objects', (db) => new ObjectsRepository(db), {
  'lookup by prefix': (repo) =>
    repo.lookup({ objectType: 'node', subtype: null, prefix: 'mh-00%', contains: null, limit: 20 }),
  'lookup by prefix, then containing': (repo) =>
    repo.lookup({ objectType: 'section', subtype: 'gravity-main', prefix: '0123%', contains: '%0123%', limit: 20 }),
  'lookup by global id': (repo) => repo.lookupById('node', null, 1042),
  'asset details': (repo) => repo.asset('section', 1042),
});
