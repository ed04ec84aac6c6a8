/** SQL snapshots of the filters repository (db/sql-snapshots.ts): what a filter compiles to, as it runs. */
import { defineSnapshots } from '../../db/sql-snapshots';
import { FiltersRepository, type AssetQuery } from './repository';

const query: AssetQuery = {
  objectType: 'section',
  combine: 'and',
  conditions: [
    { property: 'conditionGrade', operator: 'ge', value: 4 },
    {
      combine: 'or',
      conditions: [
        { property: 'material', operator: 'in', value: ['clay', 'concrete'] },
        { property: 'street', operator: 'contains', value: 'Mill' },
      ],
    },
  ],
  term: 'mh-00',
  searchFields: ['assetId', 'street'],
  ids: null,
  extent: null,
};
const inViewport: AssetQuery = { ...query, term: null, extent: [8.3, 51.88, 8.32, 51.9] };

export const snapshots = defineSnapshots('filters', (db) => new FiltersRepository(db), {
  'result count': (repo) => repo.countAssets(query, 5000),
  'result page, sorted': (repo) =>
    repo.assetPage(
      query,
      ['assetId', 'conditionGrade', 'material'],
      { property: 'conditionGrade', direction: 'desc' },
      0,
      50,
    ),
  'result ids': (repo) => repo.assetIds({ ...query, ids: [101, 102, 103] }, 2001),
  'map features of a filter in the viewport': (repo) => repo.assetFeatures(inViewport, 5000),
  'map count of a filter in the viewport': (repo) => repo.countAssets(inViewport, 5000),
  'observation page': (repo) =>
    repo.observationPage(7, 'and', [{ property: 'grade', operator: 'ge', value: 3 }], ['code', 'grade'], 0, 50),
  'visible saved filter': (repo) => repo.visibleFilter('7b0c6d7e-0000-4000-8000-000000000001', 'Very poor sections'),
});
