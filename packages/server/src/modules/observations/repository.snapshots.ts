/** SQL snapshots of observations and connected subjects (db/sql-snapshots.ts): the lists and the writes. */
import { defineSnapshots } from '../../db/sql-snapshots';
import { ObservationsRepository, type ObservationWrite } from './repository';

const crack: ObservationWrite = {
  distanceM: 12.4,
  code: 'SCR',
  characterisation: 'L',
  quantification1: null,
  quantification2: null,
  clockFrom: 3,
  clockTo: 9,
  atJoint: false,
  continuous: 'S',
  continuousGroup: 2,
  grade: 2,
  remark: 'hairline',
  videoOffsetMs: null,
};

const photo = {
  fileName: 'crack.jpg',
  kind: 'image' as const,
  contentType: 'image/jpeg',
  sizeBytes: 4_194_304,
  sha256: 'ab'.repeat(32),
  storageKey: `sha256/ab/${'ab'.repeat(32)}`,
};

export const snapshots = defineSnapshots('observations', (db) => new ObservationsRepository(db), {
  'the stored template of a standard': (repo) => repo.template('observation', 'manway-demo'),
  "an inspection's observations": (repo) => repo.observationsOf(21),
  'the inspection locked for a write': (repo) => repo.transaction((tx) => repo.inspection(21, tx, true)),
  'the open start a finish joins': (repo) => repo.transaction((tx) => repo.openContinuousGroup(tx, 21, 'SCR')),
  'an observation recorded with its photo': {
    rows: [[], [{ id: '301' }]],
    run: (repo) =>
      repo.transaction(async (tx) => {
        const id = Number(await repo.insertObservation(tx, 21, 'manway-demo', 7, crack));
        await repo.insertMedia(tx, 'observation', id, [photo]);
      }),
  },
  'an observation changed at the version read': (repo) =>
    repo.transaction((tx) => repo.updateObservation(tx, 301, 3, crack)),
  'media removed and the files no row names': (repo) =>
    repo.transaction(async (tx) => {
      await repo.deleteMedia(tx, 'observation', [301], [5, 6]);
      await repo.unreferencedKeys([photo.storageKey]);
    }),
  'scores and condition': (repo) =>
    repo.transaction(async (tx) => {
      await repo.scored(tx, 21);
      await repo.setScores(
        tx,
        21,
        { peak: 4, rating: 10, index: 2.5, quick: '4131' },
        { peak: 0, rating: 0, index: 0, quick: '0000' },
      );
      await repo.inspectionsOfAsset(tx, 11);
      await repo.setCondition(tx, 11, 4, 21);
    }),
  'what hangs from an inspection deleted with it': (repo) =>
    repo.transaction((tx) => repo.deleteRecordsOfInspection(tx, 21)),
  "an object's connected subjects": (repo) => repo.connectedOf('section', 11),
  'an observation deleted with what hangs from it': (repo) =>
    repo.transaction(async (tx) => {
      await repo.deleteObservation(tx, 301, 4);
      await repo.deleteConnectionsOf(tx, 'observation', 301);
      await repo.deleteMedia(tx, 'connected-subject', [51, 52]);
    }),
  'a new subject connected at a position': {
    rows: [[], [{ id: '41' }], [{ id: '51' }]],
    run: (repo) =>
      repo.transaction(async (tx) => {
        const w = { longitude: 8.31, latitude: 51.89, values: { remark: 'roots' } };
        const subject = await repo.insertSubject(
          tx,
          { kind: 'root-source', label: 'Oak', assetId: 11, inspectionId: null },
          w,
        );
        await repo.insertConnected(tx, Number(subject), 'section', 11, w);
      }),
  },
});
