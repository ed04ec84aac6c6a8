import type { Config } from '../../config';
import { DiskObjectStore, type ObjectStore } from './objects';
import { S3ObjectStore } from './s3';

/** The object store MEDIA_STORAGE chooses; `mediaRoot` (DATA_DIR/media) is the disk driver's. */
export function objectStoreFor(config: Pick<Config, 'mediaStorage'>, mediaRoot: string): ObjectStore {
  const storage = config.mediaStorage;
  switch (storage.driver) {
    case 'disk':
      return new DiskObjectStore(mediaRoot);
    case 's3':
      return new S3ObjectStore(storage);
  }
}
