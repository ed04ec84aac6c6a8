/**
 * WebSync scenarios 1 and 2 and their media between two real systems: an Office and a Field server,
 * each on its own database and DATA_DIR, the Field's agent reaching the Office over HTTP through a
 * proxy the tests can watch and use to kill a run mid-transfer (nothing mocked).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { Transform } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ID_HEADER } from '@manway/core/editions';
import { NETWORK_TABLES } from '../src/modules/demo/repository';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { TEST_ADMIN_PASSWORD } from './template';
import { sql, type SQL } from '../src/db/sql';

/**
 * Forwards to the Office and tells the tests about each media request and the bytes it carries; it
 * can hold a request until the test has looked at the Field, and flip a byte of a request's body on
 * its way, as a faulty link would.
 */
class Link {
  onMedia: ((e: { method: string; path: string; bytes: number; phase: 'data' | 'end' }) => void) | undefined;
  beforeForward: ((method: string, path: string) => Promise<void>) | undefined;
  corrupts: ((method: string, path: string) => boolean) | undefined;
  private server!: Server;
  url = '';
  constructor(private readonly target: string) {}

  async start() {
    const target = new URL(this.target);
    this.server = createServer((req, res) => {
      req.pause();
      void (this.beforeForward?.(req.method!, req.url!) ?? Promise.resolve()).then(() =>
        this.forward(target, req, res),
      );
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private forward(target: URL, req: IncomingMessage, res: ServerResponse) {
    const media = req.url?.startsWith('/api/sync/media/') ? req.url : undefined;
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        let bytes = 0;
        up.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (media) this.onMedia?.({ method: req.method!, path: media, bytes, phase: 'data' });
        });
        up.on('end', () => {
          if (media) this.onMedia?.({ method: req.method!, path: media, bytes, phase: 'end' });
        });
        up.pipe(res);
      },
    );
    upstream.on('error', () => req.socket.destroy());
    if (this.corrupts?.(req.method!, req.url!)) req.pipe(flipAByte()).pipe(upstream);
    else req.pipe(upstream);
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}

/** Passes a body on with one byte of its first chunk inverted: same length and type, other content. */
function flipAByte(): Transform {
  let first = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (first && chunk.length > 0) {
        first = false;
        const copy = Buffer.from(chunk);
        copy[copy.length - 1] = copy[copy.length - 1]! ^ 0xff;
        return done(null, copy);
      }
      done(null, chunk);
    },
  });
}

const officeDir = mkdtempSync(join(tmpdir(), 'manway-office-'));
const fieldDir = mkdtempSync(join(tmpdir(), 'manway-field-'));
let office: TestServer;
let field: TestServer;
let link: Link;
let fieldAdmin: TestClient;
let officeSyncer: TestClient;
let fieldSyncerId: string;

const one = async <T = any>(s: TestServer, statement: SQL) => (await s.db.query<T>(statement))[0]!;
const LONG = 180_000;
const MB = 1024 * 1024;

const SIGNATURES: Record<string, Buffer> = {
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  'video/mp4': Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]),
  'application/pdf': Buffer.from('%PDF-1.7\n'),
  'application/octet-stream': Buffer.from('FUSION'),
};

/** A real file under the system's DATA_DIR and its media row; answers its global id and sha256. */
async function addMedia(
  s: TestServer,
  dataDir: string,
  owner: { type: 'asset' | 'inspection' | 'observation'; id: string },
  kind: 'image' | 'video' | 'document' | 'fusion',
  contentType: string,
  size: number,
) {
  const bytes = Buffer.concat([SIGNATURES[contentType]!, randomBytes(size - SIGNATURES[contentType]!.length)]);
  const globalId = randomUUID();
  const key = `test/${globalId}`;
  mkdirSync(dirname(join(dataDir, 'media', key)), { recursive: true });
  writeFileSync(join(dataDir, 'media', key), bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await s.db.query(
    sql`INSERT INTO media (global_id, owner_type, owner_id, kind, file_name, storage_key, content_type, sha256, size_bytes)
     VALUES (${globalId}, ${owner.type}, ${owner.id}, ${kind}, ${`${kind}-${globalId.slice(0, 8)}`}, ${key}, ${contentType}, ${sha256}, ${size})`,
  );
  return { globalId, sha256 };
}

/** The sha256 of the bytes a system holds on disk for a media id, and how many rows it has for it. */
async function heldFile(s: TestServer, dataDir: string, globalId: string) {
  const rows = await s.db.query<{ storage_key: string; sha256: string }>(
    sql`SELECT storage_key, sha256 FROM media WHERE global_id = ${globalId}`,
  );
  if (rows.length === 0) return { rows: 0, sha256: null, declared: null };
  const bytes = readFileSync(join(dataDir, 'media', rows[0]!.storage_key));
  return { rows: rows.length, sha256: createHash('sha256').update(bytes).digest('hex'), declared: rows[0]!.sha256 };
}

async function newTask(scenario: string, settings?: unknown): Promise<number> {
  const row = await one(
    field,
    sql`INSERT INTO sync_agent_tasks (scenario, status, scheduled_for, user_id, login, task_settings)
     VALUES (${scenario}, 'Scheduled', now(), ${fieldSyncerId}, 'syncer', ${settings === undefined ? null : JSON.stringify(settings)}::jsonb) RETURNING id::int AS id`,
  );
  return row.id as number;
}

async function logOf(id: number, type: 'Server' | 'Client') {
  return (await fieldAdmin.get(`/api/syncAgentTask/log?taskId=${id}&type=${type}`)).text;
}

async function setSettings(section: string, values: Record<string, unknown>) {
  const current = await one(field, sql`SELECT data FROM sync_user_settings WHERE user_id = ${fieldSyncerId}`).catch(
    () => undefined,
  );
  const data = { ...((current?.data as Record<string, unknown>) ?? {}) };
  data[section] = values;
  await field.db.query(
    sql`INSERT INTO sync_user_settings (user_id, data) VALUES (${fieldSyncerId}, ${JSON.stringify(data)}::jsonb)
     ON CONFLICT (user_id) DO UPDATE SET data = excluded.data`,
  );
}

const GETTING = {
  AutoAcceptImportedTasks: true,
  DownloadAttachments: true,
  DownloadFusionFiles: true,
  DownloadImages: true,
  DownloadVideo: false,
  SkipIfAssetNotExistInField: false,
  FilterName: 'Very poor sections',
};
const SENDING = {
  AutoAcceptImportedTasks: true,
  ExistingTasksAction: 'Skip',
  SkipIfAssetNotExistInOffice: true,
  SkipIfNotExistInOffice: true,
  UploadAttachments: true,
  UploadFusionFiles: true,
  UploadImages: true,
  UploadVideo: true,
  ScheduledTasksFilterName: null,
};

beforeAll(async () => {
  office = await startTestServer({ env: { DATA_DIR: officeDir } });
  link = new Link(office.base);
  await link.start();
  field = await startTestServer({
    env: {
      DATA_DIR: fieldDir,
      OFFICE_URL: link.url,
      OFFICE_LOGIN: 'syncer',
      OFFICE_PASSWORD: 'syncer-demo',
      OFFICE_RETRY_SECONDS: '0.05,0.1',
      SYNC_PAGE_SIZE: '50',
      MEDIA_MAX_MB: '64',
    },
  });
  await field.db.exec(`TRUNCATE ${NETWORK_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
  // Accepting field work needs editor permissions in the Office: the agent's Office account here is
  // an editor with the websync permission (a regular one delivers for review; tested below).
  await office.db.query(sql`UPDATE users SET role = 'editor' WHERE login = 'syncer'`);
  fieldAdmin = field.client();
  await fieldAdmin.signIn('admin', TEST_ADMIN_PASSWORD);
  officeSyncer = office.client();
  await officeSyncer.signIn('syncer', 'syncer-demo');
  fieldSyncerId = (await one(field, sql`SELECT id FROM users WHERE login = 'syncer'`)).id;
  // What planned tasks need first: the structure and the projects.
  expect(await field.services.syncAgent.run(await newTask('GettingDatabaseStructure'))).toBe('FinishedSuccessfully');
  const projects = { $type: 'GettingProjectsSettings', AllProjectsExport: true, ProjectsFilterName: null };
  expect(await field.services.syncAgent.run(await newTask('GettingProjects', projects))).toBe('FinishedSuccessfully');
}, LONG);

afterAll(async () => {
  await field?.close();
  await link?.stop();
  await office?.close();
  rmSync(officeDir, { recursive: true, force: true });
  rmSync(fieldDir, { recursive: true, force: true });
});

/** The Office's open tasks on the sections 'Very poor sections' matches. */
const FILTERED_TASKS = sql`SELECT t.id::text AS id, t.global_id::text AS global_id, t.asset_id::text AS asset_id FROM tasks t
  JOIN assets a ON a.id = t.asset_id
  WHERE t.state IN ('planned', 'started') AND a.object_type = 'section' AND a.condition_grade >= 4
  ORDER BY t.global_id`;

let officeMedia: Record<string, { globalId: string; sha256: string }> = {};

describe('scenario 1: getting planned tasks', () => {
  it(
    "copies the tasks the saved filter matches with their assets' data, auto-accepted, and the media as set",
    async () => {
      const tasks = await office.db.query<{ id: string; global_id: string; asset_id: string }>(FILTERED_TASKS);
      expect(tasks.length).toBeGreaterThan(0);
      const asset = { type: 'asset' as const, id: tasks[0]!.asset_id };
      officeMedia = {
        image: await addMedia(office, officeDir, asset, 'image', 'image/jpeg', 300_000),
        video: await addMedia(office, officeDir, asset, 'video', 'video/mp4', 2 * MB),
        document: await addMedia(office, officeDir, asset, 'document', 'application/pdf', 50_000),
        fusion: await addMedia(office, officeDir, asset, 'fusion', 'application/octet-stream', 3 * MB),
      };
      await setSettings('gettingTasksSettings', GETTING);

      const id = await newTask('GettingPlannedTasks', {
        $type: 'GettingTasksSettings',
        FilterName: 'Very poor sections',
      });
      expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');

      const copied = await field.db.query<{ global_id: string; accepted: boolean }>(
        sql`SELECT global_id::text AS global_id, accepted_at IS NOT NULL AS accepted FROM tasks ORDER BY global_id`,
      );
      expect(copied.map((t) => t.global_id)).toEqual(tasks.map((t) => t.global_id));
      expect(copied.every((t) => t.accepted)).toBe(true);
      // Each task comes with its crew and date, so the Field's crew finds its work.
      const crews = async (s: TestServer) =>
        s.db.query(
          sql`SELECT t.global_id::text AS task, a.global_id::text AS assignment, u.login, a.scheduled_date::text AS day,
             a.status
           FROM tasks t JOIN assignment_tasks at ON at.task_id = t.id JOIN assignments a ON a.id = at.assignment_id
           LEFT JOIN users u ON u.id = a.assigned_to
           WHERE t.global_id = ANY(${tasks.map((t) => t.global_id)}::uuid[]) ORDER BY 1`,
        );
      const fieldCrews = await crews(field);
      expect(fieldCrews.length).toBeGreaterThan(0);
      expect(fieldCrews).toEqual(await crews(office));
      // Each task's asset came with it, with its end nodes.
      const missing = await one(
        field,
        sql`SELECT count(*)::int AS n FROM tasks t JOIN assets a ON a.id = t.asset_id
         WHERE a.from_node_id IS NULL OR a.to_node_id IS NULL`,
      );
      expect(missing.n).toBe(0);

      for (const kind of ['image', 'document', 'fusion']) {
        const held = await heldFile(field, fieldDir, officeMedia[kind]!.globalId);
        expect(held, kind).toEqual({ rows: 1, sha256: officeMedia[kind]!.sha256, declared: officeMedia[kind]!.sha256 });
      }
      expect((await heldFile(field, fieldDir, officeMedia.video!.globalId)).rows).toBe(0);

      const media = await fieldAdmin.get(`/api/syncAgentTask/media?taskId=${id}`);
      expect(media.status).toBe(200);
      expect(media.body).toHaveLength(3);
      for (const m of media.body) {
        expect(m).toMatchObject({ status: 'Completed', percentsComplete: 100 });
        expect(m.jobName).toMatch(/^Task /);
        expect(Object.keys(m).sort()).toEqual(['fileName', 'jobName', 'percentsComplete', 'status']);
      }
      expect(await logOf(id, 'Client')).toMatch(/Planned tasks \(filter "Very poor sections"\): \d+ copied/);
    },
    LONG,
  );

  it('a re-run copies nothing twice: tasks up to date, files already there', async () => {
    const versions = await one(field, sql`SELECT sum(version)::int AS v, count(*)::int AS n FROM tasks`);
    const id = await newTask('GettingPlannedTasks', {
      $type: 'GettingTasksSettings',
      FilterName: 'Very poor sections',
    });
    expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
    expect(await one(field, sql`SELECT sum(version)::int AS v, count(*)::int AS n FROM tasks`)).toEqual(versions);
    expect(await logOf(id, 'Client')).toMatch(
      /Planned tasks \(filter "Very poor sections"\): 0 copied, \d+ already up to date/,
    );
    const media = (await fieldAdmin.get(`/api/syncAgentTask/media?taskId=${id}`)).body;
    expect(media.map((m: { status: string }) => m.status)).toEqual([
      'AlreadyPresent',
      'AlreadyPresent',
      'AlreadyPresent',
    ]);
    expect((await one(field, sql`SELECT count(*)::int AS n FROM media`)).n).toBe(3);
  });

  it('skips a task whose asset is missing in the field when so set, and says why', { timeout: LONG }, async () => {
    await setSettings('gettingTasksSettings', { ...GETTING, SkipIfAssetNotExistInField: true, FilterName: null });
    const before = (await one(field, sql`SELECT count(*)::int AS n FROM assets`)).n;
    const id = await newTask('GettingPlannedTasks');
    expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
    // Only tasks on assets the Field has arrive: no asset was brought for a task.
    expect((await one(field, sql`SELECT count(*)::int AS n FROM assets`)).n).toBe(before);
    expect(await logOf(id, 'Client')).toMatch(/Skipped task on \S+: its asset is not in the Field system \(as set\)\./);
  });

  it(
    'without auto-accept, new tasks arrive not yet accepted',
    async () => {
      await setSettings('gettingTasksSettings', {
        ...GETTING,
        AutoAcceptImportedTasks: false,
        FilterName: 'Old or brittle sections',
      });
      const before = await field.db.query<{ global_id: string }>(sql`SELECT global_id::text AS global_id FROM tasks`);
      const id = await newTask('GettingPlannedTasks');
      expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
      const fresh = await one(
        field,
        sql`SELECT count(*)::int AS n, count(accepted_at)::int AS accepted FROM tasks WHERE global_id <> ALL(${before.map((t) => t.global_id)}::uuid[])`,
      );
      expect(fresh.n).toBeGreaterThan(0);
      expect(fresh.accepted).toBe(0);
    },
    LONG,
  );

  it(
    'an agent killed mid-download and restarted resumes from the bytes it has; checksums equal',
    async () => {
      const [t] = await office.db.query<{ asset_id: string }>(FILTERED_TASKS);
      const big = await addMedia(office, officeDir, { type: 'asset', id: t!.asset_id }, 'video', 'video/mp4', 24 * MB);
      await setSettings('gettingTasksSettings', { ...GETTING, DownloadVideo: true });
      const controller = new AbortController();
      link.onMedia = (e) => {
        // Half the file sent: more than loopback buffers hold, so the agent has written some of it.
        if (e.method === 'GET' && e.path.includes(big.globalId) && e.bytes > 12 * MB) controller.abort();
      };
      const id = await newTask('GettingPlannedTasks');
      try {
        expect(await field.services.syncAgent.run(id, controller.signal)).toBeUndefined();
      } finally {
        link.onMedia = undefined;
      }
      expect((await heldFile(field, fieldDir, big.globalId)).rows).toBe(0);
      const partial = (await fieldAdmin.get(`/api/syncAgentTask/media?taskId=${id}`)).body.find(
        (m: { fileName: string }) => m.fileName.endsWith(big.globalId.slice(0, 8)),
      );
      expect(partial.status).toBe('Transferring');

      expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
      expect(await logOf(id, 'Server')).toMatch(/Resuming the download of video-\w+ at byte [1-9]\d+/);
      expect(await heldFile(field, fieldDir, big.globalId)).toEqual({
        rows: 1,
        sha256: big.sha256,
        declared: big.sha256,
      });
      expect(await heldFile(field, fieldDir, officeMedia.video!.globalId)).toMatchObject({ rows: 1 });
    },
    LONG,
  );
});

/** Field inspections, completed, on tasks the Field got from the Office (and two that the rules skip). */
const fieldInspections: string[] = [];
let skippedForTask = '';
let skippedForAsset = '';
let fieldPhoto: { globalId: string; sha256: string };
/** A photo a crew added in the Field through the gallery (POST api/media/{type}/{id}). */
let galleryPhoto: { globalId: string; sha256: string };

async function addInspection(taskId: string | null, assetId: string, weather = 'dry') {
  const standard = await one(field, sql`SELECT standard_id FROM projects LIMIT 1`);
  const code = await one(
    field,
    sql`SELECT code FROM observation_codes WHERE standard_id = ${standard.standard_id} ORDER BY code LIMIT 1`,
  );
  const row = await one(
    field,
    sql`INSERT INTO inspections (asset_id, task_id, standard_id, inspected_at, weather, status, header)
     VALUES (${assetId}, ${taskId}, ${standard.standard_id}, now() - interval '1 day', ${weather}, 'pending', '{"operator": "crew 1"}') RETURNING id::text AS id, global_id::text AS global_id`,
  );
  for (const sequence of [1, 2]) {
    await field.db.query(
      sql`INSERT INTO observations (inspection_id, standard_id, sequence, distance_m, code, remark)
       VALUES (${row.id}, ${standard.standard_id}, ${sequence}, ${sequence * 3.5}, ${code.code}, 'seen')`,
    );
  }
  return row as { id: string; global_id: string };
}

const officeInspection = (globalId: string) =>
  one(office, sql`SELECT status, review, weather, version FROM inspections WHERE global_id = ${globalId}`).catch(
    () => undefined,
  );

describe('scenario 2: sending completed tasks', () => {
  it(
    'sends completed inspections with observations and media, auto-accepted, skipping by the rules',
    async () => {
      await setSettings('sendingCompletedTasksSettings', SENDING);
      const tasks = await field.db.query<{ id: string; asset_id: string }>(
        sql`SELECT id::text AS id, asset_id::text AS asset_id FROM tasks WHERE accepted_at IS NOT NULL ORDER BY global_id LIMIT 3`,
      );
      for (const t of tasks) fieldInspections.push((await addInspection(t.id, t.asset_id)).global_id);
      const first = await one(
        field,
        sql`SELECT id::text AS id FROM inspections WHERE global_id = ${fieldInspections[0]}`,
      );
      fieldPhoto = await addMedia(
        field,
        fieldDir,
        { type: 'inspection', id: first.id },
        'image',
        'image/jpeg',
        200_000,
      );

      const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#6b5a45' } })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'joint.jpg');
      const added = await fetch(`${field.base}/api/media/Inspection/${first.id}`, {
        method: 'POST',
        headers: { [SESSION_ID_HEADER]: 'test-page', origin: field.base, cookie: fieldAdmin.cookie! },
        body: form,
      });
      expect(added.status).toBe(201);
      const addedId = ((await added.json()) as { items: { id: number }[] }).items[0]!.id;
      galleryPhoto = {
        globalId: (await one(field, sql`SELECT global_id::text AS g FROM media WHERE id = ${addedId}`)).g,
        sha256: createHash('sha256').update(photo).digest('hex'),
      };

      // A task the Office never had (closed: its asset's open task is the Office's), and an asset the
      // Office never had.
      const project = await one(field, sql`SELECT id::text AS id FROM projects LIMIT 1`);
      const fieldTask = await one(
        field,
        sql`INSERT INTO tasks (project_id, task_type, asset_id, state) VALUES (${project.id}, 'inspect', ${tasks[0]!.asset_id}, 'completed') RETURNING id::text AS id`,
      );
      skippedForTask = (await addInspection(fieldTask.id, tasks[0]!.asset_id)).global_id;
      const node = await one(
        field,
        sql`INSERT INTO assets (object_type, subtype, asset_code, geom)
         SELECT object_type, subtype, asset_code || '-FIELD', geom FROM assets WHERE object_type = 'node' LIMIT 1
         RETURNING id::text AS id`,
      );
      skippedForAsset = (await addInspection(null, node.id)).global_id;

      const id = await newTask('SendingCompletedTasks');
      expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
      for (const g of fieldInspections) {
        expect(await officeInspection(g)).toMatchObject({ status: 'completed', review: 'accepted' });
        const obs = await one(
          office,
          sql`SELECT count(*)::int AS n FROM observations o JOIN inspections i ON i.id = o.inspection_id WHERE i.global_id = ${g}`,
        );
        expect(obs.n).toBe(2);
      }
      const officeTasks = await office.db.query<{ state: string }>(
        sql`SELECT t.state FROM tasks t JOIN inspections i ON i.task_id = t.id WHERE i.global_id = ANY(${fieldInspections}::uuid[])`,
      );
      expect(officeTasks.map((t) => t.state)).toEqual(['completed', 'completed', 'completed']);
      expect(await officeInspection(skippedForTask)).toBeUndefined();
      expect(await officeInspection(skippedForAsset)).toBeUndefined();
      const client = await logOf(id, 'Client');
      expect(client).toMatch(/Skipped inspection of \S+ on [\d-]+: its task is not in the Office system\./);
      expect(client).toMatch(/Skipped inspection of \S+-FIELD on [\d-]+: its asset is not in the Office system\./);
      expect(await heldFile(office, officeDir, fieldPhoto.globalId)).toEqual({
        rows: 1,
        sha256: fieldPhoto.sha256,
        declared: fieldPhoto.sha256,
      });
      // The gallery's upload reaches the Office once, byte-identical.
      expect(await heldFile(office, officeDir, galleryPhoto.globalId)).toEqual({
        rows: 1,
        sha256: galleryPhoto.sha256,
        declared: galleryPhoto.sha256,
      });
    },
    LONG,
  );

  it('a re-run copies nothing twice (Skip leaves the Office tasks as they are)', async () => {
    const before = await one(office, sql`SELECT count(*)::int AS n, sum(version)::int AS v FROM inspections`);
    const id = await newTask('SendingCompletedTasks');
    expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
    expect(await one(office, sql`SELECT count(*)::int AS n, sum(version)::int AS v FROM inspections`)).toEqual(before);
    expect(await logOf(id, 'Client')).toMatch(
      /Completed inspections: 0 copied, 0 already up to date, 3 left as they are, 2 skipped/,
    );
    const dup = await one(office, sql`SELECT count(*)::int AS n FROM media WHERE global_id = ${fieldPhoto.globalId}`);
    expect(dup.n).toBe(1);
    const media = (await fieldAdmin.get(`/api/syncAgentTask/media?taskId=${id}`)).body;
    expect(media).toEqual([
      expect.objectContaining({ status: 'AlreadyPresent', percentsComplete: 100 }),
      expect.objectContaining({ status: 'AlreadyPresent', percentsComplete: 100 }),
    ]);
    const again = await one(
      office,
      sql`SELECT count(*)::int AS n FROM media WHERE global_id = ${galleryPhoto.globalId}`,
    );
    expect(again.n).toBe(1);
  });

  it("ExistingTasksAction: 'Only update office task if not yet accepted', then 'Always update office task'", async () => {
    await field.db.query(
      sql`UPDATE inspections SET weather = 'rain' WHERE global_id = ANY(${fieldInspections}::uuid[])`,
    );
    // The Office has not accepted the first one (yet); it accepted the others.
    await office.db.query(
      sql`UPDATE inspections SET status = 'pending', review = NULL, reviewed_by = NULL, reviewed_at = NULL WHERE global_id = ${fieldInspections[0]}`,
    );
    await setSettings('sendingCompletedTasksSettings', {
      ...SENDING,
      ExistingTasksAction: 'UpdateNotAcceptedTasks',
      AutoAcceptImportedTasks: false,
    });
    const id = await newTask('SendingCompletedTasks');
    expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
    expect(await officeInspection(fieldInspections[0]!)).toMatchObject({
      weather: 'rain',
      status: 'pending',
      review: null,
    });
    expect(await officeInspection(fieldInspections[1]!)).toMatchObject({ weather: 'dry', review: 'accepted' });
    expect(await logOf(id, 'Client')).toMatch(/the Office has accepted it; only not yet accepted tasks are updated/);

    await setSettings('sendingCompletedTasksSettings', { ...SENDING, ExistingTasksAction: 'AlwaysUpdate' });
    const always = await newTask('SendingCompletedTasks');
    expect(await field.services.syncAgent.run(always)).toBe('FinishedSuccessfully');
    // Updated, and an accepted inspection stays accepted.
    expect(await officeInspection(fieldInspections[1]!)).toMatchObject({ weather: 'rain', review: 'accepted' });
    expect(await officeInspection(fieldInspections[0]!)).toMatchObject({ weather: 'rain', review: 'accepted' });
    const again = await newTask('SendingCompletedTasks');
    expect(await field.services.syncAgent.run(again)).toBe('FinishedSuccessfully');
    expect(await logOf(again, 'Client')).toMatch(/Completed inspections: 0 copied, 3 already up to date/);
  });

  it('with the skip rules off, an inspection of an asset the Office lacks brings its asset', async () => {
    await setSettings('sendingCompletedTasksSettings', {
      ...SENDING,
      SkipIfAssetNotExistInOffice: false,
      SkipIfNotExistInOffice: false,
    });
    const id = await newTask('SendingCompletedTasks');
    expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
    expect(await officeInspection(skippedForAsset)).toMatchObject({ status: 'completed' });
    expect(await officeInspection(skippedForTask)).toMatchObject({ status: 'completed' });
    const asset = await one(office, sql`SELECT count(*)::int AS n FROM assets WHERE asset_code LIKE '%-FIELD'`);
    expect(asset.n).toBe(1);
  });

  it(
    'an agent killed mid-upload and restarted continues where the Office stopped; no loss, no duplicate',
    async () => {
      await setSettings('sendingCompletedTasksSettings', SENDING);
      const inspection = await one(
        field,
        sql`SELECT id::text AS id FROM inspections WHERE global_id = ${fieldInspections[1]}`,
      );
      const video = await addMedia(
        field,
        fieldDir,
        { type: 'inspection', id: inspection.id },
        'video',
        'video/mp4',
        20 * MB,
      );
      const controller = new AbortController();
      link.onMedia = (e) => {
        if (e.method === 'PUT' && e.path.includes(`${video.globalId}/content?offset=0`) && e.phase === 'end') {
          controller.abort();
        }
      };
      const id = await newTask('SendingCompletedTasks');
      try {
        expect(await field.services.syncAgent.run(id, controller.signal)).toBeUndefined();
      } finally {
        link.onMedia = undefined;
      }
      expect((await heldFile(office, officeDir, video.globalId)).rows).toBe(0);
      const progress = (await fieldAdmin.get(`/api/syncAgentTask/media?taskId=${id}`)).body;
      expect(progress.find((m: { fileName: string }) => m.fileName.startsWith('video'))).toMatchObject({
        status: 'Transferring',
      });

      expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
      expect(await logOf(id, 'Server')).toMatch(/Resuming the upload of video-\w+ at byte 8388608/);
      expect(await heldFile(office, officeDir, video.globalId)).toEqual({
        rows: 1,
        sha256: video.sha256,
        declared: video.sha256,
      });
      expect((await fieldAdmin.get(`/api/syncAgentTask/media?taskId=${id}`)).body).toContainEqual(
        expect.objectContaining({ status: 'Completed', percentsComplete: 100 }),
      );
    },
    LONG,
  );

  it(
    'a file the Office fails to verify once is sent again in the same run, waiting meanwhile; the task succeeds',
    async () => {
      await setSettings('sendingCompletedTasksSettings', SENDING);
      const inspection = await one(
        field,
        sql`SELECT id::text AS id FROM inspections WHERE global_id = ${fieldInspections[2]}`,
      );
      const photo = await addMedia(
        field,
        fieldDir,
        { type: 'inspection', id: inspection.id },
        'image',
        'image/jpeg',
        MB,
      );
      const id = await newTask('SendingCompletedTasks');
      let chunks = 0;
      let declarations = 0;
      let whileWaiting: unknown;
      link.corrupts = (method, path) =>
        method === 'PUT' && path.includes(`${photo.globalId}/content`) && ++chunks === 1;
      link.beforeForward = async (method, path) => {
        if (method !== 'PUT' || path !== `/api/sync/media/${photo.globalId}`) return;
        // The second declaration: the agent waited, and the console said what was true meanwhile.
        if (++declarations === 2) {
          whileWaiting = (await fieldAdmin.get(`/api/syncAgentTask/media?taskId=${id}`)).body.find(
            (m: { fileName: string }) => m.fileName === `image-${photo.globalId.slice(0, 8)}`,
          );
        }
      };
      try {
        expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
      } finally {
        link.corrupts = undefined;
        link.beforeForward = undefined;
      }
      expect(chunks).toBe(2);
      expect(whileWaiting).toMatchObject({ status: 'Waiting', percentsComplete: 0 });
      expect(await logOf(id, 'Server')).toMatch(
        /image-\w+: attempt 1 of 3 failed \(.*sha256.*\); trying again in \d+ ms/,
      );
      expect(await heldFile(office, officeDir, photo.globalId)).toEqual({
        rows: 1,
        sha256: photo.sha256,
        declared: photo.sha256,
      });
      const after = (await fieldAdmin.get(`/api/syncAgentTask/media?taskId=${id}`)).body;
      expect(after).toContainEqual(expect.objectContaining({ status: 'Completed', percentsComplete: 100 }));
    },
    LONG,
  );

  it(
    'a file that fails every attempt of the run is Failed at 0 % and the task ends FinishedWithErrors',
    async () => {
      const inspection = await one(
        field,
        sql`SELECT id::text AS id FROM inspections WHERE global_id = ${fieldInspections[2]}`,
      );
      const doc = await addMedia(
        field,
        fieldDir,
        { type: 'inspection', id: inspection.id },
        'document',
        'application/pdf',
        300_000,
      );
      const id = await newTask('SendingCompletedTasks');
      let chunks = 0;
      link.corrupts = (method, path) => method === 'PUT' && path.includes(`${doc.globalId}/content`) && ++chunks > 0;
      try {
        expect(await field.services.syncAgent.run(id)).toBe('FinishedWithErrors');
      } finally {
        link.corrupts = undefined;
      }
      expect(chunks).toBe(3);
      expect((await heldFile(office, officeDir, doc.globalId)).rows).toBe(0);
      const media = (await fieldAdmin.get(`/api/syncAgentTask/media?taskId=${id}`)).body;
      expect(media.find((m: { fileName: string }) => m.fileName === `document-${doc.globalId.slice(0, 8)}`)).toEqual({
        jobName: expect.stringMatching(/^Inspection /),
        fileName: `document-${doc.globalId.slice(0, 8)}`,
        status: 'Failed',
        percentsComplete: 0,
      });
      expect(await logOf(id, 'Client')).toMatch(
        /Failed to transfer document-\w+ \(Inspection [^)]+\) after 3 attempts: /,
      );

      // A later run sends it (the link is sound again); nothing else moves twice.
      const again = await newTask('SendingCompletedTasks');
      expect(await field.services.syncAgent.run(again)).toBe('FinishedSuccessfully');
      expect(await heldFile(office, officeDir, doc.globalId)).toMatchObject({ rows: 1, sha256: doc.sha256 });
    },
    LONG,
  );

  it(
    "an observation's video link (file and position) reaches the Office, and points at the video once the file is there",
    async () => {
      const [t] = await field.db.query<{ id: string; asset_id: string }>(
        sql`SELECT id::text AS id, asset_id::text AS asset_id FROM tasks WHERE accepted_at IS NOT NULL ORDER BY global_id LIMIT 1`,
      );
      const inspection = await addInspection(t!.id, t!.asset_id);
      const video = await addMedia(
        field,
        fieldDir,
        { type: 'inspection', id: inspection.id },
        'video',
        'video/mp4',
        3 * MB,
      );
      const observation = await one(
        field,
        sql`UPDATE observations SET video_media_id = (SELECT id FROM media WHERE global_id = ${video.globalId}), video_offset_ms = 83500
         WHERE inspection_id = ${inspection.id} AND sequence = 2 RETURNING global_id::text AS global_id`,
      );
      const inOffice = () =>
        one(
          office,
          sql`SELECT o.video_offset_ms, o.video_media_global_id::text AS video, m.global_id::text AS linked
           FROM observations o LEFT JOIN media m ON m.id = o.video_media_id WHERE o.global_id = ${observation.global_id}`,
        );

      // Without the video: the link travels by global id and waits for its file.
      await setSettings('sendingCompletedTasksSettings', { ...SENDING, UploadVideo: false });
      expect(await field.services.syncAgent.run(await newTask('SendingCompletedTasks'))).toBe('FinishedSuccessfully');
      expect(await inOffice()).toEqual({ video_offset_ms: 83500, video: video.globalId, linked: null });

      // With the video: the file arrives verified and the observation points at it.
      await setSettings('sendingCompletedTasksSettings', SENDING);
      const id = await newTask('SendingCompletedTasks');
      expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
      expect(await heldFile(office, officeDir, video.globalId)).toEqual({
        rows: 1,
        sha256: video.sha256,
        declared: video.sha256,
      });
      expect(await inOffice()).toEqual({ video_offset_ms: 83500, video: video.globalId, linked: video.globalId });
      const others = await one(
        office,
        sql`SELECT count(*)::int AS n FROM observations o JOIN inspections i ON i.id = o.inspection_id
         WHERE i.global_id = ${inspection.global_id} AND o.video_media_id IS NULL`,
      );
      expect(others.n).toBe(1);
    },
    LONG,
  );
});

describe('scenario 2: what the Office refuses or decides', () => {
  it(
    'a record the Office refuses (400) fails alone with its reason in the client log; the rest of its page is sent, and later runs are not blocked',
    async () => {
      await setSettings('sendingCompletedTasksSettings', SENDING);
      const [t] = await field.db.query<{ id: string; asset_id: string }>(
        sql`SELECT id::text AS id, asset_id::text AS asset_id FROM tasks WHERE accepted_at IS NOT NULL ORDER BY global_id LIMIT 1`,
      );
      const good = await addInspection(t!.id, t!.asset_id);
      const bad = await addInspection(t!.id, t!.asset_id);
      // The Field's database holds a date the Office's contract refuses (years 1800 to 2200).
      await field.db.query(sql`UPDATE inspections SET inspected_at = '1750-06-01T10:00:00Z' WHERE id = ${bad.id}`);
      const pageSize = (await one(field, sql`SELECT count(*)::int AS n FROM inspections WHERE status <> 'incomplete'`))
        .n;
      expect(pageSize).toBeLessThanOrEqual(50);

      const id = await newTask('SendingCompletedTasks');
      expect(await field.services.syncAgent.run(id)).toBe('FinishedWithErrors');
      expect(await officeInspection(good.global_id)).toMatchObject({ status: 'completed' });
      expect(await officeInspection(bad.global_id)).toBeUndefined();
      const client = await logOf(id, 'Client');
      expect(client).toMatch(
        /Failed to send inspection of \S+ on 1750-06-01: The Office system answered 400 to \/api\/sync\/import\/inspections: .*inspectedAt.*1800/,
      );
      expect(client).toMatch(/Completed inspections: 1 copied, .*, 1 refused by the Office\./);
      expect(client).toMatch(/Finished with 1 records or files not transferred/);

      // Once the Field corrects it, the next run sends it.
      await field.db.query(sql`UPDATE inspections SET inspected_at = '2025-06-01T10:00:00Z' WHERE id = ${bad.id}`);
      const again = await newTask('SendingCompletedTasks');
      expect(await field.services.syncAgent.run(again)).toBe('FinishedSuccessfully');
      expect(await officeInspection(bad.global_id)).toMatchObject({ status: 'completed' });
    },
    LONG,
  );

  it(
    'an Office account that may not review delivers for review: nothing accepted, no task completed, and the client log says why',
    async () => {
      await setSettings('sendingCompletedTasksSettings', SENDING);
      const fieldTasks = await field.db.query<{ id: string; asset_id: string; global_id: string }>(
        sql`SELECT id::text AS id, asset_id::text AS asset_id, global_id::text AS global_id FROM tasks ORDER BY global_id`,
      );
      const open = await office.db.query<{ g: string }>(
        sql`SELECT global_id::text AS g FROM tasks WHERE state = 'planned' AND global_id = ANY(${fieldTasks.map((t) => t.global_id)}::uuid[])`,
      );
      const t = fieldTasks.find((f) => f.global_id === open[0]!.g)!;
      const inspection = await addInspection(t.id, t.asset_id);
      await office.db.query(sql`UPDATE users SET role = 'regular' WHERE login = 'syncer'`);
      try {
        const id = await newTask('SendingCompletedTasks');
        expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
        expect(await officeInspection(inspection.global_id)).toMatchObject({ status: 'pending', review: null });
        // Its inspection exists in the Office now, waiting for review (core's workflow: create-inspection).
        expect((await one(office, sql`SELECT state FROM tasks WHERE global_id = ${t.global_id}`)).state).toBe(
          'inspection-created',
        );
        expect(await logOf(id, 'Client')).toContain(
          'The inspections were delivered for office review, not accepted: accepting them (AutoAcceptImportedTasks) ' +
            'needs an Office account that may review inspections (an administrator, an editor, or one granted the review permission).',
        );
      } finally {
        await office.db.query(sql`UPDATE users SET role = 'editor' WHERE login = 'syncer'`);
      }
    },
    LONG,
  );
});

describe('the new endpoints', () => {
  it('answer 403 to a user without the websync permission', async () => {
    const inspector = office.client();
    await inspector.signIn('inspector', 'inspector-demo');
    const gid = randomUUID();
    expect((await inspector.get('/api/sync/export/planned-tasks')).status).toBe(403);
    expect((await inspector.get(`/api/sync/media/${gid}/content`)).status).toBe(403);
    expect((await inspector.post('/api/sync/import/inspections', { options: SENDING, items: [] })).status).toBe(403);
    expect(
      (
        await inspector.put(`/api/sync/media/${gid}`, {
          globalId: gid,
          ownerType: 'inspection',
          ownerGlobalId: gid,
          kind: 'image',
          fileName: 'a.jpg',
          contentType: 'image/jpeg',
          sizeBytes: 10,
          sha256: '0'.repeat(64),
          jobName: 'x',
        })
      ).status,
    ).toBe(403);
    const chunk = await inspector.request('PUT', `/api/sync/media/${gid}/content?offset=0&token=${gid}`, {
      raw: 'abc',
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(chunk.status).toBe(403);
    const fieldInspector = field.client();
    await fieldInspector.signIn('inspector', 'inspector-demo');
    expect((await fieldInspector.get('/api/syncAgentTask/media?taskId=1')).status).toBe(403);
  });

  it('answer 400 naming the field on bad input', async () => {
    const gid = randomUUID();
    const owner = await one(office, sql`SELECT global_id::text AS g FROM inspections ORDER BY id LIMIT 1`);
    const declared = {
      globalId: gid,
      ownerType: 'inspection',
      ownerGlobalId: owner.g,
      kind: 'image',
      fileName: 'photo.jpg',
      contentType: 'image/jpeg',
      sizeBytes: 10,
      sha256: createHash('sha256').update('not a jpeg').digest('hex'),
      jobName: 'x',
    };
    const exe = await officeSyncer.put(`/api/sync/media/${gid}`, {
      ...declared,
      contentType: 'application/x-msdownload',
    });
    expect(exe.status).toBe(400);
    expect(exe.body).toMatchObject({
      code: 'media/unsupported-file',
      message: expect.stringMatching(/not accepted for image files/),
    });
    const huge = await officeSyncer.put(`/api/sync/media/${gid}`, { ...declared, sizeBytes: 10 * 1024 * MB });
    expect(huge.status).toBe(400);
    expect(huge.body.ModelState).toHaveProperty('sizeBytes');
    const badSha = await officeSyncer.put(`/api/sync/media/${gid}`, { ...declared, sha256: 'xyz' });
    expect(badSha.status).toBe(400);
    expect(badSha.body.ModelState).toHaveProperty('sha256');
    const first = (await officeSyncer.put(`/api/sync/media/${gid}`, declared)).body;
    expect(first).toEqual({ received: 0, complete: false, token: expect.any(String) });
    // Bytes that are not what was declared (not a JPEG): refused, nothing kept.
    const wrong = await officeSyncer.request('PUT', `/api/sync/media/${gid}/content?offset=0&token=${first.token}`, {
      raw: 'not a jpeg',
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ModelState).toHaveProperty('contentType');
    expect((await one(office, sql`SELECT count(*)::int AS n FROM media WHERE global_id = ${gid}`)).n).toBe(0);
    const tooLong = await officeSyncer.put(`/api/sync/media/${gid}`, declared);
    expect(tooLong.body).toEqual({ received: 0, complete: false, token: expect.any(String) });
    const over = await officeSyncer.request(
      'PUT',
      `/api/sync/media/${gid}/content?offset=0&token=${tooLong.body.token}`,
      {
        raw: 'x'.repeat(11),
        headers: { 'content-type': 'application/octet-stream' },
      },
    );
    expect(over.status).toBe(400);
    expect(over.body.ModelState).toHaveProperty('content');

    const bad = await officeSyncer.post('/api/sync/import/inspections', {
      options: { ...SENDING, ExistingTasksAction: 'Sometimes' },
      items: [],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.ModelState).join()).toMatch(/ExistingTasksAction/);
    // A page is written set-wise: an observation may appear in it once.
    const observation = {
      globalId: randomUUID(),
      standardId: 'x',
      sequence: 1,
      distanceM: 0,
      code: 'x',
      characterisation: null,
      quantification1: null,
      quantification2: null,
      clockFrom: null,
      clockTo: null,
      atJoint: false,
      continuous: null,
      continuousGroup: null,
      grade: null,
      remark: null,
    };
    const inspection = (observations: unknown[]) => ({
      globalId: randomUUID(),
      taskGlobalId: null,
      assetGlobalId: randomUUID(),
      assets: [],
      standardId: 'x',
      direction: null,
      startNodeGlobalId: null,
      inspectedAt: '2026-01-01T00:00:00Z',
      weather: null,
      preCleaning: null,
      lengthSurveyedM: null,
      header: {},
      strPeak: null,
      strRating: null,
      strIndex: null,
      strQuick: null,
      omPeak: null,
      omRating: null,
      omIndex: null,
      omQuick: null,
      observations,
    });
    const twice = await officeSyncer.post('/api/sync/import/inspections', {
      options: SENDING,
      items: [inspection([observation]), inspection([{ ...observation, sequence: 2 }])],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.ModelState).toHaveProperty(['items.1.observations.0.globalId']);
    expect((await officeSyncer.get('/api/sync/export/planned-tasks?after=nope')).status).toBe(400);
    const range = await officeSyncer.get(`/api/sync/media/${officeMedia.image!.globalId}/content`, {
      range: 'pages=1',
    });
    expect(range.status).toBe(400);
    expect(range.body.ModelState).toHaveProperty('range');
    expect((await fieldAdmin.get('/api/syncAgentTask/media?taskId=0')).status).toBe(400);
    expect((await fieldAdmin.get('/api/syncAgentTask/media?taskId=999999')).status).toBe(404);
  });

  it('no file path leaves the server', async () => {
    const page = await officeSyncer.get('/api/sync/export/planned-tasks?limit=5&filter=Very%20poor%20sections');
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/storage|\/tmp|media\/|test\//);
    const content = await officeSyncer.get(`/api/sync/media/${officeMedia.document!.globalId}/content`);
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('application/octet-stream');
  });
});
