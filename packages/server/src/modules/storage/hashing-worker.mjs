// The thread that hashes resumable uploads as they arrive (hashing.ts): the chunks are written at
// their places in the upload's file (resumable-files.ts); this thread checks each against its sha256,
// and as soon as the ones from the start are verified, reads them again (from the page cache) and adds
// them to the whole file's sha256. When the last chunk arrives the sum is all but done, so finalizing
// a gigabyte reads nothing again. Hashing a gigabyte takes about a second, twice; here it runs beside
// the thread that receives the chunks instead of in it. Plain JavaScript: a worker is started by Node
// itself, under tsx or Vitest.
//
// Messages: { id, op, uploadId, ... } in, { id, result } or { id, error, code } out, in order.
import { createHash } from 'node:crypto';
import { closeSync, fdatasyncSync, openSync, readSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

const BLOCK = 1024 * 1024;
const block = Buffer.allocUnsafe(BLOCK);
/** By upload id: the file's descriptor, how many bytes from its start are hashed, and their sha256. */
const uploads = new Map();

class HashingError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

const ops = {
  /** Whether the `length` bytes of the file from `start` (a chunk) have this sha256. */
  verify({ path, start, length, sha256 }) {
    const hash = createHash('sha256');
    const fd = openSync(path, 'r');
    try {
      for (let done = 0; done < length;) {
        const n = readSync(fd, block, 0, Math.min(BLOCK, length - done), start + done);
        if (n === 0) return false;
        hash.update(block.subarray(0, n));
        done += n;
      }
    } finally {
      closeSync(fd);
    }
    return hash.digest('hex') === sha256;
  },

  /** Takes up an upload's file, hashing it up to `length`. */
  open({ uploadId, path, length }) {
    ops.forget({ uploadId });
    const upload = { fd: openSync(path, 'r'), hashed: 0, hash: createHash('sha256') };
    uploads.set(uploadId, upload);
    ops.advance({ uploadId, length });
    return upload.hashed;
  },

  /** Hashes the file's bytes up to `length` (the end of the chunks verified from the start). */
  advance({ uploadId, length }) {
    const upload = uploads.get(uploadId);
    if (!upload) throw new HashingError('gone', 'the upload is not open');
    while (upload.hashed < length) {
      const n = readSync(upload.fd, block, 0, Math.min(BLOCK, length - upload.hashed), upload.hashed);
      if (n === 0) {
        ops.forget({ uploadId });
        throw new HashingError('short', 'the file ended before its chunks');
      }
      upload.hash.update(block.subarray(0, n));
      upload.hashed += n;
    }
    return upload.hashed;
  },

  /**
   * The whole file's sha256, the file flushed to disk: it is about to be kept, and a kept
   * file is never read back against its sha256. The upload is done with here.
   */
  digest({ uploadId }) {
    const upload = uploads.get(uploadId);
    if (!upload) throw new HashingError('gone', 'the upload is not open');
    uploads.delete(uploadId);
    try {
      fdatasyncSync(upload.fd);
    } finally {
      closeSync(upload.fd);
    }
    return upload.hash.digest('hex');
  },

  forget({ uploadId }) {
    const upload = uploads.get(uploadId);
    if (upload) {
      uploads.delete(uploadId);
      closeSync(upload.fd);
    }
    return null;
  },
};

parentPort.on('message', (message) => {
  try {
    parentPort.postMessage({ id: message.id, result: ops[message.op](message) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: error.message, code: error.code ?? 'io' });
  }
});
