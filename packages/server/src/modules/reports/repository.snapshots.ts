/** SQL snapshots of the reports repository (db/sql-snapshots.ts): the list and what documents are read from. */
import { defineSnapshots } from '../../db/sql-snapshots';
import { ReportsRepository } from './repository';

const viewer = { userId: '7b0c6d7e-0000-4000-8000-000000000001' };

export const snapshots = defineSnapshots('reports', (db) => new ReportsRepository(db), {
  'list page, filtered, newest first': (repo) =>
    repo.page(
      viewer,
      { format: 'PDF', nameFilter: 'sections', createdBy: 'me', createdFrom: '2026-11-01T00:00:00Z' },
      undefined,
      { by: 'createdAt', desc: true },
      0,
      25,
    ),
  'claim a generation': (repo) => repo.claim(12, 1, 60),
  'stalled generations': (repo) => repo.stalled(60),
  'latest inspection of each asset': (repo) => repo.latestInspections([101, 102]),
  'inspection facts': (repo) => repo.inspectionFacts([7, 8]),
  'assets worst first, after a row': (repo) =>
    repo.conditionAssets(
      [101, 102, 103],
      {
        id: '102',
        object_type: 'section',
        asset_code: 'S-0102',
        grade: 4,
        str_peak: 4,
        om_peak: 2,
        inspected_at: null,
        street: null,
        district: null,
        length_m: null,
      },
      2000,
    ),
  'grades of a set': (repo) => repo.conditionByGrade([101, 102, 103]),
});
