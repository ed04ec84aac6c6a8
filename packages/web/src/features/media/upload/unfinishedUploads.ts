/**
 * The chunked uploads to one object that have not reached its gallery yet, kept in localStorage so
 * that after a reload, a crash or a walk to another page the gallery can say which files were
 * interrupted: picking or dropping the same file again resumes it, since its identifier is a
 * fingerprint of the file and the object, and the server says which chunks it holds.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { ResumableIdentifier } from '@manway/core/api/media';
import type { MediaObject } from '../api/media';

export interface UnfinishedUpload {
  identifier: string;
  fileName: string;
  sizeBytes: number;
  lastModified: number;
  /** The share the server held when last heard from, 0 to 1. */
  progress: number;
  /** Set once finalized: attaching is all that is left, even if the server has forgotten the chunks. */
  uploadId?: string;
}

/** What another version of the app, or a hand in the developer tools, may have left is read with care. */
function isUnfinishedUpload(value: unknown): value is UnfinishedUpload {
  if (typeof value !== 'object' || value === null) return false;
  const u = value as Record<keyof UnfinishedUpload, unknown>;
  return (
    ResumableIdentifier.safeParse(u.identifier).success &&
    typeof u.fileName === 'string' &&
    typeof u.sizeBytes === 'number' &&
    typeof u.lastModified === 'number' &&
    typeof u.progress === 'number' &&
    u.progress >= 0 &&
    u.progress <= 1 &&
    (u.uploadId === undefined || typeof u.uploadId === 'string')
  );
}

const MAX_IDENTIFIER_LENGTH = 200;

/**
 * The same file for the same object gets the same identifier on every page load: a hash of what
 * tells files apart without reading them, then the name as far as the allowed characters and the
 * length let it show (for whoever reads the server's tables).
 */
export function uploadIdentifier(target: MediaObject, file: File): string {
  const fingerprint = JSON.stringify([target.type, target.id, file.name, file.size, file.lastModified]);
  const readableName = file.name.replace(/[^A-Za-z0-9_.-]/g, '_');
  return `${bytesToHex(sha256(utf8ToBytes(fingerprint)))}-${readableName}`.slice(0, MAX_IDENTIFIER_LENGTH);
}

export function unfinishedUploadOf(target: MediaObject, file: File, progress: number): UnfinishedUpload {
  return {
    identifier: uploadIdentifier(target, file),
    fileName: file.name,
    sizeBytes: file.size,
    lastModified: file.lastModified,
    progress,
  };
}

/**
 * One object's list for one user, as React reads it (useSyncExternalStore). A browser that keeps
 * nothing (storage off, full) only loses the list: uploads go on.
 */
export class UnfinishedUploads {
  readonly #storage: Storage | null;
  readonly #key: string;
  #uploads: readonly UnfinishedUpload[];
  readonly #listeners = new Set<() => void>();

  constructor(storage: Storage | null, userLogin: string, target: MediaObject) {
    this.#storage = storage;
    // Uploads on the server are the user's own: another user of the same browser cannot resume them.
    this.#key = `manway:media-uploads:${userLogin}:${target.type}:${target.id}`;
    this.#uploads = this.#read();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getSnapshot = (): readonly UnfinishedUpload[] => this.#uploads;

  get(identifier: string): UnfinishedUpload | undefined {
    return this.#uploads.find((upload) => upload.identifier === identifier);
  }

  /** Adds the upload, or replaces the one of its identifier. */
  remember(upload: UnfinishedUpload): void {
    const index = this.#uploads.findIndex((u) => u.identifier === upload.identifier);
    this.#write(index < 0 ? [...this.#uploads, upload] : this.#uploads.with(index, upload));
  }

  forget(identifier: string): void {
    if (this.get(identifier)) this.#write(this.#uploads.filter((upload) => upload.identifier !== identifier));
  }

  #read(): readonly UnfinishedUpload[] {
    try {
      const stored: unknown = JSON.parse(this.#storage?.getItem(this.#key) ?? '[]');
      return Array.isArray(stored) ? stored.filter(isUnfinishedUpload) : [];
    } catch {
      return [];
    }
  }

  #write(uploads: readonly UnfinishedUpload[]): void {
    this.#uploads = uploads;
    try {
      if (uploads.length === 0) this.#storage?.removeItem(this.#key);
      else this.#storage?.setItem(this.#key, JSON.stringify(uploads));
    } catch {
      // Storage full or refused: the list lives on in memory for as long as the page does.
    }
    for (const listener of this.#listeners) listener();
  }
}

/** The page's localStorage, or null where the browser refuses it (storage turned off). */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
