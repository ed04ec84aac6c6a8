// The thread that puts resumable uploads together (assembly.ts): it appends each upload's verified
// chunk files, in order, to the upload's assembled file while hashing them, so that when the last
// chunk arrives the whole file is in one piece and its sha256 known, and finalizing reads nothing
// again. Hashing a gigabyte takes about a second; here it runs beside the thread that receives the
// chunks instead of in it. Plain JavaScript: a worker is started by Node itself, under tsx or Vitest.
//
// Messages: { id, op, uploadId, ... } in, { id, result } or { id, error, code } out, in order.
import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  fdatasyncSync,
  fstatSync,
  ftruncateSync,
  openSync,
  readSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { parentPort } from 'node:worker_threads';

const BLOCK = 1024 * 1024;
const block = Buffer.allocUnsafe(BLOCK);
/** By upload id: the assembled file's descriptor, its length, and the sha256 of those bytes so far. */
const uploads = new Map();

class AssemblyError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** Reads `length` bytes of `fd` from `position` in blocks, handing each to `use`. */
function eachBlock(fd, position, length, use) {
  let done = 0;
  while (done < length) {
    const n = readSync(fd, block, 0, Math.min(BLOCK, length - done), position + done);
    if (n === 0) throw new AssemblyError('short', `the file ended ${length - done} bytes early`);
    use(block.subarray(0, n), position + done);
    done += n;
  }
}

const ops = {
  /**
   * Takes up an upload's assembled file whose first `length` bytes are its first chunks (made
   * anew when there is none): what lies past them is cut off, those bytes are hashed.
   */
  open({ uploadId, path, length }) {
    ops.forget({ uploadId });
    const fd = openSync(path, constants.O_RDWR | constants.O_CREAT);
    try {
      if (fstatSync(fd).size < length) throw new AssemblyError('short', 'the assembled file lost its end');
      ftruncateSync(fd, length);
      const hash = createHash('sha256');
      eachBlock(fd, 0, length, (bytes) => hash.update(bytes));
      uploads.set(uploadId, { fd, length, hash });
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    return length;
  },

  /**
   * Appends a chunk file of `size` bytes, flushes the assembled file, then removes the chunk file:
   * a crash in between leaves the chunk file, which the next `open` takes as not yet appended.
   */
  append({ uploadId, source, size }) {
    const upload = uploads.get(uploadId);
    if (!upload) throw new AssemblyError('gone', 'the upload is not open');
    let fd;
    try {
      fd = openSync(source, 'r');
    } catch {
      throw new AssemblyError('lost', 'the chunk file is gone');
    }
    try {
      if (fstatSync(fd).size !== size) throw new AssemblyError('lost', 'the chunk file has another size');
      try {
        eachBlock(fd, 0, size, (bytes, at) => {
          upload.hash.update(bytes);
          let written = 0;
          while (written < bytes.length) {
            written += writeSync(upload.fd, bytes, written, bytes.length - written, upload.length + at + written);
          }
        });
        fdatasyncSync(upload.fd);
      } catch (error) {
        // Half a chunk hashed: this state is of no use any more; the next `open` starts from the file.
        ops.forget({ uploadId });
        throw error;
      }
    } finally {
      closeSync(fd);
    }
    upload.length += size;
    unlinkSync(source);
    return upload.length;
  },

  /** The sha256 and length of the assembled file; the upload is done with here. */
  digest({ uploadId }) {
    const upload = uploads.get(uploadId);
    if (!upload) throw new AssemblyError('gone', 'the upload is not open');
    uploads.delete(uploadId);
    closeSync(upload.fd);
    return { sha256: upload.hash.digest('hex'), length: upload.length };
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
