/** SQL snapshots of the Office's import (db/sql-snapshots.ts): a page of a Field's inspections, media uploads. */
import type { InspectionRecord } from '@manway/core/api/sync-data';
import { defineSnapshots } from '../../db/sql-snapshots';
import { SyncImportRepository, type ImportRules } from './repository';

const inspection = {
  globalId: '3f2a6c1e-0000-4000-8000-000000000030',
  taskGlobalId: null,
  assetGlobalId: '3f2a6c1e-0000-4000-8000-000000000003',
  standardId: 'WRc-MSCC5',
  inspectedAt: '2026-01-15T09:00:00.000Z',
  header: {},
  observations: [
    { globalId: '3f2a6c1e-0000-4000-8000-000000000031', standardId: 'WRc-MSCC5', code: 'DEF', sequence: 1 },
  ],
  assets: [],
} as unknown as InspectionRecord;

const writeAll: ImportRules = {
  decide: () => 'write',
  taskStatesAfter: { planned: 'completed', started: 'completed', 'inspection-created': 'completed' },
  inspectionAfter: () => ({
    to: { status: 'completed', review: 'accepted' },
    steps: [
      { command: 'complete', from: 'incomplete', to: 'pending' },
      { command: 'accept', from: 'pending', to: 'completed' },
    ],
  }),
  accepted: async () => {},
  notCreated: (item) => ({ globalId: item.globalId, result: 'skipped', reason: 'not created', createdAssets: [] }),
};

export const snapshots = defineSnapshots(
  'sync-import',
  (db) => new SyncImportRepository(db, { createMissingAssets: async () => ({ inserted: 0, skipped: [] }) }),
  {
    'a page of inspections written, accepted by an editor': {
      // BEGIN, looked up (the asset is there), written, observations removed and written, videos linked
      rows: [
        [],
        [
          {
            existing: null,
            status: null,
            review: null,
            answersRejection: false,
            task: null,
            taskAsset: null,
            asset: '11',
            missing: [],
          },
        ],
        [{ globalId: inspection.globalId, id: '21', inserted: true }],
      ],
      run: (repo) => repo.importInspections([inspection], writeAll, '7b0c6d7e-0000-4000-8000-000000000001'),
    },
    'an upload declared (its fresh token drawn here, so no parameters shown)': {
      params: false,
      run: (repo) =>
        repo.declareUpload(
          {
            globalId: '3f2a6c1e-0000-4000-8000-000000000020',
            ownerType: 'inspection',
            ownerGlobalId: inspection.globalId,
            kind: 'image',
            fileName: 'defect.jpg',
            contentType: 'image/jpeg',
            sizeBytes: 1024,
            sha256: 'a'.repeat(64),
            jobName: 'Inspection MH-1 2026-01-15',
          },
          600,
        ),
    },
    'an upload looked up': (repo) => repo.upload('3f2a6c1e-0000-4000-8000-000000000020'),
    'a chunk takes the file': (repo) =>
      repo.startWrite('3f2a6c1e-0000-4000-8000-000000000020', '9d1e2f3a-0000-4000-8000-000000000002', 600),
  },
);
