/**
 * The media calls with complete files kept in S3-compatible storage (MEDIA_STORAGE=s3) instead of on
 * disk: an S3-compatible server from npm (s3rver) on a loopback port, the AWS SDK in between. Uploads,
 * range reads, thumbnails and posters (the tools read a temporary copy), a resumable upload, deletion;
 * and nothing complete left on the server's own disk.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_SHA256_HEADER, MIN_CHUNK_BYTES, type MediaItem } from '@manway/core/api/media';
import { SESSION_ID_HEADER } from '@manway/core/editions';
import { sql } from '../src/db/sql';
import { S3ObjectStore } from '../src/modules/storage/s3';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { mediaFilesOnDisk } from './media-files';

const BUCKET = 'manway-media-it';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let s3rver: S3rver;
let s3: S3ObjectStore;
let server: TestServer;
let dataDir: string;
let s3Dir: string;
let inspector: TestClient;
let inspectionId: string;
let photo: Buffer;
let video: Buffer;

beforeAll(async () => {
  s3Dir = await mkdtemp(join(tmpdir(), 'manway-s3rver-'));
  dataDir = await mkdtemp(join(tmpdir(), 'manway-media-s3-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3rver.run();
  const env = {
    MEDIA_STORAGE: 's3',
    MEDIA_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    MEDIA_S3_BUCKET: BUCKET,
    MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
    MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
    MEDIA_S3_PREFIX: 'office',
  };
  server = await startTestServer({ env: { DATA_DIR: dataDir, ...env } });
  s3 = new S3ObjectStore({
    driver: 's3',
    endpoint: env.MEDIA_S3_ENDPOINT,
    bucket: BUCKET,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    prefix: 'office',
    forcePathStyle: true,
  });
  inspector = server.client();
  await inspector.signIn('inspector', 'inspector-demo');
  inspectionId = (
    await server.db.query<{ id: string }>(
      sql`SELECT id FROM inspections WHERE status = 'incomplete' ORDER BY id LIMIT 1`,
    )
  )[0]!.id;
  photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#40607a' } })
    .jpeg()
    .withMetadata({ orientation: 8 })
    .toBuffer();
  const videoPath = join(s3Dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=160x120:rate=10',
    '-pix_fmt',
    'yuv420p',
    videoPath,
  ]);
  video = await readFile(videoPath);
});
afterAll(async () => {
  await server?.close();
  await s3rver?.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(s3Dir, { recursive: true, force: true });
});

const headers = () => ({ [SESSION_ID_HEADER]: 'test-page', origin: server.base, cookie: inspector.cookie! });

async function fetchBytes(path: string, extra: Record<string, string> = {}) {
  const res = await fetch(`${server.base}/${path}`, { headers: { ...headers(), ...extra } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Files on the server's own disk outside the staging area: with S3 there are none. */
const completeFilesOnDisk = async () => (await mediaFilesOnDisk(dataDir)).filter((p) => !p.startsWith('incoming/'));

describe('media kept in S3-compatible storage', () => {
  let items: MediaItem[];

  it('uploads into the bucket, reads ranges back, and makes thumbnails and posters from it', async () => {
    const form = new FormData();
    form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'side.jpg');
    form.append('files', new Blob([video], { type: 'video/mp4' }), 'clip.mp4');
    const res = await fetch(`${server.base}/api/media/Inspection/${inspectionId}`, {
      method: 'POST',
      headers: headers(),
      body: form,
    });
    expect(res.status).toBe(201);
    items = ((await res.json()) as { items: MediaItem[] }).items;
    expect(await s3.size(`sha256/${sha256(video).slice(0, 2)}/${sha256(video)}`)).toBe(video.length);
    expect(await completeFilesOnDisk()).toEqual([]);

    const whole = await fetchBytes(items[1]!.url);
    expect(sha256(whole.bytes)).toBe(sha256(video));
    const range = await fetchBytes(items[1]!.url, { range: 'bytes=0-0' });
    expect(range.status).toBe(206);
    expect(range.bytes.equals(video.subarray(0, 1))).toBe(true);
    const middle = await fetchBytes(items[1]!.url, { range: 'bytes=1000-1999' });
    expect(middle.bytes.equals(video.subarray(1000, 2000))).toBe(true);

    for (const item of items) await server.services.media.process(item.id);
    const gallery = (await inspector.get(`/api/media/Inspection/${inspectionId}`)).body.items as MediaItem[];
    const [image, clip] = items.map((i) => gallery.find((g) => g.id === i.id)!);
    // Orientation 8 turns the picture a quarter: upright it is portrait.
    expect(image).toMatchObject({ thumbnail: 'ready', width: 200, height: 300 });
    expect(clip).toMatchObject({ thumbnail: 'ready', width: 160, height: 120 });
    expect(clip!.durationMs).toBeGreaterThan(1900);
    const thumb = await fetchBytes(clip!.thumbnailUrl!);
    expect((await sharp(thumb.bytes).metadata()).format).toBe('jpeg');
    expect(await completeFilesOnDisk()).toEqual([]);
  });

  it('finalizes a resumable upload into the bucket', async () => {
    const bytes = Buffer.concat([video, Buffer.alloc(MIN_CHUNK_BYTES * 2 - video.length, 0)]);
    const q = (n: number) =>
      new URLSearchParams({
        resumableIdentifier: 's3-resumable-1',
        resumableFilename: 'long.mp4',
        resumableTotalSize: String(bytes.length),
        resumableChunkSize: String(MIN_CHUNK_BYTES),
        resumableChunkNumber: String(n),
      });
    for (const n of [2, 1]) {
      const chunk = bytes.subarray((n - 1) * MIN_CHUNK_BYTES, n * MIN_CHUNK_BYTES);
      const res = await fetch(`${server.base}/api/media-upload/pearpoint/chunk?${q(n)}`, {
        method: 'PUT',
        headers: { ...headers(), 'content-type': 'application/octet-stream', [CHUNK_SHA256_HEADER]: sha256(chunk) },
        body: chunk,
      });
      expect(res.status).toBe(200);
    }
    const done = await inspector.post('/api/media-upload/pearpoint/finalize', {
      resumableIdentifier: 's3-resumable-1',
      sha256: sha256(bytes),
    });
    expect(done.status, done.text).toBe(200);
    expect(await s3.size(`sha256/${sha256(bytes).slice(0, 2)}/${sha256(bytes)}`)).toBe(bytes.length);
    const attached = await inspector.post(`/api/media/Inspection/${inspectionId}/${done.body.uploadId}`);
    expect(attached.status).toBe(201);
    const served = await fetchBytes(attached.body.items[0].url);
    expect(sha256(served.bytes)).toBe(sha256(bytes));
  });

  it('deletes from the bucket once no media names the file', async () => {
    const key = `sha256/${sha256(photo).slice(0, 2)}/${sha256(photo)}`;
    const res = await inspector.request('DELETE', `/api/media/Inspection/${inspectionId}/${items[0]!.id}`);
    expect(res.status).toBe(204);
    expect(await s3.size(key)).toBeUndefined();
    expect(await s3.size(`thumbnails/${sha256(photo).slice(0, 2)}/${sha256(photo)}.jpg`)).toBeUndefined();
  });
});
