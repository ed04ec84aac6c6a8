/**
 * Resumable uploads over real HTTP: chunks in any order, repeated, damaged and racing; finalizing
 * against the whole file's sha256 and its content; attaching to an object; and the server killed in
 * the middle of an upload, then started again on the same data, resuming where it was.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, open as openFile, readdir, rm } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_SHA256_HEADER, MIN_CHUNK_BYTES, type ResumableState } from '@manway/core/api/media';
import { SESSION_ID_HEADER } from '@manway/core/editions';
import { sql } from '../src/db/sql';
import { scratchData, serverBackends, ServerProcess, signedInAdmin } from './faults-support';
import { startTestServer, type TestClient, type TestServer } from './harness';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const CHUNK = MIN_CHUNK_BYTES;

let server: TestServer;
let dataDir: string;
let inspector: TestClient;
let otherTab: TestClient;
let editor: TestClient;
let open: { id: string };
/** A PNG of a little more than three chunks. */
let photo: Buffer;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'manway-resumable-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
  inspector = server.client();
  otherTab = server.client();
  editor = server.client();
  await inspector.signIn('inspector', 'inspector-demo');
  await otherTab.signIn('inspector', 'inspector-demo');
  await editor.signIn('editor', 'editor-demo');
  open = (
    await server.db.query<{ id: string }>(
      sql`SELECT id FROM inspections WHERE status = 'incomplete' ORDER BY id LIMIT 1`,
    )
  )[0]!;
  const noise = await sharp(randomBytes(600 * 600 * 3), { raw: { width: 600, height: 600, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  photo = noise.subarray(0, noise.length);
  expect(photo.length).toBeGreaterThan(3 * CHUNK);
});
afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Upload {
  identifier: string;
  fileName: string;
  bytes: Buffer;
  chunkSize?: number;
}

const chunksOf = (u: Upload) => Math.ceil(u.bytes.length / (u.chunkSize ?? CHUNK));
function chunkBytes(u: Upload, n: number): Buffer {
  const size = u.chunkSize ?? CHUNK;
  return u.bytes.subarray((n - 1) * size, n * size);
}

function chunkPath(u: Upload, n: number, offset = 0): string {
  const q = new URLSearchParams({
    resumableIdentifier: u.identifier,
    resumableFilename: u.fileName,
    resumableTotalSize: String(u.bytes.length),
    resumableChunkSize: String(u.chunkSize ?? CHUNK),
    resumableChunkNumber: String(n),
    resumableChunkOffset: String(offset),
  });
  return `/api/media-upload/pearpoint/chunk?${q}`;
}

async function sendChunk(
  client: TestClient,
  u: Upload,
  n: number,
  bytes = chunkBytes(u, n),
  declared = sha256(bytes),
  offset = 0,
) {
  const res = await fetch(`${client.base}${chunkPath(u, n, offset)}`, {
    method: 'PUT',
    headers: {
      [SESSION_ID_HEADER]: 'test-page',
      origin: client.base,
      cookie: client.cookie!,
      'content-type': 'application/octet-stream',
      [CHUNK_SHA256_HEADER]: declared,
    },
    body: bytes,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

const state = (client: TestClient, u: Upload) =>
  client.get<ResumableState>(`/api/media-upload/resumable?resumableIdentifier=${u.identifier}`);
const finalize = (client: TestClient, u: Upload, sum = sha256(u.bytes)) =>
  client.post<ResumableState & { code?: string; ModelState?: Record<string, string[]> }>(
    '/api/media-upload/pearpoint/finalize',
    {
      resumableIdentifier: u.identifier,
      sha256: sum,
    },
  );

async function partialFiles(): Promise<string[]> {
  try {
    return (await readdir(join(dataDir, 'media', 'incoming'))).filter((f) => f.startsWith('resumable-'));
  } catch {
    return [];
  }
}

describe('a resumable upload', () => {
  it('takes chunks in any order, and a finalized file attached to an inspection is byte-identical', async () => {
    const u: Upload = { identifier: 'any-order-1', fileName: 'pipe.png', bytes: photo };
    // Last first, then the odd ones, then the even ones.
    const all = Array.from({ length: chunksOf(u) }, (_, i) => i + 1);
    const order = [
      all.length,
      ...all.filter((n) => n % 2 === 1 && n !== all.length),
      ...all.filter((n) => n % 2 === 0 && n !== all.length),
    ];
    for (const n of order) expect((await sendChunk(inspector, u, n)).status).toBe(200);
    const held = (await state(inspector, u)).body;
    expect(held).toMatchObject({ totalChunks: chunksOf(u), finalized: false, bytesReceived: photo.length });
    expect(held.chunks).toEqual(Array.from({ length: chunksOf(u) }, (_, i) => i + 1));
    const done = await finalize(inspector, u);
    expect(done.status, done.text).toBe(200);
    expect(done.body.finalized).toBe(true);
    expect(await partialFiles()).toEqual([]);
    const attached = await inspector.post(`/api/media/Inspection/${open.id}/${done.body.uploadId}`);
    expect(attached.status, attached.text).toBe(201);
    const item = attached.body.items[0];
    expect(item).toMatchObject({
      fileName: 'pipe.png',
      kind: 'image',
      contentType: 'image/png',
      sizeBytes: photo.length,
    });
    const served = await fetch(`${server.base}/api/${item.url.slice('api/'.length)}`, {
      headers: { [SESSION_ID_HEADER]: 'x', cookie: inspector.cookie! },
    });
    expect(sha256(Buffer.from(await served.arrayBuffer()))).toBe(sha256(photo));
    // Attached, the upload is gone: attaching again finds nothing.
    expect((await state(inspector, u)).status).toBe(404);
    expect((await inspector.post(`/api/media/Inspection/${open.id}/${done.body.uploadId}`)).status).toBe(404);
  });

  it('answers a repeated chunk as received, changing nothing', async () => {
    const u: Upload = { identifier: 'repeat-1', fileName: 'pipe.png', bytes: photo };
    expect((await sendChunk(inspector, u, 2)).status).toBe(200);
    const again = await sendChunk(inspector, u, 2);
    expect(again.status).toBe(200);
    expect(again.body.chunks).toEqual([2]);
    expect(again.body.bytesReceived).toBe(CHUNK);
  });

  it('refuses a damaged chunk and keeps nothing of it', async () => {
    const u: Upload = { identifier: 'damaged-1', fileName: 'pipe.png', bytes: photo };
    const good = chunkBytes(u, 1);
    const damaged = Buffer.from(good);
    damaged[1000] = damaged[1000]! ^ 0xff;
    const res = await sendChunk(inspector, u, 1, damaged, sha256(good));
    expect(res.status).toBe(400);
    expect(res.body.ModelState[CHUNK_SHA256_HEADER]).toBeDefined();
    expect((await state(inspector, u)).body.chunks).toEqual([]);
    const short = await sendChunk(inspector, u, 1, good.subarray(0, 100));
    expect(short.status).toBe(400);
    expect((await state(inspector, u)).body.chunks).toEqual([]);
  });

  it('gives two senders racing for one chunk exactly one winner, whose bytes the file keeps', async () => {
    const u: Upload = { identifier: 'race-1', fileName: 'pipe.png', bytes: photo };
    const theirs = randomBytes(CHUNK);
    const [a, b] = await Promise.all([sendChunk(inspector, u, 2), sendChunk(otherTab, u, 2, theirs)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? chunkBytes(u, 2) : theirs;
    for (let n = 1; n <= chunksOf(u); n++) if (n !== 2) await sendChunk(inspector, u, n);
    expect((await state(inspector, u)).body.chunks).toEqual(Array.from({ length: chunksOf(u) }, (_, i) => i + 1));
    // The file holds the winner's bytes: its whole sha256 is the one with them (the PNG signature is in chunk 1).
    const expected = Buffer.concat([chunkBytes(u, 1), winner, photo.subarray(2 * CHUNK)]);
    const done = await finalize(inspector, u, sha256(expected));
    expect(done.status, done.text).toBe(200);
  });

  it('refuses to finalize before every chunk arrived, naming the missing ones', async () => {
    const u: Upload = { identifier: 'missing-1', fileName: 'pipe.png', bytes: photo };
    await sendChunk(inspector, u, 1);
    const res = await finalize(inspector, u);
    expect(res.status).toBe(400);
    expect(res.body.ModelState?.resumableIdentifier?.[0]).toMatch(/Chunks 2, 3/);
  });

  it("refuses a name's extension on the first chunk and content that is not what its name says at the end", async () => {
    const svg: Upload = { identifier: 'svg-1', fileName: 'x.svg', bytes: Buffer.alloc(CHUNK, 1) };
    expect((await sendChunk(inspector, svg, 1)).body.code).toBe('media/unsupported-extension');
    expect((await state(inspector, svg)).status).toBe(404);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const disguised: Upload = { identifier: 'disguised-1', fileName: 'survey.mp4', bytes: png };
    expect((await sendChunk(inspector, disguised, 1)).status).toBe(200);
    const res = await finalize(inspector, disguised);
    expect(res.body.code).toBe('media/unsupported-file');
    expect((await state(inspector, disguised)).status).toBe(404);
    expect(await partialFiles()).not.toContain(expect.stringContaining('disguised'));
  });

  it('refuses a chunk that declares the file differently from the first one', async () => {
    const u: Upload = { identifier: 'declared-1', fileName: 'pipe.png', bytes: photo };
    await sendChunk(inspector, u, 1);
    const other: Upload = { ...u, bytes: photo.subarray(0, photo.length - 1) };
    expect((await sendChunk(inspector, other, 2)).status).toBe(409);
  });

  it('keeps what arrived of a chunk whose send broke off, and the rest sent from there finishes it', async () => {
    const u: Upload = { identifier: 'broken-off-1', fileName: 'pipe.png', bytes: photo };
    const partial = await brokenOff(inspector, u, 2);
    expect(partial).toEqual({ number: 2, sha256: sha256(chunkBytes(u, 2)), bytes: CHUNK / 2 });
    expect((await state(inspector, u)).body).toMatchObject({ chunks: [], bytesReceived: CHUNK / 2 });
    const rest = chunkBytes(u, 2).subarray(partial.bytes);
    const finished = await sendChunk(inspector, u, 2, rest, sha256(chunkBytes(u, 2)), partial.bytes);
    expect(finished.status, finished.text).toBe(200);
    expect(finished.body).toMatchObject({ chunks: [2], partialChunks: [] });
    for (let n = 1; n <= chunksOf(u); n++) if (n !== 2) await sendChunk(inspector, u, n);
    const done = await finalize(inspector, u);
    expect(done.status, done.text).toBe(200);
  });

  it('refuses a send from past the bytes held of a chunk, naming resumableChunkOffset, and keeps them', async () => {
    const u: Upload = { identifier: 'offset-1', fileName: 'pipe.png', bytes: photo };
    const partial = await brokenOff(inspector, u, 1);
    const beyond = partial.bytes + 10;
    const res = await sendChunk(inspector, u, 1, chunkBytes(u, 1).subarray(beyond), sha256(chunkBytes(u, 1)), beyond);
    expect(res.status).toBe(400);
    expect(res.body.ModelState.resumableChunkOffset[0]).toMatch(`${partial.bytes} bytes of chunk 1 are held`);
    expect((await state(inspector, u)).body.partialChunks).toEqual([partial]);
  });

  it('refuses the rest of a chunk whose held bytes were damaged, and takes the whole chunk sent again', async () => {
    const u: Upload = { identifier: 'damaged-partial-1', fileName: 'pipe.png', bytes: photo };
    const partial = await brokenOff(inspector, u, 1);
    // The held bytes spoilt on the disk (a power cut half-way through writing them).
    const upload = (
      await server.db.query<{ id: string }>(
        sql`SELECT id FROM media_resumable_uploads WHERE identifier = ${u.identifier}`,
      )
    )[0]!;
    const file = await openFile(join(dataDir, 'media', 'incoming', `resumable-${upload.id}`, 'file'), 'r+');
    await file.write(Buffer.alloc(partial.bytes), 0, partial.bytes, 0);
    await file.close();
    const whole = chunkBytes(u, 1);
    const rest = await sendChunk(inspector, u, 1, whole.subarray(partial.bytes), sha256(whole), partial.bytes);
    expect(rest.status).toBe(400);
    expect(rest.body.ModelState[CHUNK_SHA256_HEADER]).toBeDefined();
    expect((await state(inspector, u)).body).toMatchObject({ chunks: [], partialChunks: [] });
    expect((await sendChunk(inspector, u, 1)).status).toBe(200);
  });

  it('refuses a file whose held bytes were spoilt on the disk, forgetting its chunks, and takes it sent again', async () => {
    const u: Upload = { identifier: 'spoilt-1', fileName: 'pipe.png', bytes: photo };
    // Chunk 2 is held but not yet summed (chunk 1 comes after it); its bytes spoil on the disk meanwhile.
    expect((await sendChunk(inspector, u, 2)).status).toBe(200);
    const upload = (
      await server.db.query<{ id: string }>(
        sql`SELECT id FROM media_resumable_uploads WHERE identifier = ${u.identifier}`,
      )
    )[0]!;
    const file = await openFile(join(dataDir, 'media', 'incoming', `resumable-${upload.id}`, 'file'), 'r+');
    await file.write(Buffer.alloc(1000), 0, 1000, CHUNK + 10);
    await file.close();
    for (let n = 1; n <= chunksOf(u); n++) if (n !== 2) await sendChunk(inspector, u, n);
    const refused = await finalize(inspector, u);
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState?.sha256).toBeDefined();
    expect((await state(inspector, u)).body).toMatchObject({ chunks: [], partialChunks: [] });
    for (let n = 1; n <= chunksOf(u); n++) expect((await sendChunk(inspector, u, n)).status).toBe(200);
    const done = await finalize(inspector, u);
    expect(done.status, done.text).toBe(200);
  });

  it("is its sender's alone, and cancelling removes it with its partial file", async () => {
    const u: Upload = { identifier: 'cancel-1', fileName: 'pipe.png', bytes: photo };
    await sendChunk(inspector, u, 1);
    expect((await state(editor, u)).status).toBe(404);
    expect(
      (await editor.request('DELETE', `/api/media-upload/resumable?resumableIdentifier=${u.identifier}`)).status,
    ).toBe(404);
    const before = await partialFiles();
    const cancelled = await inspector.request(
      'DELETE',
      `/api/media-upload/resumable?resumableIdentifier=${u.identifier}`,
    );
    expect(cancelled.status).toBe(204);
    expect((await state(inspector, u)).status).toBe(404);
    expect((await partialFiles()).length).toBe(before.length - 1);
  });

  it('attaches only where the sender may change the media', async () => {
    const u: Upload = { identifier: 'forbidden-1', fileName: 'pipe.png', bytes: photo };
    for (let n = 1; n <= chunksOf(u); n++) await sendChunk(inspector, u, n);
    const done = await finalize(inspector, u);
    const node = (await server.db.query<{ id: string }>(sql`SELECT id FROM assets ORDER BY id LIMIT 1`))[0]!;
    expect((await inspector.post(`/api/media/Node/${node.id}/${done.body.uploadId}`)).status).toBe(403);
  });
});

describe('upload settings and video links', () => {
  it("links several observations to one moment of the inspection's video, and refuses another inspection's", async () => {
    const video = await server.db.query<{ id: string }>(
      sql`INSERT INTO media (owner_type, owner_id, kind, file_name, storage_key, content_type, sha256, size_bytes)
       VALUES ('inspection', ${open.id}, 'video', 'v.mp4', 'sha256/00/x', 'video/mp4', ${'0'.repeat(64)}, 10) RETURNING id`,
    );
    const videoId = Number(video[0]!.id);
    const obs = await server.db.query<{ id: string }>(
      sql`SELECT id FROM observations WHERE inspection_id = ${open.id} ORDER BY sequence LIMIT 2`,
    );
    const ids = obs.map((o) => Number(o.id));
    const res = await inspector.request('PUT', `/api/media/Inspection/${open.id}/${videoId}/link?offset=42000`, {
      json: { observationIds: ids },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.links).toEqual(ids.map((observationId) => ({ observationId, offsetMs: 42000 })));
    const foreign = await server.db.query<{ id: string }>(
      sql`SELECT id FROM observations WHERE inspection_id <> ${open.id} LIMIT 1`,
    );
    const refused = await inspector.request('PUT', `/api/media/Inspection/${open.id}/${videoId}/link?offset=1`, {
      json: { observationIds: [Number(foreign[0]!.id)] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.ModelState.observationIds).toBeDefined();
  });

  it("keeps an object's upload settings, shown with its gallery", async () => {
    const settings = {
      chunkSizeBytes: 4 * 1024 * 1024,
      linkObservationsByDistance: true,
      crawlerSpeedMetresPerSecond: 0.2,
    };
    const res = await inspector.request('PUT', `/api/media/Inspection/${open.id}/duc2-settings`, { json: settings });
    expect(res.status, res.text).toBe(200);
    expect((await inspector.get(`/api/media/Inspection/${open.id}`)).body.uploadSettings).toEqual(settings);
    const bad = await inspector.request('PUT', `/api/media/Inspection/${open.id}/duc2-settings`, {
      json: { ...settings, chunkSizeBytes: 10 },
    });
    expect(bad.status).toBe(400);
  });
});

const backends = serverBackends();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Sends half a chunk and no more: the request is on its way until it is broken off or the server dies. */
function hangingChunk(client: TestClient, u: Upload, n: number): ClientRequest {
  const bytes = chunkBytes(u, n);
  const url = new URL(`${client.base}${chunkPath(u, n)}`);
  const req = httpRequest(url, {
    method: 'PUT',
    headers: {
      [SESSION_ID_HEADER]: 'test-page',
      origin: client.base,
      cookie: client.cookie!,
      'content-type': 'application/octet-stream',
      'content-length': String(bytes.length),
      [CHUNK_SHA256_HEADER]: sha256(bytes),
    },
  });
  req.on('error', () => {});
  req.write(bytes.subarray(0, bytes.length / 2));
  return req;
}

/**
 * Sends half of chunk n and breaks the send off once the server holds it; answers what it holds, when
 * it has seen the send end (a chunk is received by one sender at a time: until then it answers 429).
 */
async function brokenOff(client: TestClient, u: Upload, n: number) {
  const req = hangingChunk(client, u, n);
  const partial = await partialOf(client, u, n);
  req.destroy();
  for (let tries = 0; tries < 100; tries++) {
    // From past the bytes held: refused without touching them, once nobody else sends the chunk.
    const probe = await sendChunk(client, u, n, Buffer.alloc(0), partial.sha256, partial.bytes + 1);
    if (probe.status !== 429) return partial;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the server kept receiving chunk ${n}`);
}

/** Asks until the server holds part of chunk n (the bytes of a send that broke off reach its disk). */
async function partialOf(client: TestClient, u: Upload, n: number) {
  for (let tries = 0; tries < 100; tries++) {
    const held = (await state(client, u)).body;
    const partial = held?.partialChunks?.find((p) => p.number === n);
    if (partial && partial.bytes >= CHUNK / 2) return partial;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the server never held half of chunk ${n}`);
}

describe.each(backends)('the server killed in the middle of an upload ($name)', (backend) => {
  it('resumes after a restart: the chunk in flight is finished from what arrived, and the sha256 matches', async () => {
    const data = await scratchData(backend, 'manway-resumable-kill-', cleanups);
    const first = await ServerProcess.start(data);
    cleanups.push(() => first.stop());
    await first.waitForHealth('ok', 60_000);
    const u: Upload = { identifier: 'killed-1', fileName: 'survey.png', bytes: photo };
    const admin = await signedInAdmin(first.base);
    for (const n of [1, 2]) expect((await sendChunk(admin, u, n)).status).toBe(200);
    hangingChunk(admin, u, 3);
    await partialOf(admin, u, 3);
    first.kill('SIGKILL');
    await first.exited;

    const second = await ServerProcess.start(data);
    cleanups.push(() => second.stop());
    await second.waitForHealth('ok', 60_000);
    const again = await signedInAdmin(second.base);
    const held = (await state(again, u)).body;
    expect(held.chunks).toEqual([1, 2]);
    // What arrived of the chunk in flight when the server died is held: only its rest is sent.
    const inFlight = held.partialChunks.find((p) => p.number === 3)!;
    expect(inFlight).toMatchObject({ sha256: sha256(chunkBytes(u, 3)), bytes: CHUNK / 2 });
    const rest = chunkBytes(u, 3).subarray(inFlight.bytes);
    expect((await sendChunk(again, u, 3, rest, inFlight.sha256, inFlight.bytes)).status).toBe(200);
    for (let n = 4; n <= chunksOf(u); n++) expect((await sendChunk(again, u, n)).status).toBe(200);
    const done = await finalize(again, u);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ finalized: true, sizeBytes: photo.length });
  }, 180_000);
});
