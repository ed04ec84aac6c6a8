/**
 * The Office's import calls for a Field agent against a real server and database, spoken to over
 * HTTP as the agent would: what a websync account may change (assets, acceptance, tasks), what
 * PostgreSQL would refuse answered 400 first, uploads that one writer at a time may write, abandoned
 * uploads purged from the database and the disk, and ranges past a file's end.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ID_HEADER } from '@manway/core/editions';
import { MEDIA_CHUNK_BYTES } from '@manway/core/api/sync-data';
import { SYNC_ACCOUNT_LOGIN } from '../src/modules/users/service';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { TEST_ADMIN_PASSWORD } from './template';
import { sql, type SQL } from '../src/db/sql';

const dataDir = mkdtempSync(join(tmpdir(), 'manway-import-'));
let office: TestServer;
/** The demo's service account of a Field agent: a regular user with the websync permission. */
let agent: TestClient;
/** An administrator, who has editor permissions (and websync). */
let admin: TestClient;

const AGENT_PASSWORD = 'field-agent-test-password';
const one = async <T = any>(statement: SQL) => (await office.db.query<T>(statement))[0]!;

beforeAll(async () => {
  office = await startTestServer({ env: { DATA_DIR: dataDir } });
  await office.services.users.ensureSyncAccount(AGENT_PASSWORD);
  agent = office.client();
  expect((await agent.signIn(SYNC_ACCOUNT_LOGIN, AGENT_PASSWORD)).status).toBe(200);
  admin = office.client();
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
});

afterAll(async () => {
  await office?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const OPTIONS = {
  SkipIfNotExistInOffice: false,
  SkipIfAssetNotExistInOffice: false,
  ExistingTasksAction: 'Skip',
  AutoAcceptImportedTasks: true,
};

/** An inspection record as a Field agent sends it, with one observation of a code the Office has. */
async function inspectionOf(assetGlobalId: string, taskGlobalId: string | null = null) {
  const code = await one(sql`SELECT standard_id, code FROM observation_codes ORDER BY standard_id, code LIMIT 1`);
  return {
    globalId: randomUUID(),
    taskGlobalId,
    assetGlobalId,
    assets: [] as Record<string, unknown>[],
    standardId: code.standard_id as string,
    direction: null,
    startNodeGlobalId: null,
    inspectedAt: '2025-03-01T08:00:00.123456+00:00',
    weather: 'dry',
    preCleaning: null,
    lengthSurveyedM: 12.5,
    header: { operator: 'crew 1', waterLevelPct: 10 } as Record<string, unknown>,
    strPeak: 2,
    strRating: 4,
    strIndex: 1.5,
    strQuick: '2100',
    omPeak: null,
    omRating: null,
    omIndex: null,
    omQuick: null,
    observations: [
      {
        globalId: randomUUID(),
        standardId: code.standard_id as string,
        sequence: 1,
        distanceM: 3.5,
        code: code.code as string,
        characterisation: null,
        quantification1: null,
        quantification2: null,
        clockFrom: null,
        clockTo: null,
        atJoint: false,
        continuous: null,
        continuousGroup: null,
        grade: null,
        remark: 'seen',
      } as Record<string, unknown>,
    ],
  };
}

const importing = (client: TestClient, items: unknown[], options: Partial<typeof OPTIONS> = {}) =>
  client.post('/api/sync/import/inspections', { options: { ...OPTIONS, ...options }, items });

/** An open Office task and its asset, one not used by an earlier test. */
const usedTasks: string[] = [];
async function openTask() {
  const t = await one<{ id: string; global_id: string; asset: string }>(
    sql`SELECT t.id::text AS id, t.global_id::text AS global_id, a.global_id::text AS asset
     FROM tasks t JOIN assets a ON a.id = t.asset_id
     WHERE t.state = 'planned' AND t.global_id <> ALL(${usedTasks}::uuid[]) ORDER BY t.global_id LIMIT 1`,
  );
  usedTasks.push(t.global_id);
  return t;
}

const ewkbPoint = async (x: number, y: number) =>
  (await one(sql`SELECT encode(ST_AsEWKB(ST_SetSRID(ST_MakePoint(${x}, ${y}), 4326)), 'hex') AS h`)).h as string;
const ewkbLine = async (a: [number, number], b: [number, number]) =>
  (
    await one(
      sql`SELECT encode(ST_AsEWKB(ST_SetSRID(ST_MakeLine(ST_MakePoint(${a[0]}, ${a[1]}), ST_MakePoint(${b[0]}, ${b[1]})), 4326)), 'hex') AS h`,
    )
  ).h as string;

describe('POST /api/sync/import/inspections: what a websync account may change', () => {
  it('an import never changes an existing Office asset: it creates only the assets its inspection needs and the Office lacks, and says which', async () => {
    const [node] = (await agent.get('/api/sync/export/nodes?limit=1')).body.items;
    const [section] = (await agent.get('/api/sync/export/sections?limit=1')).body.items;
    const before = await one(
      sql`SELECT version, street, encode(ST_AsEWKB(geom), 'hex') AS geom FROM assets WHERE global_id = ${node.globalId}`,
    );
    const newNode = { ...node, globalId: randomUUID(), assetCode: 'IMPORTED-N1', geometry: await ewkbPoint(7.1, 50.1) };
    const newSection = {
      ...section,
      globalId: randomUUID(),
      assetCode: 'IMPORTED-S1',
      fromNode: node.globalId,
      toNode: newNode.globalId,
      geometry: await ewkbLine([7.0, 50.0], [7.1, 50.1]),
    };
    const unrelated = {
      ...node,
      globalId: randomUUID(),
      assetCode: 'IMPORTED-U1',
      geometry: await ewkbPoint(7.2, 50.2),
    };
    const rewritten = { ...node, street: 'Rewritten Street', geometry: await ewkbPoint(1, 1) };

    const record = await inspectionOf(newSection.globalId);
    record.assets = [rewritten, newNode, newSection, unrelated];
    // And one on the existing node, carrying a rewritten copy of it.
    const onExisting = await inspectionOf(node.globalId);
    onExisting.assets = [rewritten];
    const res = await importing(agent, [record, onExisting]);
    expect(res.status).toBe(200);
    expect(res.body.outcomes).toEqual([
      {
        globalId: record.globalId,
        result: 'inserted',
        reason: null,
        createdAssets: ['node IMPORTED-N1', 'section IMPORTED-S1'],
      },
      { globalId: onExisting.globalId, result: 'inserted', reason: null, createdAssets: [] },
    ]);
    expect(
      await one(
        sql`SELECT version, street, encode(ST_AsEWKB(geom), 'hex') AS geom FROM assets WHERE global_id = ${node.globalId}`,
      ),
    ).toEqual(before);
    const created = await office.db.query<{ asset_code: string }>(
      sql`SELECT asset_code FROM assets WHERE asset_code LIKE 'IMPORTED-%' ORDER BY asset_code`,
    );
    expect(created.map((a) => a.asset_code)).toEqual(['IMPORTED-N1', 'IMPORTED-S1']);
  });

  it('a record whose asset cannot be created is skipped and creates nothing at all', async () => {
    const [node] = (await agent.get('/api/sync/export/nodes?limit=1')).body.items;
    const [section] = (await agent.get('/api/sync/export/sections?limit=1')).body.items;
    const newNode = { ...node, globalId: randomUUID(), assetCode: 'HALF-N1', geometry: await ewkbPoint(7.3, 50.3) };
    // Its other end node is neither in the Office nor sent: the section cannot be created.
    const newSection = {
      ...section,
      globalId: randomUUID(),
      assetCode: 'HALF-S1',
      fromNode: newNode.globalId,
      toNode: randomUUID(),
      geometry: await ewkbLine([7.3, 50.3], [7.4, 50.4]),
    };
    const record = await inspectionOf(newSection.globalId);
    record.assets = [newNode, newSection];
    const res = await importing(agent, [record]);
    expect(res.status).toBe(200);
    expect(res.body.outcomes[0]).toMatchObject({ result: 'skipped', createdAssets: [] });
    expect(res.body.outcomes[0].reason).toMatch(/its asset could not be created .*its to node.*; nothing was created/);
    expect((await one(sql`SELECT count(*)::int AS n FROM assets WHERE asset_code LIKE 'HALF-%'`)).n).toBe(0);
  });

  it('AutoAcceptImportedTasks from an account that may not review delivers the inspection pending review, completes no task, and the answer says so', async () => {
    const task = await openTask();
    const record = await inspectionOf(task.asset, task.global_id);
    const res = await importing(agent, [record]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accepted: false, outcomes: [{ result: 'inserted' }] });
    expect(res.body.notice).toMatch(/delivered for office review.*may review inspections/);
    expect(
      await one(sql`SELECT status, review, reviewed_by FROM inspections WHERE global_id = ${record.globalId}`),
    ).toEqual({ status: 'pending', review: null, reviewed_by: null });
    // Its inspection exists now (core's workflow: create-inspection); the office's accept completes it.
    expect((await one(sql`SELECT state FROM tasks WHERE global_id = ${task.global_id}`)).state).toBe(
      'inspection-created',
    );
  });

  it("an administrator's import with AutoAcceptImportedTasks accepts the inspection and completes its task", async () => {
    const task = await openTask();
    const record = await inspectionOf(task.asset, task.global_id);
    const res = await importing(admin, [record]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accepted: true, notice: null, outcomes: [{ result: 'inserted' }] });
    expect(await one(sql`SELECT status, review FROM inspections WHERE global_id = ${record.globalId}`)).toEqual({
      status: 'completed',
      review: 'accepted',
    });
    expect((await one(sql`SELECT state FROM tasks WHERE global_id = ${task.global_id}`)).state).toBe('completed');
  });

  it('an inspection the Office accepted is not changed by an account without editor permissions, even with AlwaysUpdate', async () => {
    const task = await openTask();
    const record = await inspectionOf(task.asset, task.global_id);
    expect((await importing(admin, [record])).body).toMatchObject({ accepted: true });
    const again = await importing(agent, [{ ...record, weather: 'rain' }], { ExistingTasksAction: 'AlwaysUpdate' });
    expect(again.status).toBe(200);
    expect(again.body.outcomes[0]).toMatchObject({
      result: 'kept',
      reason: expect.stringMatching(/editor permissions/),
    });
    expect(await one(sql`SELECT weather, review FROM inspections WHERE global_id = ${record.globalId}`)).toEqual({
      weather: 'dry',
      review: 'accepted',
    });
    const byAdmin = await importing(admin, [{ ...record, weather: 'rain' }], { ExistingTasksAction: 'AlwaysUpdate' });
    expect(byAdmin.body.outcomes[0].result).not.toBe('kept');
    expect((await one(sql`SELECT weather FROM inspections WHERE global_id = ${record.globalId}`)).weather).toBe('rain');
  });

  it('a task is completed only by an inspection that is for its own asset', async () => {
    const task = await openTask();
    const other = await one(
      sql`SELECT global_id::text AS g FROM assets WHERE global_id <> ${task.asset} AND object_type = 'section' LIMIT 1`,
    );
    const record = await inspectionOf(other.g, task.global_id);
    const res = await importing(admin, [record]);
    expect(res.status).toBe(200);
    expect(res.body.outcomes).toEqual([
      {
        globalId: record.globalId,
        result: 'skipped',
        reason: 'its task in the Office system is for another asset',
        createdAssets: [],
      },
    ]);
    expect((await one(sql`SELECT state FROM tasks WHERE global_id = ${task.global_id}`)).state).toBe('planned');
    expect((await one(sql`SELECT count(*)::int AS n FROM inspections WHERE global_id = ${record.globalId}`)).n).toBe(0);
  });
});

describe('POST /api/sync/import/inspections: values PostgreSQL would refuse answer 400 naming the field', () => {
  /** Each case: a change to a good record, and the field the answer must name. */
  const CASES: [string, (r: any) => void, string][] = [
    ['year 0', (r) => (r.inspectedAt = '0000-01-01T00:00:00Z'), 'items.0.inspectedAt'],
    ['year 10000', (r) => (r.inspectedAt = '10000-01-01T00:00:00Z'), 'items.0.inspectedAt'],
    ['before 1800', (r) => (r.inspectedAt = '1799-12-31T23:59:59Z'), 'items.0.inspectedAt'],
    ['free text', (r) => (r.inspectedAt = 'yesterday at noon'), 'items.0.inspectedAt'],
    ['no such day', (r) => (r.inspectedAt = '2023-02-29T10:00:00Z'), 'items.0.inspectedAt'],
    ['hour 24', (r) => (r.inspectedAt = '2023-02-01T24:00:00Z'), 'items.0.inspectedAt'],
    ['offset out of range', (r) => (r.inspectedAt = '2023-02-01T10:00:00+16:00'), 'items.0.inspectedAt'],
    ['no offset', (r) => (r.inspectedAt = '2023-02-01T10:00:00'), 'items.0.inspectedAt'],
    ['smallint overflow', (r) => (r.strPeak = 40_000), 'items.0.strPeak'],
    ['integer overflow', (r) => (r.strRating = 2 ** 31), 'items.0.strRating'],
    ['huge double in an integer', (r) => (r.omRating = 1e300), 'items.0.omRating'],
    ['sequence overflow', (r) => (r.observations[0].sequence = 2 ** 31), 'items.0.observations.0.sequence'],
    ['clock 13', (r) => (r.observations[0].clockFrom = 13), 'items.0.observations.0.clockFrom'],
    ['group overflow', (r) => (r.observations[0].continuousGroup = 2 ** 40), 'items.0.observations.0.continuousGroup'],
    [
      'video offset overflow',
      (r) => (r.observations[0].videoOffsetMs = 2 ** 31),
      'items.0.observations.0.videoOffsetMs',
    ],
    ['long remark', (r) => (r.observations[0].remark = 'x'.repeat(10_001)), 'items.0.observations.0.remark'],
    ['long header value', (r) => (r.header.operator = 'x'.repeat(2001)), 'items.0.header.operator'],
  ];

  it.each(CASES)('%s', async (_name, change, field) => {
    const task = await one(sql`SELECT a.global_id::text AS g FROM assets a WHERE object_type = 'section' LIMIT 1`);
    const record = await inspectionOf(task.g);
    change(record);
    const res = await importing(agent, [record]);
    expect(res.status, res.text).toBe(400);
    expect(Object.keys(res.body.ModelState ?? {}), res.text).toContain(field);
    expect((await one(sql`SELECT count(*)::int AS n FROM inspections WHERE global_id = ${record.globalId}`)).n).toBe(0);
  });

  const GEOMETRY_CASES: [string, (hex: string) => string][] = [
    ['odd length', (hex) => hex.slice(0, -1)],
    ['not hex', (hex) => `zz${hex.slice(2)}`],
    ['cut short', (hex) => hex.slice(0, -8)],
    ['bytes after its end', (hex) => `${hex}00`],
    ['no SRID', () => '0101000000000000000000f03f000000000000f03f'],
    ['not a geometry', () => '00'],
  ];

  it.each(GEOMETRY_CASES)('an asset geometry in hex: %s', async (_name, spoil) => {
    const [node] = (await agent.get('/api/sync/export/nodes?limit=1')).body.items;
    const asset = { ...node, globalId: randomUUID(), assetCode: 'BAD-GEOM', geometry: spoil(node.geometry) };
    const record = await inspectionOf(asset.globalId);
    record.assets = [asset];
    const res = await importing(agent, [record]);
    expect(res.status, res.text).toBe(400);
    expect(Object.keys(res.body.ModelState)).toContain('items.0.assets.0.geometry');
  });

  it('every string and array of the sync contracts declares its largest size in OpenAPI', async () => {
    const doc = (await admin.get('/api/openapi.json')).body;
    const unbounded: string[] = [];
    const walk = (s: any, at: string) => {
      if (!s || typeof s !== 'object') return;
      if (s.type === 'string' && s.maxLength === undefined && !s.enum && !s.format && !s.pattern) unbounded.push(at);
      if (s.type === 'array' && s.maxItems === undefined) unbounded.push(at);
      for (const [k, v] of Object.entries(s)) walk(v, `${at}/${k}`);
    };
    let seen = 0;
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith('/api/sync/')) continue;
      for (const [method, op] of Object.entries<any>(ops)) {
        seen++;
        walk(op.requestBody, `${method} ${path} body`);
        walk(op.parameters, `${method} ${path} parameters`);
        walk(op.responses?.['200'], `${method} ${path} 200`);
      }
    }
    expect(seen).toBeGreaterThan(10);
    expect(unbounded).toEqual([]);
  });
});

// ---- media uploads ------------------------------------------------------------------------------------

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
const jpeg = (size: number) => Buffer.concat([JPEG, randomBytes(size - JPEG.length)]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function ownerGlobalId() {
  return (await one(sql`SELECT global_id::text AS g FROM inspections ORDER BY id LIMIT 1`)).g as string;
}

async function declaration(globalId: string, bytes: Buffer) {
  return {
    globalId,
    ownerType: 'inspection',
    ownerGlobalId: await ownerGlobalId(),
    kind: 'image',
    fileName: `photo-${globalId.slice(0, 8)}.jpg`,
    contentType: 'image/jpeg',
    sizeBytes: bytes.length,
    sha256: sha(bytes),
    jobName: 'test',
  };
}

/** PUTs raw bytes as the agent does (the test client sends text only). */
async function putBytes(client: TestClient, path: string, bytes: Buffer) {
  const res = await fetch(`${office.base}${path}`, {
    method: 'PUT',
    headers: {
      [SESSION_ID_HEADER]: 'test-page',
      cookie: client.cookie!,
      origin: office.base,
      'content-type': 'application/octet-stream',
    },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const chunkPath = (globalId: string, offset: number, token: string) =>
  `/api/sync/media/${globalId}/content?offset=${offset}&token=${token}`;

/** What the Office stored for a media id: its row's sha256 and the sha256 of the file on disk. */
async function stored(globalId: string) {
  const [row] = await office.db.query<{ storage_key: string; sha256: string }>(
    sql`SELECT storage_key, sha256 FROM media WHERE global_id = ${globalId}`,
  );
  if (!row) return undefined;
  return { declared: row.sha256, onDisk: sha(readFileSync(join(dataDir, 'media', row.storage_key))) };
}

/**
 * Sends a whole file as an agent does: declare, then chunks from where the Office says it is. A
 * refusal (409) ends the attempt unless `persist`, which declares again and goes on from there.
 */
async function send(client: TestClient, globalId: string, bytes: Buffer, persist = false) {
  for (const started = Date.now(); Date.now() - started < 60_000;) {
    const declared = await client.put(`/api/sync/media/${globalId}`, await declaration(globalId, bytes));
    if (declared.status === 409) {
      if (!persist) return 'refused';
      await delay(20);
      continue;
    }
    expect(declared.status, declared.text).toBe(200);
    let state = declared.body;
    while (!state.complete) {
      const end = Math.min(bytes.length, state.received + MEDIA_CHUNK_BYTES);
      const res = await putBytes(
        client,
        chunkPath(globalId, state.received, declared.body.token),
        bytes.subarray(state.received, end),
      );
      if (res.status === 409) break;
      if (res.status !== 200) return `failed ${res.status} ${JSON.stringify(res.body)}`;
      state = res.body;
    }
    if (state.complete) return 'stored';
    if (!persist) return 'refused';
    await delay(20);
  }
  return 'gave up';
}

describe('media uploads: one writer of a file at a time', () => {
  it('two concurrent uploads of one file: the stored file is exactly one of them, checksum verified', async () => {
    const globalId = randomUUID();
    const a = jpeg(MEDIA_CHUNK_BYTES + 300_000);
    const b = jpeg(MEDIA_CHUNK_BYTES + 300_000);
    const other = office.client();
    await other.signIn(SYNC_ACCOUNT_LOGIN, AGENT_PASSWORD);
    const results = await Promise.all([send(agent, globalId, a), send(other, globalId, b)]);
    expect([...results].sort()).toEqual(['refused', 'stored']);
    const winner = results[0] === 'stored' ? a : b;
    expect(await stored(globalId)).toEqual({ declared: sha(winner), onDisk: sha(winner) });
  });

  it('two senders of the same file at once: written chunk by chunk, never twice; stored once, exactly it', async () => {
    const globalId = randomUUID();
    const bytes = jpeg(2 * MEDIA_CHUNK_BYTES + 123_456);
    const other = office.client();
    await other.signIn(SYNC_ACCOUNT_LOGIN, AGENT_PASSWORD);
    const results = await Promise.all([send(agent, globalId, bytes, true), send(other, globalId, bytes, true)]);
    expect(results, JSON.stringify(results)).toEqual(['stored', 'stored']);
    expect(await stored(globalId)).toEqual({ declared: sha(bytes), onDisk: sha(bytes) });
    expect((await one(sql`SELECT count(*)::int AS n FROM media WHERE global_id = ${globalId}`)).n).toBe(1);
  });

  it('a chunk sent while another chunk of the file is still arriving is refused with 409 and writes nothing', async () => {
    const globalId = randomUUID();
    const bytes = jpeg(200_000);
    const { token } = (await agent.put(`/api/sync/media/${globalId}`, await declaration(globalId, bytes))).body;
    const url = new URL(chunkPath(globalId, 0, token), office.base);
    // The first chunk sends half its bytes and waits.
    const slow = httpRequest(url, {
      method: 'PUT',
      headers: {
        [SESSION_ID_HEADER]: 'test-page',
        cookie: agent.cookie!,
        origin: office.base,
        'content-type': 'application/octet-stream',
        'content-length': String(bytes.length),
      },
    });
    const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
      slow.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      });
      slow.on('error', reject);
    });
    slow.write(bytes.subarray(0, 100_000));
    for (let i = 0; i < 200; i++) {
      const row = await one(
        sql`SELECT writing_until IS NOT NULL AS writing FROM media_uploads WHERE global_id = ${globalId}`,
      );
      if (row.writing) break;
      await delay(10);
    }
    const second = await putBytes(agent, chunkPath(globalId, 0, token), bytes);
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/Another chunk of this file is being written/);
    slow.end(bytes.subarray(100_000));
    expect(await answer).toEqual({ status: 200, body: { received: bytes.length, complete: true } });
    expect(await stored(globalId)).toEqual({ declared: sha(bytes), onDisk: sha(bytes) });
  });

  it('a chunk without the token of the current declaration is refused with 409', async () => {
    const globalId = randomUUID();
    const bytes = jpeg(10_000);
    expect((await agent.put(`/api/sync/media/${globalId}`, await declaration(globalId, bytes))).status).toBe(200);
    const res = await putBytes(agent, chunkPath(globalId, 0, randomUUID()), bytes);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/declared again by another sender/);
    expect(existsSync(join(dataDir, 'media', 'incoming', `${globalId}.part`))).toBe(false);
  });
});

describe('abandoned uploads', () => {
  it('the periodic purge removes uploads idle for a day with their partial files, and partial files nobody declared; live ones stay', async () => {
    const incoming = join(dataDir, 'media', 'incoming');
    const part = (g: string) => join(incoming, `${g}.part`);
    const begin = async (globalId: string) => {
      const bytes = jpeg(50_000);
      const { token } = (await agent.put(`/api/sync/media/${globalId}`, await declaration(globalId, bytes))).body;
      expect((await putBytes(agent, chunkPath(globalId, 0, token), bytes.subarray(0, 20_000))).body).toEqual({
        received: 20_000,
        complete: false,
      });
    };
    const [idle, live, orphan, freshOrphan] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await begin(idle);
    await begin(live);
    await office.db.query(
      sql`UPDATE media_uploads SET touched_at = now() - interval '25 hours' WHERE global_id = ${idle}`,
    );
    mkdirSync(incoming, { recursive: true });
    writeFileSync(part(orphan), 'left by a process that died');
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    utimesSync(part(orphan), twoDaysAgo, twoDaysAgo);
    writeFileSync(part(freshOrphan), 'still arriving');

    // As the queue runs it (hourly; see jobs/queue.ts).
    await office.services.jobHandlers['media.purge-uploads']({}, { signal: new AbortController().signal });

    const declared = await office.db.query<{ g: string }>(
      sql`SELECT global_id::text AS g FROM media_uploads WHERE global_id = ANY(${[idle, live]}::uuid[])`,
    );
    expect(declared.map((d) => d.g)).toEqual([live]);
    expect([idle, live, orphan, freshOrphan].map((g) => existsSync(part(g)))).toEqual([false, true, false, true]);
  });
});

describe('GET /api/sync/media/:globalId/content', () => {
  it('a range starting at or after the end of the file answers 416 with Content-Range bytes */size (RFC 9110)', async () => {
    const globalId = randomUUID();
    const bytes = jpeg(1000);
    expect(await send(agent, globalId, bytes)).toBe('stored');
    for (const start of [1000, 1500]) {
      const res = await agent.get(`/api/sync/media/${globalId}/content`, { range: `bytes=${start}-` });
      expect(res.status).toBe(416);
      expect(res.headers.get('content-range')).toBe('bytes */1000');
    }
    const last = await fetch(`${office.base}/api/sync/media/${globalId}/content`, {
      headers: { [SESSION_ID_HEADER]: 'test-page', cookie: agent.cookie!, range: 'bytes=999-' },
    });
    expect(last.status).toBe(206);
    expect(last.headers.get('content-range')).toBe('bytes 999-999/1000');
    expect(Buffer.from(await last.arrayBuffer())).toEqual(bytes.subarray(999));
  });
});
