/**
 * The sha256 sums a chunked upload sends: each chunk's, so the server refuses a chunk damaged on its
 * way, and the whole file's, which finalizing checks. WebCrypto hashes only whole buffers, so the
 * file's sum, of up to 4 GB read chunk by chunk, is @noble/hashes' incremental one
 * (docs/decisions/0028-browser-sha256.md).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** A chunk's sum in lowercase hex, as CHUNK_SHA256_HEADER carries it. */
export async function chunkSha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  // WebCrypto is native and leaves the main thread free, but only secure pages (https, localhost)
  // have it; an intranet server on plain http gets the JavaScript sum.
  const subtle = crypto.subtle as SubtleCrypto | undefined;
  if (!subtle) return bytesToHex(sha256(bytes));
  return bytesToHex(new Uint8Array(await subtle.digest('SHA-256', bytes)));
}

/** How much is hashed before the page gets the main thread back: some tens of milliseconds' work. */
const HASH_SLICE_BYTES = 4 * 1024 * 1024;

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The sum of a file fed to it in order, a chunk at a time. */
export class FileSha256 {
  readonly #hash = sha256.create();

  async update(bytes: Uint8Array): Promise<void> {
    for (let at = 0; at < bytes.length; at += HASH_SLICE_BYTES) {
      if (at > 0) await yieldToPage();
      this.#hash.update(bytes.subarray(at, at + HASH_SLICE_BYTES));
    }
  }

  hex(): string {
    return bytesToHex(this.#hash.digest());
  }
}
