/**
 * Forms and records benchmark (issue 16):
 * - opening an inspection of 500 observations as the page does (the details template, the header tab,
 *   the observation form's template and the 500 observations with their values) beside the bare SQL
 *   that reads the same rows;
 * - an observation POST with three 4 MB photos (multipart, hashed and stored content-addressed) beside
 *   a plain multipart upload to a bare Fastify route that streams the same parts to disk, in MB/s.
 * PGlite always; PostgreSQL too when DATABASE_URL is set.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { loadConfig } from '../src/config';
import { openPglite, type Database } from '../src/db/connection';
import { migrate } from '../src/db/migrate';
import { sql } from '../src/db/sql';
import { createServices } from '../src/services';
import { expectOk, listenApp, printTable, scratchPostgres, signIn, timeRuns } from './support';

const OPEN_RUNS = Number(process.env.BENCH_FORMS_RUNS ?? 100);
const UPLOAD_RUNS = Number(process.env.BENCH_FORMS_UPLOADS ?? 20);
const OBSERVATIONS = 500;
const PHOTO_BYTES = 4 * 1024 * 1024;
const ADMIN_PASSWORD = 'bench-admin-password';

async function openDatabase(kind: 'pglite' | 'postgres', dir: string) {
  if (kind === 'pglite') {
    const db = await openPglite({ dir: join(dir, 'db') });
    return { db, drop: () => db.close() };
  }
  return scratchPostgres(process.env.DATABASE_URL!, `manway_bench_forms_${process.pid}`);
}

/** A section with an incomplete inspection of 500 observations of codes that need nothing more. */
async function inspectionOf500(db: Database): Promise<number> {
  const [section] = await db.query<{ id: string }>(
    sql`SELECT id FROM assets WHERE object_type = 'section' ORDER BY id LIMIT 1`,
  );
  const [inspection] = await db.query<{ id: number }>(
    sql`INSERT INTO inspections (asset_id, standard_id, inspected_at, direction, weather, status, header, length_surveyed_m)
        VALUES (${section!.id}, 'manway-demo', now() - interval '1 day', 'downstream', 'dry', 'incomplete',
                '{"operator": "bench", "flowControl": "none"}', 250) RETURNING id::int AS id`,
  );
  await db.query(
    sql`INSERT INTO observations (inspection_id, standard_id, sequence, distance_m, code, characterisation,
          clock_from, clock_to, grade, remark)
        SELECT ${inspection!.id}, 'manway-demo', g, g * 0.5, 'SCR', 'L', 3, 9, 2, 'bench observation ' || g
        FROM generate_series(1, ${OBSERVATIONS}::int) g`,
  );
  return inspection!.id;
}

async function benchOne(kind: 'pglite' | 'postgres'): Promise<string[][]> {
  const dir = await mkdtemp(join(tmpdir(), 'manway-bench-forms-'));
  const { db, drop } = await openDatabase(kind, dir);
  const bare = Fastify();
  try {
    const config = loadConfig({ ADMIN_PASSWORD, SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dir });
    await migrate(db);
    const services = createServices(db, config);
    await services.licensing.registerDefaultLicences();
    await services.users.ensureAdmin(ADMIN_PASSWORD);
    await services.demo.ensureReferenceData();
    await services.forms.ensureShippedTemplates('office');
    await services.scale.generate({ assets: 2_000, seed: 1, reset: false });
    const inspectionId = await inspectionOf500(db);

    const { app, base } = await listenApp(db, services, config);
    const headers = await signIn(base, 'admin', ADMIN_PASSWORD);

    // What the page asks when an inspection opens: the tabs, the header tab, the observation form and the list.
    const openInspection = await timeRuns(OPEN_RUNS, async () => {
      await Promise.all([
        fetch(`${base}/api/object-details-templates/Inspection/${inspectionId}`, { headers }).then(expectOk),
        fetch(`${base}/api/object-forms/Inspection/${inspectionId}/header`, { headers }).then(expectOk),
        fetch(`${base}/api/object-forms/Observation/empty`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ parentType: 'Inspection', parentId: inspectionId }),
        }).then(expectOk),
        fetch(`${base}/api/observations?parentObjectType=Inspection&parentObjectId=${inspectionId}`, {
          headers,
        }).then(expectOk),
      ]);
    });
    const listed = (await (
      await fetch(`${base}/api/observations?parentObjectType=Inspection&parentObjectId=${inspectionId}`, { headers })
    ).json()) as { items: unknown[] };
    if (listed.items.length !== OBSERVATIONS) throw new Error(`listed ${listed.items.length} observations`);

    // The same rows, bare: the inspection, the two templates, the codes and the observations with media.
    const bareOpen = await timeRuns(OPEN_RUNS, async () => {
      await Promise.all([
        db.query(
          sql`SELECT i.*, a.asset_code FROM inspections i JOIN assets a ON a.id = i.asset_id WHERE i.id = ${inspectionId}`,
        ),
        db.query(sql`SELECT definition FROM form_templates WHERE standard_id = 'manway-demo'`),
        db.query(sql`SELECT * FROM observation_codes WHERE standard_id = 'manway-demo'`),
        db.query(
          sql`SELECT o.*, (SELECT count(*) FROM media m WHERE m.owner_type = 'observation' AND m.owner_id = o.id) AS media
              FROM observations o WHERE o.inspection_id = ${inspectionId} ORDER BY o.sequence`,
        ),
      ]);
    });

    // Uploads: three 4 MB photos per request.
    const photo = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(PHOTO_BYTES - 4)]);
    const photos = Array.from({ length: UPLOAD_RUNS + 5 }, () => [photo(), photo(), photo()]);
    const form = (i: number, data: unknown) => {
      const body = new FormData();
      body.append('Data', JSON.stringify(data));
      photos[i]!.forEach((p, n) => body.append('Files[]', new Blob([p], { type: 'image/jpeg' }), `photo-${n}.jpg`));
      return body;
    };
    let sent = 0;
    const upload = await timeRuns(UPLOAD_RUNS, async () => {
      const i = sent++;
      await fetch(`${base}/api/observations`, {
        method: 'POST',
        headers,
        body: form(i, {
          InspectionId: inspectionId,
          FormValues: { code: 'XPH', distanceM: 10 + i, remark: `bench photo ${i}` },
        }),
      }).then(expectOk);
    });

    await bare.register(multipart, { limits: { fileSize: 100 * 1024 * 1024 } });
    let stored = 0;
    bare.post('/upload', async (request) => {
      for await (const part of request.parts()) {
        if (part.type === 'file') await pipeline(part.file, createWriteStream(join(dir, `bare-${stored++}`)));
      }
      return { ok: true };
    });
    const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
    let bareSent = 0;
    const bareUpload = await timeRuns(UPLOAD_RUNS, async () => {
      await fetch(`${bareBase}/upload`, { method: 'POST', body: form(bareSent++, { bench: true }) }).then(expectOk);
    });
    await app.close();

    const mb = (3 * PHOTO_BYTES) / (1024 * 1024);
    const rate = (t: { total: number }) => (UPLOAD_RUNS * mb) / (t.total / 1000);
    const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    return [
      [
        `${label}: open an inspection of ${OBSERVATIONS} observations (4 calls) p50 / p95`,
        `${fmt(openInspection.p50)} / ${fmt(openInspection.p95)}`,
        `bare SQL of the same rows ${fmt(bareOpen.p50)} / ${fmt(bareOpen.p95)}`,
        `${(openInspection.p95 / bareOpen.p95).toFixed(2)}×`,
      ],
      [
        `${label}: POST /api/observations with 3 × 4 MB photos (MB/s)`,
        `${rate(upload).toFixed(0)} MB/s (p95 ${fmt(upload.p95)})`,
        `bare multipart route ${rate(bareUpload).toFixed(0)} MB/s (p95 ${fmt(bareUpload.p95)})`,
        `${((100 * rate(upload)) / rate(bareUpload)).toFixed(0)} %`,
      ],
    ];
  } finally {
    await bare.close();
    await drop();
    await rm(dir, { recursive: true, force: true });
  }
}

const rows = [...(await benchOne('pglite'))];
if (process.env.DATABASE_URL) rows.push(...(await benchOne('postgres')));
printTable(
  `Forms and records (${OPEN_RUNS} opens, ${UPLOAD_RUNS} uploads each)`,
  ['measure', 'Manway', 'baseline (same run)', 'ratio'],
  rows,
);
if (!process.env.DATABASE_URL) console.log('\nPostgreSQL skipped: DATABASE_URL is not set.');
