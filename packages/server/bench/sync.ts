/**
 * Sync benchmark (issue 6), two local systems on PostgreSQL, the Office serving HTTP in this process
 * and the Field's agent run in a child process of its own (so its peak memory is its own):
 * - getting assets: N generated assets copied Office → Field, records/s beside a bare COPY of the
 *   same rows into an unlogged table without constraints or indexes, and beside a COPY into a table
 *   with the assets table's indexes and checks (the part of the cost any writer pays);
 * - sending completed tasks: M inspections (with observations) and F media files (S MB in all)
 *   Field → Office: inspections/s, and media MB/s beside a plain Node HTTP stream of the same bytes
 *   to a bare server writing them to disk, measured in the same run; the agent's peak RSS.
 * Sizes: BENCH_SYNC_ASSETS (100,000), BENCH_SYNC_INSPECTIONS (5,000), BENCH_SYNC_MEDIA_FILES (500),
 * BENCH_SYNC_MEDIA_MB (1,024). PostgreSQL from BENCH_DATABASE_URL or DATABASE_URL, else the local
 * server at 127.0.0.1:5432; its two databases are named BENCH_SYNC_DB_PREFIX (manway_bench) _office_ and
 * _field_ with the process id, and dropped at the end. Media files are generated under /tmp and deleted afterwards.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openPostgres, type Database } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { sql } from '../src/db/sql';
import { Readiness } from '../src/platform';
import { createServices, type Services } from '../src/services';
import { withDatabaseName } from './support';

const SEED = 1;
const PASSWORD = 'bench-admin-password';
const env = process.env;
const ASSETS = Number(env.BENCH_SYNC_ASSETS ?? 100_000);
const INSPECTIONS = Number(env.BENCH_SYNC_INSPECTIONS ?? 5_000);
const FILES = Number(env.BENCH_SYNC_MEDIA_FILES ?? 500);
const MEDIA_MB = Number(env.BENCH_SYNC_MEDIA_MB ?? 1024);
const DB_PREFIX = env.BENCH_SYNC_DB_PREFIX ?? 'manway_bench';
const PG_URL = env.BENCH_DATABASE_URL ?? env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function fieldConfig(dataDir: string, officeUrl: string): Config {
  return loadConfig({
    ADMIN_PASSWORD: PASSWORD,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    OFFICE_URL: officeUrl,
    OFFICE_LOGIN: 'admin',
    OFFICE_PASSWORD: PASSWORD,
    SYNC_PAGE_SIZE: '2000',
  });
}

/** The child: the Field's agent runs one task and reports its time and peak memory. */
async function agentMain(fieldUrl: string, dataDir: string, officeUrl: string, taskId: number) {
  const db = await openPostgres(fieldUrl);
  const services = createServices(db, fieldConfig(dataDir, officeUrl));
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const status = await services.syncAgent.run(taskId);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await db.close();
  process.stdout.write(`${JSON.stringify({ status, seconds, peakRss: peak })}\n`);
}

async function runAgent(fieldUrl: string, dataDir: string, officeUrl: string, taskId: number) {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', self, 'agent', fieldUrl, dataDir, officeUrl, String(taskId)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((r) => child.on('close', r));
  if (code !== 0) throw new Error(`the agent process ended with ${code}`);
  const result = JSON.parse(out.trim().split('\n').at(-1)!) as { status: string; seconds: number; peakRss: number };
  if (result.status !== 'FinishedSuccessfully') throw new Error(`the agent's task ended ${result.status}`);
  return result;
}

async function system(name: string, dataDir: string, config: Config) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabaseName(PG_URL, name);
  const db = await openPostgres(url);
  await migrate(db);
  const services = createServices(db, config);
  await services.licensing.registerDefaultLicences();
  await services.users.ensureAdmin(PASSWORD);
  await services.demo.ensureReferenceData();
  await mkdir(dataDir, { recursive: true });
  return { url, db, services, dataDir };
}

async function dropDatabase(name: string) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

async function newTask(db: Database, scenario: string, settings: unknown) {
  const [user] = await db.query<{ id: string }>(sql`SELECT id FROM users WHERE login = 'admin'`);
  const [row] = await db.query<{ id: number }>(
    sql`INSERT INTO sync_agent_tasks (scenario, status, scheduled_for, user_id, login, task_settings)
     VALUES (${scenario}, 'Scheduled', now(), ${user!.id}, 'admin', ${settings === null ? null : JSON.stringify(settings)}::jsonb)
     RETURNING id::int AS id`,
  );
  return row!.id;
}

/** M completed inspections with observations on sections of the Field, and F media files on disk. */
async function fieldWork(field: { db: Database; dataDir: string }, mediaDir: string) {
  const [code] = await field.db.query<{ standard_id: string; code: string }>(
    sql`SELECT standard_id, code FROM observation_codes WHERE NOT characterisation_required AND NOT quantification_required
       AND NOT clock_required ORDER BY standard_id, code LIMIT 1`,
  );
  await field.db.query(
    sql`INSERT INTO inspections (asset_id, standard_id, inspected_at, weather, status, header, length_surveyed_m)
     SELECT a.id, ${code!.standard_id}, now() - (g || ' minutes')::interval, 'dry', 'pending', '{"operator": "bench"}', 42.5
     FROM generate_series(1, ${INSPECTIONS}::int) g
     JOIN LATERAL (SELECT id FROM assets WHERE object_type = 'section' ORDER BY id OFFSET g - 1 LIMIT 1) a ON true`,
  );
  await field.db.query(
    sql`INSERT INTO observations (inspection_id, standard_id, sequence, distance_m, code, remark)
     SELECT i.id, ${code!.standard_id}, s, s * 2.5, ${code!.code}, 'bench' FROM inspections i, generate_series(1, 4) s`,
  );
  const size = Math.floor((MEDIA_MB * 1024 * 1024) / FILES);
  const owners = await field.db.query<{ id: string }>(
    sql`SELECT id::text AS id FROM inspections ORDER BY id LIMIT ${FILES}`,
  );
  const files: string[] = [];
  const header = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]);
  for (const [i, owner] of owners.entries()) {
    const key = `bench/${i}.mp4`;
    const path = join(mediaDir, key);
    await mkdir(join(mediaDir, 'bench'), { recursive: true });
    const bytes = Buffer.concat([header, randomBytes(size - header.length)]);
    await writeFile(path, bytes);
    files.push(path);
    await field.db.query(
      sql`INSERT INTO media (owner_type, owner_id, kind, file_name, storage_key, content_type, sha256, size_bytes)
       VALUES ('inspection', ${owner.id}, 'video', ${`clip-${i}.mp4`}, ${key}, 'video/mp4',
         ${createHash('sha256').update(bytes).digest('hex')}, ${size})`,
    );
  }
  return { files, bytes: size * owners.length };
}

/** The baseline: the same files streamed one after another over plain Node HTTP to a bare server writing them to disk. */
async function plainHttpSeconds(files: string[], dir: string): Promise<number> {
  await mkdir(dir, { recursive: true });
  let n = 0;
  const server = createServer((req, res) => {
    const out = createWriteStream(join(dir, `${n++}.bin`));
    pipeline(req, out).then(
      () => res.end('ok'),
      () => res.destroy(),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const started = performance.now();
  for (const file of files) {
    const res = await fetch(`${base}/upload`, {
      method: 'PUT',
      body: ReadableStreamFrom(file),
      headers: { 'content-type': 'application/octet-stream' },
      duplex: 'half',
    } as RequestInit);
    await res.text();
  }
  const seconds = (performance.now() - started) / 1000;
  await new Promise<void>((r) => server.close(() => r()));
  return seconds;
}

function ReadableStreamFrom(file: string): ReadableStream {
  return Readable.toWeb(createReadStream(file, { highWaterMark: 1024 * 1024 })) as ReadableStream;
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

async function main() {
  const root = await mkdtemp(join(tmpdir(), 'manway-bench-sync-'));
  const officeName = `${DB_PREFIX}_office_${process.pid}`;
  const fieldName = `${DB_PREFIX}_field_${process.pid}`;
  let servicesToClose: { db: Database }[] = [];
  try {
    const officeDir = join(root, 'office');
    const officeConfig = loadConfig({
      ADMIN_PASSWORD: PASSWORD,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      DATA_DIR: officeDir,
    });
    const office = await system(officeName, officeDir, officeConfig);
    const readiness = new Readiness();
    readiness.state = { status: 'ready' };
    const app = await buildApp({
      config: officeConfig,
      db: office.db,
      services: office.services as Services,
      readiness,
    });
    const officeUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const fieldDir = join(root, 'field');
    const field = await system(fieldName, fieldDir, fieldConfig(fieldDir, officeUrl));
    servicesToClose = [office, field];

    console.log(
      `\nSync benchmark: PostgreSQL, ${fmt(ASSETS)} assets; ${fmt(INSPECTIONS)} inspections, ${fmt(FILES)} media files (${fmt(MEDIA_MB)} MB)`,
    );
    await office.services.scale.generate({ assets: ASSETS, seed: SEED, reset: false });
    const [{ n: assetCount }] = (await office.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM assets`)) as [
      { n: number },
    ];
    const assetsTask = await newTask(field.db, 'GettingAssets', {
      $type: 'GettingAssetsSettings',
      AllAssetsExport: true,
      AssetsFilterName: null,
    });
    const assetsRun = await runAgent(field.url, fieldDir, officeUrl, assetsTask);
    const copySeconds = await field.services.scale.rawCopySeconds(ASSETS, SEED);
    const indexedCopySeconds = await field.services.scale.rawCopySeconds(ASSETS, SEED, true);

    const work = await fieldWork(field, join(fieldDir, 'media'));
    const [{ n: observations, i: inspections }] = (await field.db.query<{ n: number; i: number }>(
      sql`SELECT count(*)::int AS n, (SELECT count(*)::int FROM inspections) AS i FROM observations`,
    )) as [{ n: number; i: number }];
    // First the inspections alone (no media), then the media (the inspections are then left as they are).
    await field.db.query(
      sql`INSERT INTO sync_user_settings (user_id, data) SELECT id, ${JSON.stringify({
        sendingCompletedTasksSettings: {
          AutoAcceptImportedTasks: true,
          ExistingTasksAction: 'Skip',
          SkipIfAssetNotExistInOffice: true,
          SkipIfNotExistInOffice: true,
          UploadAttachments: false,
          UploadFusionFiles: false,
          UploadImages: false,
          UploadVideo: false,
          ScheduledTasksFilterName: null,
        },
      })}::jsonb
       FROM users WHERE login = 'admin'
       ON CONFLICT (user_id) DO UPDATE SET data = excluded.data`,
    );
    // Freshly written files: flush them to disk first, so neither side pays for the write-back.
    spawnSync('sync');
    const plainBefore = await plainHttpSeconds(work.files, join(root, 'plain'));
    await rm(join(root, 'plain'), { recursive: true, force: true });
    const recordsRun = await runAgent(
      field.url,
      fieldDir,
      officeUrl,
      await newTask(field.db, 'SendingCompletedTasks', null),
    );
    await field.db.query(
      sql`UPDATE sync_user_settings SET data = jsonb_set(data, '{sendingCompletedTasksSettings,UploadVideo}', 'true')`,
    );
    const mediaRun = await runAgent(
      field.url,
      fieldDir,
      officeUrl,
      await newTask(field.db, 'SendingCompletedTasks', null),
    );
    // The media phase alone, as the agent's server log reports it (the run also re-sends the pages).
    const [log] = await field.db.query<{ server_log: string }>(
      sql`SELECT server_log FROM sync_agent_tasks WHERE scenario = 'SendingCompletedTasks' ORDER BY id DESC LIMIT 1`,
    );
    const moved = /Media moved: \d+ files, (\d+) bytes in ([\d.]+) s/.exec(log!.server_log);
    if (!moved || Number(moved[1]) !== work.bytes) throw new Error('the agent did not report moving every byte');
    const mediaSeconds = Number(moved[2]);
    const [check] = await office.db.query<{ n: number; bytes: number }>(
      sql`SELECT count(*)::int AS n, coalesce(sum(size_bytes), 0)::float8 AS bytes FROM media`,
    );
    if (check!.n !== work.files.length || check!.bytes !== work.bytes) {
      throw new Error(`the Office holds ${check!.n} files of ${check!.bytes} bytes, not ${work.files.length}`);
    }
    // The baseline before and after ours, averaged: the same bytes over plain HTTP in the same run.
    const plainSeconds = (plainBefore + (await plainHttpSeconds(work.files, join(root, 'plain')))) / 2;
    await app.close();

    const mb = work.bytes / (1024 * 1024);
    const rows = [
      ['measure', 'ours', 'baseline', 'ours / baseline'],
      [
        `getting assets (${fmt(assetCount)} records)`,
        `${fmt(assetCount / assetsRun.seconds)} records/s (${fmt(assetsRun.seconds, 1)} s)`,
        `${fmt(ASSETS / copySeconds)} rows/s bare COPY (${fmt(copySeconds, 1)} s)`,
        `${fmt((assetCount / assetsRun.seconds / (ASSETS / copySeconds)) * 100, 1)} %`,
      ],
      [
        '',
        '',
        `${fmt(ASSETS / indexedCopySeconds)} rows/s COPY into a table with the assets' indexes and checks (${fmt(indexedCopySeconds, 1)} s)`,
        `${fmt((assetCount / assetsRun.seconds / (ASSETS / indexedCopySeconds)) * 100, 1)} %`,
      ],
      [
        `sending completed tasks (${fmt(inspections)} inspections, ${fmt(observations)} observations)`,
        `${fmt(inspections / recordsRun.seconds)} inspections/s (${fmt(recordsRun.seconds, 1)} s)`,
        '',
        '',
      ],
      [
        `media upload (${fmt(work.files.length)} files, ${fmt(mb)} MB, 4 at a time, chunked, sha256 verified)`,
        `${fmt(mb / mediaSeconds, 1)} MB/s (${fmt(mediaSeconds, 1)} s; whole run ${fmt(mediaRun.seconds, 1)} s)`,
        `${fmt(mb / plainSeconds, 1)} MB/s plain Node HTTP stream, one file after another (${fmt(plainSeconds, 1)} s)`,
        `${fmt((plainSeconds / mediaSeconds) * 100, 1)} % (aim ≥ 80 %)`,
      ],
      [
        'agent peak memory (RSS, its own process)',
        `${fmt(Math.max(assetsRun.peakRss, recordsRun.peakRss, mediaRun.peakRss) / (1024 * 1024))} MB`,
        `assets ${fmt(assetsRun.peakRss / 1048576)} MB, records ${fmt(recordsRun.peakRss / 1048576)} MB, media ${fmt(mediaRun.peakRss / 1048576)} MB`,
        'aim < 300 MB',
      ],
    ];
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i]!)).join(' │ '));
  } finally {
    for (const s of servicesToClose) await s.db.close().catch(() => {});
    await dropDatabase(officeName).catch(() => {});
    await dropDatabase(fieldName).catch(() => {});
    await rm(root, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'agent') {
  const [, , , fieldUrl, dataDir, officeUrl, taskId] = process.argv;
  await agentMain(fieldUrl!, dataDir!, officeUrl!, Number(taskId));
} else {
  await main();
}
