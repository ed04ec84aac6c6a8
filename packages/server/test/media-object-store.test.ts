/**
 * The object store's contract (storage/objects.ts), run against both drivers: the disk, and S3 through
 * the AWS SDK against s3rver, an S3-compatible server from npm started here on a loopback port.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3MediaStorage } from '../src/config';
import { DiskObjectStore, ObjectMissingError, type ObjectStore } from '../src/modules/storage/objects';
import { S3ObjectStore } from '../src/modules/storage/s3';

const BUCKET = 'manway-media';
const dirs: string[] = [];
let s3rver: S3rver | undefined;
let s3: S3MediaStorage;

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'manway-objects-'));
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: await tempDir(),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3rver.run();
  s3 = {
    driver: 's3',
    endpoint: `http://127.0.0.1:${port}`,
    bucket: BUCKET,
    region: 'us-east-1',
    // The one access key s3rver knows (it checks the key id, not SigV4 signatures).
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    prefix: 'office/media',
    forcePathStyle: true,
  };
});

afterAll(async () => {
  await s3rver?.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  return Buffer.concat(await stream.toArray());
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const drivers: { name: string; open: () => Promise<ObjectStore> }[] = [
  { name: 'disk', open: async () => new DiskObjectStore(await tempDir()) },
  { name: 's3', open: async () => new S3ObjectStore(s3) },
];

describe.each(drivers)('the $name object store', ({ open }) => {
  let store: ObjectStore;
  let staging: string;
  let files = 0;

  /** A complete file in the staging area, as the media store hands it over. */
  async function staged(bytes: Buffer): Promise<string> {
    const path = join(staging, `file-${++files}`);
    await writeFile(path, bytes);
    return path;
  }

  beforeAll(async () => {
    store = await open();
    staging = await tempDir();
    await store.check();
  });

  const HELLO = Buffer.from('the quick brown fox jumps over the lazy dog');

  it('keeps a put file under its key, and drops the local copy', async () => {
    const local = await staged(HELLO);
    await store.putFile(local, 'sha256/ab/abc', 'text/plain');
    expect(existsSync(local)).toBe(false);
    expect(await store.size('sha256/ab/abc')).toBe(HELLO.length);
    expect(await bytesOf(await store.read('sha256/ab/abc'))).toEqual(HELLO);
  });

  it('reads ranges, both ends included: the first byte, the middle, the last byte', async () => {
    await store.putFile(await staged(HELLO), 'sync/ra/ranges', 'text/plain');
    const last = HELLO.length - 1;
    for (const range of [
      { start: 0, end: 0 },
      { start: 0, end: 2 },
      { start: 4, end: 18 },
      { start: last, end: last },
      { start: 10, end: last },
    ]) {
      expect(await bytesOf(await store.read('sync/ra/ranges', range))).toEqual(
        HELLO.subarray(range.start, range.end + 1),
      );
    }
  });

  it('has no size for a missing key, and reading it rejects with ObjectMissingError', async () => {
    expect(await store.size('sync/no/nothing-here')).toBeUndefined();
    await expect(store.read('sync/no/nothing-here')).rejects.toBeInstanceOf(ObjectMissingError);
    await expect(store.read('sync/no/nothing-here', { start: 0, end: 9 })).rejects.toBeInstanceOf(ObjectMissingError);
  });

  it('putting a key that exists drops the local file and keeps the first bytes', async () => {
    await store.putFile(await staged(HELLO), 'sha256/cd/twice', 'text/plain');
    const second = await staged(Buffer.from('other bytes'));
    await store.putFile(second, 'sha256/cd/twice', 'text/plain');
    expect(existsSync(second)).toBe(false);
    expect(await bytesOf(await store.read('sha256/cd/twice'))).toEqual(HELLO);
  });

  it('removes an object, and removing one that is not there is no error', async () => {
    await store.putFile(await staged(HELLO), 'sync/rm/gone', 'text/plain');
    await store.remove('sync/rm/gone');
    expect(await store.size('sync/rm/gone')).toBeUndefined();
    await expect(store.remove('sync/rm/gone')).resolves.toBeUndefined();
  });

  it('refuses keys that could name something outside the store', async () => {
    const local = await staged(HELLO);
    for (const key of ['../escape', 'sync/../../escape', '/etc/passwd', 'sync//double', '.hidden', '']) {
      await expect(store.putFile(local, key, 'text/plain')).rejects.toThrow(/invalid storage key/);
      await expect(store.read(key)).rejects.toThrow(/invalid storage key/);
      await expect(store.remove(key)).rejects.toThrow(/invalid storage key/);
    }
    expect(existsSync(local)).toBe(true);
  });

  it('stores a 20 MB video in parts and reads it back byte for byte', async () => {
    const video = randomBytes(20 * 1024 * 1024);
    await store.putFile(await staged(video), 'sha256/ef/video', 'video/mp4');
    expect(await store.size('sha256/ef/video')).toBe(video.length);
    expect(sha256(await bytesOf(await store.read('sha256/ef/video')))).toBe(sha256(video));
    const tail = { start: video.length - 3 * 1024 * 1024, end: video.length - 1 };
    expect(sha256(await bytesOf(await store.read('sha256/ef/video', tail)))).toBe(sha256(video.subarray(tail.start)));
  });
});

describe('the s3 object store', () => {
  it('keeps objects under MEDIA_S3_PREFIX', async () => {
    const store = new S3ObjectStore(s3);
    const staging = await tempDir();
    await writeFile(join(staging, 'photo'), 'jpeg bytes');
    await store.putFile(join(staging, 'photo'), 'sha256/12/photo', 'image/jpeg');
    const wholeBucket = new S3ObjectStore({ ...s3, prefix: undefined });
    expect(await wholeBucket.size('office/media/sha256/12/photo')).toBe(10);
    expect(await wholeBucket.size('sha256/12/photo')).toBeUndefined();
    expect(store.localPath()).toBeUndefined();
  });

  it('check() fails naming the bucket and the endpoint when the bucket is not there', async () => {
    const store = new S3ObjectStore({ ...s3, bucket: 'no-such-bucket' });
    await expect(store.check()).rejects.toThrow(
      `cannot use the S3 bucket no-such-bucket at ${s3.endpoint}: there is no such bucket`,
    );
  });

  it('check() fails naming the endpoint when no server answers there', async () => {
    const store = new S3ObjectStore({ ...s3, endpoint: 'http://127.0.0.1:1' });
    await expect(store.check()).rejects.toThrow(/cannot use the S3 bucket manway-media at http:\/\/127\.0\.0\.1:1: .+/);
  });
});
