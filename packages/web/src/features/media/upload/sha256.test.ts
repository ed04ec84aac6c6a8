import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomFileBytes, sha256Hex } from './fakeResumableServer';
import { chunkSha256, FileSha256 } from './sha256';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the sums of a chunked upload', () => {
  it("a chunk's sum is the server's, with WebCrypto and on a plain-http page without it", async () => {
    const chunk = randomFileBytes(300_000);
    expect(await chunkSha256(chunk)).toBe(sha256Hex(chunk));
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    expect(await chunkSha256(chunk)).toBe(sha256Hex(chunk));
  });

  it("the file's sum, fed chunk by chunk in slices that let the page breathe, is the whole file's", async () => {
    const file = randomFileBytes(11 * 1024 * 1024 + 5);
    const sum = new FileSha256();
    for (let at = 0; at < file.length; at += 9 * 1024 * 1024) await sum.update(file.subarray(at, at + 9 * 1024 * 1024));
    expect(sum.hex()).toBe(sha256Hex(file));
  });
});
