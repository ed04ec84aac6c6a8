/** SQL snapshots of the forms repository (db/sql-snapshots.ts): the template refresh at start-up and every write. */
import type { FormTemplate } from '@manway/core/forms/template';
import { defineSnapshots } from '../../db/sql-snapshots';
import { FormsRepository } from './repository';

const fix = { longitude: 8.31, latitude: 51.89 };
// A template of its own: the shipped ones change with the product, and the statement does not.
const template: FormTemplate = {
  id: 'node',
  objectType: 'node',
  standardId: null,
  label: 'Node',
  tabs: [{ id: 'general', label: 'General', fields: [] }],
};

export const snapshots = defineSnapshots('forms', (db) => new FormsRepository(db), {
  'shipped templates at start-up': (repo) => repo.ensureShippedTemplates([template], true),
  'template of a type and standard': (repo) => repo.template('inspection', 'manway-demo'),
  'asset values': (repo) => repo.asset('lateral', 1042),
  'inspection header values': (repo) => repo.inspection(77),
  'section line from its nodes': (repo) => repo.line({ geometry: { kind: 'section', fromNodeId: 3, toNodeId: 4 } }),
  'create a lateral': (repo) =>
    repo.transaction((tx) =>
      repo.insertAsset(
        tx,
        'lateral',
        { asset_code: 'L-1', subtype: 'property-lateral', chainage_m: 12.5, clock: 3 },
        { kind: 'lateral', parentSectionId: 1042, chainageM: 12.5, ...fix },
      ),
    ),
  'save an asset with the version read': (repo) =>
    repo.transaction((tx) => repo.updateAsset(tx, 'node', 3, 2, { material: 'brick', year_built: 1950 }, null)),
  'save an inspection header with its position': (repo) =>
    repo.transaction(async (tx) => {
      await repo.updateInspection(tx, 77, 1, { weather: 'rain' }, { operator: 'Erin Editor' });
      await repo.setInspectionPosition(
        tx,
        77,
        { ...fix, altitude: null, accuracy: 0.5, capturedAt: null, gps: { satellites: 12 } },
        'user-1',
      );
    }),
  "the caller's last fix": (repo) => repo.lastUserFix('user-1'),
  "standard of the asset's open task": (repo) => repo.openTaskStandard(1042),
  'observations to score': (repo) => repo.observationsForScoring(77),
  "an observation's inspection": (repo) => repo.recordParent('observation', 501),
  'an inspection a record belongs to': (repo) => repo.recordParent('inspection', 77),
  'an asset a record belongs to': (repo) => repo.recordParent('node', 3),
  'what a connected subject hangs from': (repo) => repo.connectedParent(12),
  'distance of the last observation': (repo) => repo.lastDistance(77),
});
