/** SQL snapshots of the media gallery (db/sql-snapshots.ts): the gallery, uploads, deletions, processing. */
import { defineSnapshots } from '../../db/sql-snapshots';
import { MediaRepository } from './repository';

const photo = {
  fileName: 'crack.jpg',
  kind: 'image' as const,
  contentType: 'image/jpeg',
  sizeBytes: 4_194_304,
  sha256: 'ab'.repeat(32),
  storageKey: `sha256/ab/${'ab'.repeat(32)}`,
};

export const snapshots = defineSnapshots('media', (db) => new MediaRepository(db), {
  "an observation's gallery with each video's linked observations": (repo) => repo.gallery('observation', 301),
  "an inspection's gallery with its observations' files, each naming its observation": (repo) =>
    repo.inspectionGallery(21),
  'one file of an object, to serve it': (repo) => repo.stored('observation', 301, 7),
  'files added to an object': {
    rows: [[{ id: '7' }]],
    run: (repo) => repo.transaction((tx) => repo.insert(tx, 'observation', 301, [photo])),
  },
  'a file deleted, and which of its keys no row names': async (repo) => {
    await repo.delete('observation', 301, 7);
    await repo.unreferencedKeys([photo.storageKey, `thumbnails/ab/${photo.sha256}.jpg`]);
  },
  'observations linked to moments of a video': (repo) =>
    repo.linkVideo(9, [
      { observationId: 301, offsetMs: 12_000 },
      { observationId: 302, offsetMs: 47_500 },
    ]),
  'an attempt at processing a file, with a twin already processed': (repo) => repo.startProcessing(7),
  'a file given what its twin was found to be': (repo) => repo.processedAsTwin(7, '5'),
  'the pending files the sweeper sends again': (repo) => repo.claimUnqueued(600, 500),
});
