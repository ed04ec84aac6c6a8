/**
 * Media benchmark (issue 18), each measure beside a baseline of the same run:
 * - a 1 GiB resumable upload over loopback (8 MiB chunks, three in flight as the browser sends them,
 *   the clock from the first chunk to the finalize answer) beside a plain streaming PUT of the same
 *   file to a bare Node http server that pipes it to a file, in MB/s (1 MB = 2^20 bytes);
 * - the server as its own process, killed mid-upload and started again on the same data: the bytes
 *   the client sends twice (those that left it and did not reach the server's disk), beside the
 *   chunk size;
 * - that server's peak memory (VmHWM) during a 4 GiB upload, beside its peak once started;
 * - thumbnails of 1,000 distinct photos, one job after another as the queue runs them, beside a bare
 *   sharp loop doing the same image work on the same files, in photos per second.
 * PGlite; the kill and the memory on PostgreSQL too when DATABASE_URL is set. BENCH_MEDIA_UPLOAD_MB,
 * BENCH_MEDIA_BIG_MB and BENCH_MEDIA_PHOTOS make it smaller; BENCH_MEDIA_PARTS (a comma list of
 * upload, kill and thumbnails) runs only some of it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, open, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { Agent, createServer, request, type OutgoingHttpHeaders } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { CHUNK_SHA256_HEADER, chunkCount, DEFAULT_CHUNK_BYTES, type ResumableState } from '@manway/core/api/media';
import { loadConfig } from '../src/config';
import { openPglite, type Database } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { sql } from '../src/db/sql';
import { THUMBNAIL_SIZE } from '../src/modules/media/processing';
import { createServices, type Services } from '../src/services';
import { listenApp, median, percentile, printTable, scratchPostgres, signIn, withDatabaseName } from './support';

const MB = 1024 * 1024;
const UPLOAD_BYTES = Number(process.env.BENCH_MEDIA_UPLOAD_MB ?? 1024) * MB;
const BIG_BYTES = Number(process.env.BENCH_MEDIA_BIG_MB ?? 4096) * MB;
const PHOTOS = Number(process.env.BENCH_MEDIA_PHOTOS ?? 1000);
const PARTS = new Set((process.env.BENCH_MEDIA_PARTS ?? 'upload,kill,thumbnails').split(',').map((p) => p.trim()));
/** Each upload is timed this many times, in turns with its baseline; the medians are compared. */
const UPLOAD_ROUNDS = 3;
/** Photos processed both ways before the clock starts (sharp's and the database's first calls). */
const WARM_UP_PHOTOS = 10;
const CHUNK = DEFAULT_CHUNK_BYTES;
/** Chunks of one file on their way at once, as the browser sends them (web resumableTransport.ts). */
const IN_FLIGHT = 3;
const ADMIN_PASSWORD = 'bench-admin-password';
/** The server refuses files over MEDIA_MAX_MB (4096 unless set): the bench's files must fit. */
const MEDIA_MAX_MB = String(Math.max(4096, Math.ceil(Math.max(UPLOAD_BYTES, BIG_BYTES) / MB)));
const SERVER_MAIN = resolve(dirname(fileURLToPath(import.meta.url)), '../src/main.ts');
const ROOT = resolve(dirname(SERVER_MAIN), '../../..');

// ---- the files sent ----

/** A file to upload, with the sums the client computes before sending (hashing is the client's work). */
interface TestFile {
  path: string;
  size: number;
  chunkSums: string[];
  sha256: string;
}

/** An MP4's first box (`ftyp`), so that finalizing finds the content its name says. */
const MP4_HEAD = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');

/** Random bytes in chunk-sized blocks, hashed as they are written. */
async function makeFile(path: string, size: number): Promise<TestFile> {
  const out = await open(path, 'w');
  const whole = createHash('sha256');
  const chunkSums: string[] = [];
  try {
    for (let at = 0; at < size; at += CHUNK) {
      const block = randomBytes(Math.min(CHUNK, size - at));
      if (at === 0) MP4_HEAD.copy(block);
      await out.write(block, 0, block.length, at);
      whole.update(block);
      chunkSums.push(createHash('sha256').update(block).digest('hex'));
    }
  } finally {
    await out.close();
  }
  return { path, size, chunkSums, sha256: whole.digest('hex') };
}

const chunkLength = (f: TestFile, n: number) => Math.min(CHUNK, f.size - (n - 1) * CHUNK);
const allChunks = (f: TestFile) => Array.from({ length: chunkCount(f.size, CHUNK) }, (_, i) => i + 1);
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const mib = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;

// ---- HTTP as the browser speaks it ----

/** A PUT whose body is a buffer or a stream of `length` bytes; answers the status and the text. */
function put(
  url: string,
  agent: Agent,
  headers: OutgoingHttpHeaders,
  body: Buffer | Readable,
  length: number,
  onFlushed: (bytes: number) => void = () => {},
): Promise<{ status: number; text: string }> {
  return new Promise((done, failed) => {
    const req = request(
      url,
      { method: 'PUT', agent, headers: { ...headers, 'content-length': String(length) } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => done({ status: res.statusCode!, text: Buffer.concat(parts).toString() }));
        res.on('error', failed);
      },
    );
    req.on('error', failed);
    if (Buffer.isBuffer(body)) {
      // In slices, each counted once the socket took it: the bytes that really left the client.
      for (let at = 0; at < body.length; at += SLICE) {
        const slice = body.subarray(at, at + SLICE);
        req.write(slice, (error) => {
          if (!error) onFlushed(slice.length);
        });
      }
      req.end();
    } else body.pipe(req);
  });
}

/** How a buffer body is handed to the socket. */
const SLICE = 256 * 1024;

/** One resumable upload of a file by a signed-in browser. */
class ResumableClient {
  private readonly agent = new Agent({ keepAlive: true });
  /**
   * A chunk's memory for each lane, used again for its next chunk: the browser's memory is not the
   * server's, so the client (in the server's process here) must not add to its garbage collector's work.
   */
  private readonly laneBuffers = Array.from({ length: IN_FLIGHT }, () => Buffer.allocUnsafe(CHUNK));
  /** Bytes of each chunk that left the client (taken by its socket), over all its sends. */
  readonly sent = new Map<number, number>();

  constructor(
    private readonly base: string,
    private readonly headers: Record<string, string>,
    private readonly file: TestFile,
    private readonly handle: FileHandle,
    readonly identifier: string,
  ) {}

  /**
   * Reads chunk `n` from the file, as the browser reads a slice, and sends it, or the rest of it from
   * `offset` (the bytes the server holds of it).
   */
  async sendChunk(n: number, lane: number, offset = 0): Promise<void> {
    const bytes = this.laneBuffers[lane]!.subarray(0, chunkLength(this.file, n) - offset);
    await this.handle.read(bytes, 0, bytes.length, (n - 1) * CHUNK + offset);
    const q = new URLSearchParams({
      resumableIdentifier: this.identifier,
      resumableFilename: 'survey.mp4',
      resumableTotalSize: String(this.file.size),
      resumableChunkSize: String(CHUNK),
      resumableChunkNumber: String(n),
      resumableChunkOffset: String(offset),
    });
    const headers = {
      ...this.headers,
      'content-type': 'application/octet-stream',
      [CHUNK_SHA256_HEADER]: this.file.chunkSums[n - 1]!,
    };
    const r = await put(
      `${this.base}/api/media-upload/pearpoint/chunk?${q}`,
      this.agent,
      headers,
      bytes,
      bytes.length,
      (flushed) => this.sent.set(n, (this.sent.get(n) ?? 0) + flushed),
    );
    if (r.status !== 200) throw new Error(`chunk ${n}: ${r.status} ${r.text}`);
  }

  async state(): Promise<ResumableState> {
    const r = await fetch(`${this.base}/api/media-upload/resumable?resumableIdentifier=${this.identifier}`, {
      headers: this.headers,
    });
    if (!r.ok) throw new Error(`upload state: ${r.status} ${await r.text()}`);
    return (await r.json()) as ResumableState;
  }

  async finalize(): Promise<void> {
    const r = await fetch(`${this.base}/api/media-upload/pearpoint/finalize`, {
      method: 'POST',
      headers: { ...this.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ resumableIdentifier: this.identifier, sha256: this.file.sha256 }),
    });
    const text = await r.text();
    if (!r.ok || !(JSON.parse(text) as ResumableState).finalized) throw new Error(`finalize: ${r.status} ${text}`);
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Sends the chunks `IN_FLIGHT` at a time, each lane taking the next as its last is answered, until `stop` says so. */
async function sendInFlight(
  numbers: readonly number[],
  send: (n: number, lane: number) => Promise<void>,
  stop = () => false,
) {
  let next = 0;
  const run = async (lane: number) => {
    while (next < numbers.length && !stop()) await send(numbers[next++]!, lane);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, (_, lane) => run(lane)));
}

// ---- 1. the upload's speed, in-process beside a bare http server ----

async function uploadSpeed(base: string, headers: Record<string, string>, file: TestFile, dir: string) {
  const handle = await open(file.path, 'r');
  const target = join(dir, 'bare-upload');
  // `/durable` flushes the file to disk before answering, as our server does with every chunk.
  const bare = createServer((req, res) => {
    pipeline(req, createWriteStream(target, { flush: req.url === '/durable' })).then(
      () => res.end('{}'),
      (error: Error) => res.writeHead(500).end(error.message),
    );
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const bareBase = `http://127.0.0.1:${(bare.address() as { port: number }).port}`;
  const bareAgent = new Agent({ keepAlive: true });
  const barePut = async (path: string) => {
    await rm(target, { force: true });
    // Each upload starts with no dirty pages of the one before still being written back.
    spawnSync('sync');
    const t = performance.now();
    const body = createReadStream(file.path, { highWaterMark: MB });
    const r = await put(
      `${bareBase}${path}`,
      bareAgent,
      { 'content-type': 'application/octet-stream' },
      body,
      file.size,
    );
    if (r.status !== 200) throw new Error(`bare upload: ${r.status} ${r.text}`);
    return (performance.now() - t) / 1000;
  };
  const ours: { seconds: number; finalizeSeconds: number }[] = [];
  const plain: number[] = [];
  const durable: number[] = [];
  try {
    for (let round = 1; round <= UPLOAD_ROUNDS; round++) {
      plain.push(await barePut('/plain'));
      durable.push(await barePut('/durable'));
      spawnSync('sync');
      const client = new ResumableClient(base, headers, file, handle, `bench-upload-${round}`);
      const t = performance.now();
      await sendInFlight(allChunks(file), (n, lane) => client.sendChunk(n, lane));
      const sent = performance.now();
      await client.finalize();
      const end = performance.now();
      client.close();
      ours.push({ seconds: (end - t) / 1000, finalizeSeconds: (end - sent) / 1000 });
    }
  } finally {
    bareAgent.destroy();
    await new Promise((r) => bare.close(r));
    await handle.close();
    await rm(target, { force: true });
  }
  const oursSeconds = median(ours.map((o) => o.seconds));
  const finalizeSeconds = median(ours.map((o) => o.finalizeSeconds));
  const rate = (seconds: number) => file.size / MB / seconds;
  const percentOf = (seconds: number) => (100 * rate(oursSeconds)) / rate(seconds);
  const oursCell = `${rate(oursSeconds).toFixed(0)} MB/s (${oursSeconds.toFixed(2)} s, of which finalize ${finalizeSeconds.toFixed(2)} s)`;
  const measure = `${mb(file.size)} resumable upload, ${CHUNK / MB} MiB chunks, ${IN_FLIGHT} in flight (median of ${UPLOAD_ROUNDS})`;
  const baseline = (label: string, seconds: number) => [
    measure,
    oursCell,
    `${label} ${rate(seconds).toFixed(0)} MB/s (${seconds.toFixed(2)} s)`,
    `${percentOf(seconds).toFixed(0)} %`,
  ];
  return {
    percent: percentOf(median(plain)),
    rows: [
      baseline('plain streaming PUT to bare Node http', median(plain)),
      baseline('the same PUT, the file flushed to disk before the answer', median(durable)),
    ],
  };
}

// ---- 4. thumbnails, in-process beside a bare sharp loop ----

const PHOTO_WIDTH = 1024;
const PHOTO_HEIGHT = 768;
const PATCH = 96;

/**
 * Photos of one textured scene (about 130 KB each), each made distinct by a patch of noise of its own
 * (the service looks at a file whose twin was processed only once). A third are taken turned a
 * quarter (EXIF orientation 6), half carry a capture time.
 */
async function makePhotos(dir: string, count: number): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const scene = Buffer.alloc(PHOTO_WIDTH * PHOTO_HEIGHT * 3);
  const grain = randomBytes(scene.length);
  for (let y = 0; y < PHOTO_HEIGHT; y++) {
    for (let x = 0; x < PHOTO_WIDTH; x++) {
      const i = (y * PHOTO_WIDTH + x) * 3;
      const shade = 90 + 60 * Math.sin(x / 37) * Math.cos(y / 23);
      scene[i] = shade + (grain[i]! % 24);
      scene[i + 1] = shade * 0.8 + (grain[i + 1]! % 24);
      scene[i + 2] = shade * 0.6 + 40 + (grain[i + 2]! % 24);
    }
  }
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    let photo = sharp(scene, { raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 } }).composite([
      {
        input: randomBytes(PATCH * PATCH * 3),
        raw: { width: PATCH, height: PATCH, channels: 3 },
        left: (i * 97) % (PHOTO_WIDTH - PATCH),
        top: (i * 61) % (PHOTO_HEIGHT - PATCH),
      },
    ]);
    if (i % 2 === 0)
      photo = photo.withExif({ IFD0: { DateTime: `2024:05:01 10:${String(i % 60).padStart(2, '0')}:00` } });
    if (i % 3 === 0) photo = photo.withMetadata({ orientation: 6 });
    const path = join(dir, `photo-${i}.jpg`);
    await writeFile(path, await photo.jpeg({ quality: 85 }).toBuffer());
    paths.push(path);
  }
  return paths;
}

/** processImage's image work without the service around it: the facts, then the upright thumbnail. */
async function bareThumbnail(path: string, out: string): Promise<void> {
  await sharp(path).metadata();
  await sharp(path)
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80, mozjpeg: true })
    .toFile(out);
}

/** An inspection with nothing on it, to hold the photos. */
async function emptyInspection(db: Database): Promise<number> {
  const [section] = await db.query<{ id: string }>(
    sql`SELECT id FROM assets WHERE object_type = 'section' ORDER BY id LIMIT 1`,
  );
  const [inspection] = await db.query<{ id: number }>(
    sql`INSERT INTO inspections (asset_id, standard_id, inspected_at, direction, weather, status, header)
        VALUES (${section!.id}, 'manway-demo', now(), 'downstream', 'dry', 'incomplete', '{}')
        RETURNING id::int AS id`,
  );
  return inspection!.id;
}

async function thumbnails(db: Database, services: Services, dir: string) {
  const paths = await makePhotos(join(dir, 'photos'), WARM_UP_PHOTOS + PHOTOS);
  const object = await services.media.object('Inspection', await emptyInspection(db));
  // Added as an upload adds them; the job queue is not started, so nothing processes them meanwhile.
  const ids: number[] = [];
  for (const [i, path] of paths.entries()) ids.push(await services.media.addFile(object, path, `photo-${i}.jpg`));
  const thumbs = join(dir, 'bare-thumbnails');
  await mkdir(thumbs);
  const calls = {
    ours: (i: number) => services.media.process(ids[i]!),
    bare: (i: number) => bareThumbnail(paths[i]!, join(thumbs, `${i}.jpg`)),
  };
  for (let i = 0; i < WARM_UP_PHOTOS; i++) {
    await calls.ours(i);
    await calls.bare(i);
  }
  // In turns, which goes first alternating, so neither gains more often from the other having just read the file.
  const samples = { ours: [] as number[], bare: [] as number[] };
  for (let i = WARM_UP_PHOTOS; i < paths.length; i++) {
    const order = i % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const);
    for (const name of order) {
      const t = performance.now();
      await calls[name](i);
      samples[name].push(performance.now() - t);
    }
  }
  const [done] = await db.query<{ ready: number; dated: number; upright: number }>(
    sql`SELECT count(*) FILTER (WHERE thumbnail_state = 'ready')::int AS ready,
               count(captured_at)::int AS dated,
               count(*) FILTER (WHERE width = ${PHOTO_HEIGHT} AND height = ${PHOTO_WIDTH})::int AS upright
        FROM media WHERE id = ANY(${ids}::bigint[])`,
  );
  const expected = { ready: paths.length, dated: Math.ceil(paths.length / 2), upright: Math.ceil(paths.length / 3) };
  if (JSON.stringify(done) !== JSON.stringify(expected)) {
    throw new Error(`processing found ${JSON.stringify(done)}, not ${JSON.stringify(expected)}`);
  }
  const summary = (ms: number[]) => {
    const sorted = [...ms].sort((a, b) => a - b);
    const rate = (ms.length * 1000) / ms.reduce((sum, t) => sum + t, 0);
    return {
      rate,
      text: `${rate.toFixed(1)} photos/s (p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms)`,
    };
  };
  const o = summary(samples.ours);
  const b = summary(samples.bare);
  const percent = (100 * o.rate) / b.rate;
  return {
    percent,
    row: [
      `thumbnails of ${PHOTOS} photos ${PHOTO_WIDTH}×${PHOTO_HEIGHT} (media.process, one after another)`,
      o.text,
      `bare sharp loop (metadata, rotate, resize, mozjpeg) ${b.text}`,
      `${percent.toFixed(0)} %`,
    ],
  };
}

async function inProcess(uploadFile: TestFile | undefined, dir: string) {
  const dataDir = join(dir, 'data');
  const db = await openPglite({ dir: join(dataDir, 'db') });
  try {
    const config = loadConfig({
      ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      MEDIA_MAX_MB,
    });
    await migrate(db);
    const services = createServices(db, config);
    await services.licensing.registerDefaultLicences();
    await services.users.ensureAdmin(ADMIN_PASSWORD);
    await services.demo.ensureReferenceData();
    await services.scale.generate({ assets: 1000, seed: 1, reset: false });
    const { app, base } = await listenApp(db, services, config);
    try {
      const headers = await signIn(base, 'admin', ADMIN_PASSWORD);
      const upload = uploadFile && (await uploadSpeed(base, headers, uploadFile, dir));
      const photos = PARTS.has('thumbnails') ? await thumbnails(db, services, dir) : undefined;
      return { upload, photos };
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}

// ---- 2 and 3. the server as its own process: killed mid-upload, and its memory ----

async function freePort(): Promise<number> {
  return new Promise((done, failed) => {
    const probe = createNetServer();
    probe.once('error', failed);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** `main.ts start` as `npm start` runs it (its own process, so SIGKILL is a real crash), without the demo town. */
class ServerChild {
  /** Every server started and not yet exited, so that a bench stopped half-way leaves none running. */
  static readonly running = new Set<ServerChild>();
  private output = '';
  readonly exited: Promise<void>;

  private constructor(
    private readonly child: ChildProcess,
    readonly base: string,
  ) {
    child.stdout!.on('data', (d: Buffer) => (this.output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (this.output += d.toString()));
    ServerChild.running.add(this);
    this.exited = new Promise((done) =>
      child.once('exit', () => {
        ServerChild.running.delete(this);
        done();
      }),
    );
  }

  static async start(dataDir: string, databaseUrl: string | undefined): Promise<ServerChild> {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      MEDIA_MAX_MB,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN, 'start'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerChild(child, `http://127.0.0.1:${port}`);
    await server.healthy();
    return server;
  }

  private get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  private async healthy(): Promise<void> {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (!this.alive) throw new Error(`the server exited while starting:\n${this.output}`);
      const status = await fetch(`${this.base}/api/health`).then(
        async (r) => ((await r.json()) as { status: string }).status,
        () => 'no answer',
      );
      if (status === 'ok') return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the server never became healthy:\n${this.output}`);
  }

  /** The process's peak resident memory so far (VmHWM), in bytes. */
  peakRss(): number {
    const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    return Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)![1]) * 1024;
  }

  kill(): void {
    this.child.kill('SIGKILL');
  }

  async stop(): Promise<void> {
    if (!this.alive) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
  }
}

async function killedMidUpload(file: TestFile, dir: string, databaseUrl?: string) {
  const dataDir = join(dir, databaseUrl ? 'server-postgres' : 'server-pglite');
  const handle = await open(file.path, 'r');
  const running: ServerChild[] = [];
  try {
    const first = await ServerChild.start(dataDir, databaseUrl);
    running.push(first);
    const client = new ResumableClient(
      first.base,
      await signIn(first.base, 'admin', ADMIN_PASSWORD),
      file,
      handle,
      'bench-killed',
    );
    const startedPeak = first.peakRss();
    const chunks = allChunks(file);
    const started = new Set<number>();
    const answered = new Set<number>();
    let killed = false;
    let killedPeak = 0;
    let inFlightAtKill = 0;
    await sendInFlight(
      chunks,
      async (n, lane) => {
        started.add(n);
        try {
          await client.sendChunk(n, lane);
        } catch (error) {
          if (killed) return;
          throw error;
        }
        if (killed) return;
        answered.add(n);
        if (answered.size >= chunks.length / 2) {
          killedPeak = first.peakRss();
          inFlightAtKill = started.size - answered.size;
          first.kill();
          killed = true;
        }
      },
      () => killed,
    );
    await first.exited;
    client.close();

    const second = await ServerChild.start(dataDir, databaseUrl);
    running.push(second);
    const resumed = new ResumableClient(
      second.base,
      await signIn(second.base, 'admin', ADMIN_PASSWORD),
      file,
      handle,
      'bench-killed',
    );
    const state = await resumed.state();
    const held = new Set(state.chunks);
    // What the server kept of each chunk on its way at the kill: the rest of it is sent.
    const kept = new Map(
      state.partialChunks.filter((p) => p.sha256 === file.chunkSums[p.number - 1]).map((p) => [p.number, p.bytes]),
    );
    const unfinished = [...started].filter((n) => !held.has(n));
    // What left the client of the chunks on their way and did not reach the server's disk: what the
    // client sends twice (in the sockets' buffers at the kill, or past the last count the server kept).
    const resentBytes = unfinished.reduce(
      (sum, n) => sum + Math.max(0, (client.sent.get(n) ?? 0) - (kept.get(n) ?? 0)),
      0,
    );
    const leftClient = new Map(unfinished.map((n) => [n, client.sent.get(n) ?? 0]));
    await sendInFlight(
      chunks.filter((n) => !held.has(n)),
      (n, lane) => resumed.sendChunk(n, lane, kept.get(n) ?? 0),
    );
    await resumed.finalize();
    const finishedPeak = second.peakRss();
    resumed.close();
    await second.stop();
    return { startedPeak, killedPeak, finishedPeak, inFlightAtKill, unfinished, kept, leftClient, resentBytes };
  } finally {
    for (const server of running) await server.stop();
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The kill and memory measures on PGlite, and on a scratch PostgreSQL database when DATABASE_URL is set. */
async function killedOnEachDatabase(file: TestFile, dir: string) {
  const runs = [{ label: 'PGlite', result: await killedMidUpload(file, dir) }];
  if (process.env.DATABASE_URL) {
    const name = `manway_bench_media_${process.pid}`;
    const { drop } = await scratchPostgres(process.env.DATABASE_URL, name);
    try {
      const url = withDatabaseName(process.env.DATABASE_URL, name);
      runs.push({ label: 'PostgreSQL', result: await killedMidUpload(file, dir, url) });
    } finally {
      await drop();
    }
  }
  return runs;
}

function killedRows(label: string, k: Awaited<ReturnType<typeof killedMidUpload>>): string[][] {
  const peak = Math.max(k.killedPeak, k.finishedPeak);
  return [
    [
      `${label}: bytes sent twice after SIGKILL at half the file`,
      `${mb(k.resentBytes)} (${k.inFlightAtKill} chunks in flight at the kill: ${k.unfinished
        .map((n) => `${n} had sent ${mib(k.leftClient.get(n) ?? 0)}, the server kept ${mib(k.kept.get(n) ?? 0)}`)
        .join('; ')})`,
      `one chunk: ${mb(CHUNK)}`,
      `${(k.resentBytes / CHUNK).toFixed(2)} chunks`,
    ],
    [
      `${label}: peak server memory (VmHWM) during the ${mb(BIG_BYTES)} upload`,
      `${mb(peak)} (before the kill ${mb(k.killedPeak)}; after finalizing ${mb(k.finishedPeak)})`,
      `the same server started and signed in ${mb(k.startedPeak)}`,
      `+${mb(peak - k.startedPeak)}`,
    ],
  ];
}

// ---- the run ----

const TABLE_HEAD = ['measure', 'Manway', 'baseline (same run)', 'ratio'];
const root = await mkdtemp(join(tmpdir(), 'manway-bench-media-'));
// Stopped half-way (Ctrl-C, a time limit), the bench leaves no server running and no gigabytes behind.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const server of ServerChild.running) server.kill();
    rmSync(root, { recursive: true, force: true });
    process.exit(130);
  });
}
try {
  const uploadFile = PARTS.has('upload') ? await makeFile(join(root, 'upload.mp4'), UPLOAD_BYTES) : undefined;
  const { upload, photos } =
    uploadFile || PARTS.has('thumbnails')
      ? await inProcess(uploadFile, root)
      : { upload: undefined, photos: undefined };
  await rm(join(root, 'data'), { recursive: true, force: true });
  if (uploadFile) await rm(uploadFile.path);

  let killed: Awaited<ReturnType<typeof killedOnEachDatabase>> = [];
  if (PARTS.has('kill')) {
    const bigFile = await makeFile(join(root, 'big.mp4'), BIG_BYTES);
    spawnSync('sync');
    killed = await killedOnEachDatabase(bigFile, root);
  }

  if (upload) printTable('Media: uploads (PGlite, in-process, loopback)', TABLE_HEAD, upload.rows);
  if (killed.length > 0) {
    printTable(
      `Media: the server as its own process, killed mid-upload of ${mb(BIG_BYTES)} and started again`,
      TABLE_HEAD,
      killed.flatMap((k) => killedRows(k.label, k.result)),
    );
  }
  if (photos) printTable('Media: thumbnails (PGlite, in-process)', TABLE_HEAD, [photos.row]);

  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  console.log('\nAims:');
  if (upload) {
    console.log(
      `- resumable upload ≥ 80 % of a plain streaming PUT: ${upload.percent.toFixed(0)} % — ${verdict(upload.percent >= 80)}`,
    );
  }
  for (const { label, result: k } of killed) {
    console.log(
      `- ${label}: bytes sent twice after a kill ≤ one chunk (${mb(CHUNK)}): ${mb(k.resentBytes)} — ${verdict(k.resentBytes <= CHUNK)}`,
    );
  }
  for (const { label, result: k } of killed) {
    const peak = Math.max(k.killedPeak, k.finishedPeak);
    console.log(
      `- ${label}: peak server memory during a ${mb(BIG_BYTES)} upload < 300 MB: ${mb(peak)} — ${verdict(peak < 300 * MB)}` +
        ` (${mb(k.startedPeak)} once started; the upload adds ${mb(peak - k.startedPeak)})`,
    );
  }
  if (photos) {
    console.log(
      `- thumbnails ≥ 85 % of a bare sharp loop: ${photos.percent.toFixed(0)} % — ${verdict(photos.percent >= 85)}`,
    );
  }
  if (!process.env.DATABASE_URL && PARTS.has('kill')) console.log('\nPostgreSQL skipped: DATABASE_URL is not set.');
} finally {
  await rm(root, { recursive: true, force: true });
}
