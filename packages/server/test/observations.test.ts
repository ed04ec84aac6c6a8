/**
 * Observations and connected subjects over real HTTP: multipart submissions with files, the form
 * rules, permissions, versions, scores, and the media store left as it should be after every request
 * (content-addressed files, no second copy, no orphan or temporary file after a refusal).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectedSubjectItem, ObservationItem } from '@manway/core/api/observations';
import { CREATE_DENIED, EDIT_DENIED, MISSING_TEMPLATES } from '@manway/core/api/forms';
import type { MediaGallery } from '@manway/core/api/media';
import { SESSION_ID_HEADER } from '@manway/core/editions';
import { sql, type SQL } from '../src/db/sql';
import { startQueue } from '../src/jobs/queue';
import { startTestServer, type TestClient, type TestServer } from './harness';

let server: TestServer;
let dataDir: string;
let editor: TestClient;
let inspector: TestClient;
let guest: TestClient;

const MAX_MB = 6;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'manway-observations-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir, MEDIA_MAX_MB: String(MAX_MB) } });
  editor = server.client();
  inspector = server.client();
  guest = server.client();
  await editor.signIn('editor', 'editor-demo');
  await inspector.signIn('inspector', 'inspector-demo');
  await guest.signIn('guest', 'guest-demo');
});
afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

const one = async (statement: SQL) => (await server.db.query<any>(statement))[0];

/** Every file under the media root, by path relative to it (temporary files included). */
async function mediaFiles(): Promise<string[]> {
  const root = join(dataDir, 'media');
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => relative(root, join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

const jpeg = (bytes: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(bytes - 4)]);
const png = (bytes: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(bytes - 8)]);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface FilePart {
  name: string;
  type: string;
  bytes: Buffer;
}

/** A multipart request as the page sends it: Data as JSON text, Files[] parts, FilesToRemove. */
async function submit(
  client: TestClient,
  method: 'POST' | 'PUT',
  path: string,
  data: unknown,
  files: FilePart[] = [],
  filesToRemove?: number[],
) {
  const form = new FormData();
  form.append('Data', JSON.stringify(data));
  for (const f of files) form.append('Files[]', new Blob([f.bytes], { type: f.type }), f.name);
  if (filesToRemove) form.append('FilesToRemove', JSON.stringify(filesToRemove));
  const res = await fetch(`${client.base}${path}`, {
    method,
    body: form,
    // A request that hangs fails here rather than at the test's 30 s; on a busy 2-core machine (the
    // faults tests' server processes starting beside this file) a slow answer has taken over 8 s.
    signal: AbortSignal.timeout(25_000),
    headers: {
      [SESSION_ID_HEADER]: 'test-page',
      origin: client.base,
      ...(client.cookie ? { cookie: client.cookie } : {}),
    },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

/** An inspection still in the field (any member records into it), and an accepted one. */
let open: { id: string; asset_id: string };
let accepted: { id: string; asset_id: string };

beforeAll(async () => {
  open = await one(sql`SELECT id, asset_id FROM inspections WHERE status = 'incomplete' ORDER BY id LIMIT 1`);
  accepted = await one(sql`SELECT id, asset_id FROM inspections i WHERE status = 'completed'
    AND NOT EXISTS (SELECT 1 FROM inspections n WHERE n.asset_id = i.asset_id AND n.id <> i.id)
    AND EXISTS (SELECT 1 FROM observations o WHERE o.inspection_id = i.id) AND coalesce(str_peak, 0) < 4
    ORDER BY id LIMIT 1`);
});

const crack = (distanceM = 3.5) => ({
  code: 'SCR',
  distanceM,
  characterisation: 'L',
  clockFrom: 3,
  clockTo: 9,
  atJoint: false,
  remark: 'hairline crack',
});

describe('observations', () => {
  it('lists the observations of an inspection with their values and media', async () => {
    const res = await guest.get(`/api/observations?parentObjectType=Inspection&parentObjectId=${open.id}`);
    expect(res.status).toBe(200);
    const count = await one(sql`SELECT count(*)::int AS n FROM observations WHERE inspection_id = ${open.id}`);
    expect(res.body.items).toHaveLength(count.n);
    for (const item of res.body.items) ObservationItem.parse(item);
    const sequences = res.body.items.map((i: ObservationItem) => i.values.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
  });

  it('an unknown inspection is 404 and a parent that is not an inspection is 400', async () => {
    expect((await guest.get('/api/observations?parentObjectType=Inspection&parentObjectId=99999999')).status).toBe(404);
    const wrong = await guest.get(`/api/observations?parentObjectType=Node&parentObjectId=${open.asset_id}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.ModelState.parentObjectType).toBeDefined();
  });

  it('an observation with 3 photos: media rows, files by their sha256, the same photo twice kept once', async () => {
    const before = await mediaFiles();
    const a = jpeg(4 * 1024 * 1024);
    const b = png(4 * 1024 * 1024);
    const res = await submit(
      inspector,
      'POST',
      '/api/observations',
      { InspectionId: Number(open.id), FormValues: crack() },
      [
        { name: 'a.jpg', type: 'image/jpeg', bytes: a },
        { name: 'b.png', type: 'image/png', bytes: b },
        { name: 'a-again.jpg', type: 'image/jpeg', bytes: a },
      ],
    );
    expect(res.status, res.text).toBe(201);
    const item = ObservationItem.parse(res.body);
    expect(item.values).toMatchObject({ code: 'SCR', characterisation: 'L', grade: 2, clockFrom: 3 });
    expect(item.media.map((m) => [m.fileName, m.kind, m.contentType, m.sizeBytes])).toEqual([
      ['a.jpg', 'image', 'image/jpeg', a.length],
      ['b.png', 'image', 'image/png', b.length],
      ['a-again.jpg', 'image', 'image/jpeg', a.length],
    ]);
    // The answer names no storage key or path.
    expect(res.text).not.toMatch(/sha256\/|storage|\/tmp\//);
    const rows = await server.db.query<{ sha256: string; storage_key: string }>(
      sql`SELECT sha256, storage_key FROM media WHERE owner_type = 'observation' AND owner_id = ${item.id} ORDER BY id`,
    );
    expect(rows.map((r) => r.sha256)).toEqual([sha256(a), sha256(b), sha256(a)]);
    const added = (await mediaFiles()).filter((f) => !before.includes(f));
    expect(added.sort()).toEqual(
      [`sha256/${sha256(a).slice(0, 2)}/${sha256(a)}`, `sha256/${sha256(b).slice(0, 2)}/${sha256(b)}`].sort(),
    );
    for (const r of rows) expect(sha256(await readFile(join(dataDir, 'media', r.storage_key)))).toBe(r.sha256);
    // The new observation is the last of its inspection.
    const last = await one(sql`SELECT max(sequence)::int AS s FROM observations WHERE inspection_id = ${open.id}`);
    expect(item.values.sequence).toBe(last.s);
  });

  it('a file of no allowed type or with a corrupt content is refused and nothing is kept, not even a temporary file', async () => {
    const before = await mediaFiles();
    const count = await one(
      sql`SELECT (SELECT count(*) FROM observations)::int AS o, (SELECT count(*) FROM media)::int AS m`,
    );
    const cases: FilePart[][] = [
      [
        { name: 'ok.jpg', type: 'image/jpeg', bytes: jpeg(1024 * 1024) },
        { name: 'run.exe', type: 'application/octet-stream', bytes: Buffer.from('MZ this is a program') },
      ],
      [{ name: 'photo.jpg', type: 'image/jpeg', bytes: randomBytes(200_000) }],
      [{ name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('plain text cannot be told by its content') }],
    ];
    for (const files of cases) {
      const res = await submit(
        inspector,
        'POST',
        '/api/observations',
        { InspectionId: Number(open.id), FormValues: crack() },
        files,
      );
      expect(res.status, res.text).toBe(400);
      expect(res.body.code).toBe('media/unsupported-file');
    }
    const tooLarge = await submit(
      inspector,
      'POST',
      '/api/observations',
      { InspectionId: Number(open.id), FormValues: crack() },
      [{ name: 'huge.jpg', type: 'image/jpeg', bytes: jpeg((MAX_MB + 1) * 1024 * 1024) }],
    );
    expect(tooLarge.status, tooLarge.text).toBe(400);
    expect(tooLarge.body.ModelState.Files[0]).toMatch(/larger than 6 MB/);
    expect(await mediaFiles()).toEqual(before);
    expect(
      await one(sql`SELECT (SELECT count(*) FROM observations)::int AS o, (SELECT count(*) FROM media)::int AS m`),
    ).toEqual(count);
  });

  it('a multipart body cut off in the middle of a file is refused and leaves no file behind', async () => {
    const before = await mediaFiles();
    const boundary = 'manway-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="Data"\r\n\r\n` +
        `${JSON.stringify({ InspectionId: Number(open.id), FormValues: crack() })}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="Files[]"; filename="cut.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    );
    const res = await fetch(`${server.base}/api/observations`, {
      method: 'POST',
      body: Buffer.concat([head, jpeg(300_000)]),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        [SESSION_ID_HEADER]: 'test-page',
        origin: server.base,
        cookie: inspector.cookie!,
      },
    });
    expect(res.status, await res.text()).toBe(400);
    expect(await mediaFiles()).toEqual(before);
  });

  it('a form error after the files arrived keeps no file and no row', async () => {
    const before = await mediaFiles();
    const res = await submit(
      inspector,
      'POST',
      '/api/observations',
      { InspectionId: Number(open.id), FormValues: { ...crack(), characterisation: null } },
      [{ name: 'c.jpg', type: 'image/jpeg', bytes: jpeg(512 * 1024) }],
    );
    expect(res.status).toBe(400);
    expect(res.body.ModelState.characterisation).toHaveLength(1);
    expect(await mediaFiles()).toEqual(before);
  });

  it('answers 400 per rule, naming the field', async () => {
    const post = (values: Record<string, unknown>) =>
      submit(inspector, 'POST', '/api/observations', { InspectionId: Number(open.id), FormValues: values });
    // a code that requires a characterisation, a clock position, a quantification
    expect((await post({ ...crack(), characterisation: null })).body.ModelState).toHaveProperty('characterisation');
    expect((await post({ ...crack(), clockFrom: null })).body.ModelState).toHaveProperty('clockFrom');
    expect((await post({ code: 'IWL', distanceM: 2 })).body.ModelState).toHaveProperty('quantification1');
    // a code outside the standard, a missing distance, a remark too long, continuous on a point code
    expect((await post({ ...crack(), code: 'ZZZ' })).body.ModelState).toHaveProperty('code');
    expect((await post({ code: 'SCO' })).body.ModelState).toHaveProperty('distanceM');
    expect((await post({ ...crack(), remark: 'x'.repeat(501) })).body.ModelState).toHaveProperty('remark');
    expect((await post({ code: 'SCO', distanceM: 1, continuous: 'S' })).body.ModelState).toHaveProperty('continuous');
    // no Data at all, Data that is not JSON, no inspection
    const noData = await fetch(`${server.base}/api/observations`, {
      method: 'POST',
      body: new FormData(),
      headers: { [SESSION_ID_HEADER]: 'x', origin: server.base, cookie: inspector.cookie! },
    });
    expect(noData.status).toBe(400);
    expect(
      (await submit(inspector, 'POST', '/api/observations', { FormValues: crack() })).body.ModelState,
    ).toHaveProperty('InspectionId');
    const json = await inspector.post('/api/observations', { InspectionId: Number(open.id), FormValues: crack() });
    expect(json.status).toBe(400);
    expect(json.body.ModelState).toHaveProperty('Data');
  });

  it('a guest may not record; only an editor changes an accepted inspection, with the spec texts', async () => {
    const data = { InspectionId: Number(accepted.id), FormValues: crack() };
    const byGuest = await submit(guest, 'POST', '/api/observations', data);
    expect(byGuest.status).toBe(403);
    const byCrew = await submit(inspector, 'POST', '/api/observations', data);
    expect(byCrew.status).toBe(403);
    expect(byCrew.body.message).toBe(CREATE_DENIED);
    const existing = await one(sql`SELECT id, version FROM observations WHERE inspection_id = ${accepted.id} LIMIT 1`);
    const edit = await submit(inspector, 'PUT', `/api/observations/${existing.id}`, {
      FormValues: crack(),
      Version: existing.version,
    });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe(EDIT_DENIED);
    const del = await inspector.request('DELETE', `/api/observations/${existing.id}`);
    expect(del.status).toBe(403);
    const byEditor = await submit(editor, 'POST', '/api/observations', data);
    expect(byEditor.status, byEditor.text).toBe(201);
  });

  it('sent for review, an inspection is the office’s to correct: the crew takes it back first', async () => {
    const pending = await one(sql`SELECT id FROM inspections WHERE status = 'pending' ORDER BY id LIMIT 1`);
    const data = { InspectionId: Number(pending.id), FormValues: crack() };
    const byCrew = await submit(inspector, 'POST', '/api/observations', data);
    expect(byCrew.status).toBe(403);
    expect(byCrew.body.message).toBe(CREATE_DENIED);
    const office = server.client();
    await office.signIn('office', 'office-demo');
    const byReviewer = await submit(office, 'POST', '/api/observations', data);
    expect(byReviewer.status, byReviewer.text).toBe(201);
  });

  it('a grade-5 observation raises the inspection scores, and the asset condition of an accepted inspection', async () => {
    const scores = () => one(sql`SELECT str_peak, str_rating, om_peak FROM inspections WHERE id = ${accepted.id}`);
    const before = await scores();
    expect(before.str_peak).toBeLessThan(5);
    const res = await submit(editor, 'POST', '/api/observations', {
      InspectionId: Number(accepted.id),
      FormValues: { code: 'SCO', distanceM: 1.5 },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.values.grade).toBe(5);
    const after = await scores();
    expect(after.str_peak).toBe(5);
    expect(after.str_rating).toBeGreaterThanOrEqual((before.str_rating ?? 0) + 5);
    const asset = await one(
      sql`SELECT condition_grade, condition_inspection_id FROM assets WHERE id = ${accepted.asset_id}`,
    );
    expect(asset).toEqual({ condition_grade: 5, condition_inspection_id: accepted.id });
  });

  it('a finish joins the open start of its code: a continuous defect counts by its length', async () => {
    const post = (values: Record<string, unknown>) =>
      submit(inspector, 'POST', '/api/observations', { InspectionId: Number(open.id), FormValues: values });
    const finishFirst = await post({ ...crack(50), code: 'SFR', characterisation: 'M', continuous: 'F' });
    expect(finishFirst.status).toBe(400);
    expect(finishFirst.body.ModelState).toHaveProperty('continuous');
    const start = await post({ ...crack(40), code: 'SFR', characterisation: 'M', continuous: 'S' });
    const finish = await post({ ...crack(45.5), code: 'SFR', characterisation: 'M', continuous: 'F' });
    expect([start.status, finish.status]).toEqual([201, 201]);
    const groups = await server.db.query<{ continuous_group: number }>(
      sql`SELECT continuous_group FROM observations WHERE id IN (${start.body.id}, ${finish.body.id})`,
    );
    expect(new Set(groups.map((g) => g.continuous_group)).size).toBe(1);
  });

  it('an update with a stale version is 409 and changes nothing; with the version read it changes and swaps photos', async () => {
    const photo = jpeg(300_000);
    const created = await submit(
      inspector,
      'POST',
      '/api/observations',
      { InspectionId: Number(open.id), FormValues: crack(7) },
      [{ name: 'p.jpg', type: 'image/jpeg', bytes: photo }],
    );
    const id = created.body.id;
    const mediaId = created.body.media[0].id;
    const changed = await submit(
      inspector,
      'PUT',
      `/api/observations/${id}?kind=Observation`,
      { FormValues: { ...crack(7), characterisation: 'S' }, Version: created.body.version },
      [{ name: 'q.png', type: 'image/png', bytes: png(100_000) }],
      [mediaId],
    );
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.values).toMatchObject({ characterisation: 'S', grade: 4 });
    expect(changed.body.version).toBe(created.body.version + 1);
    expect(changed.body.media.map((m: { fileName: string }) => m.fileName)).toEqual(['q.png']);
    // the removed photo's file is gone: no media row names it any more
    expect((await mediaFiles()).some((f) => f.endsWith(sha256(photo)))).toBe(false);

    const stale = await submit(inspector, 'PUT', `/api/observations/${id}`, {
      FormValues: { ...crack(7), remark: 'late' },
      Version: created.body.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('concurrency/modified-by-another-user');
    expect((await one(sql`SELECT remark FROM observations WHERE id = ${id}`)).remark).toBe('hairline crack');
    const noVersion = await submit(inspector, 'PUT', `/api/observations/${id}`, { FormValues: crack(7) });
    expect(noVersion.body.ModelState).toHaveProperty('Version');
    const wrongKind = await submit(inspector, 'PUT', `/api/observations/${id}?kind=ConnectedSubject`, {
      FormValues: crack(7),
      Version: changed.body.version,
    });
    expect(wrongKind.body.ModelState).toHaveProperty('kind');
  });

  it('a photo sent with an observation has its thumbnail made without waiting for the sweep', async () => {
    // A worker whose sweeper sends nothing: a thumbnail can only come from a job sent with the record.
    const worker = await startTestServer({ db: server.db, env: { DATA_DIR: dataDir, MEDIA_MAX_MB: String(MAX_MB) } });
    const queue = await startQueue(
      server.db,
      { ...worker.services.jobHandlers, 'media.sweep': async () => {} },
      () => {},
    );
    worker.services.jobs.attach(queue);
    const thumbnailOf = async (mediaId: number) => {
      const deadline = Date.now() + 20_000;
      let state = 'pending';
      while (state === 'pending' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        state = (await one(sql`SELECT thumbnail_state FROM media WHERE id = ${mediaId}`)).thumbnail_state;
      }
      return state;
    };
    const picture = (background: string) => sharp({ create: { width: 640, height: 480, channels: 3, background } });
    try {
      const crew = worker.client();
      await crew.signIn('inspector', 'inspector-demo');
      const created = await submit(
        crew,
        'POST',
        '/api/observations',
        { InspectionId: Number(open.id), FormValues: crack(9) },
        [{ name: 'crack.jpg', type: 'image/jpeg', bytes: await picture('#806040').jpeg().toBuffer() }],
      );
      expect(created.status, created.text).toBe(201);
      expect(await thumbnailOf(created.body.media[0].id)).toBe('ready');
      // A photo added when the observation is changed is made at once too.
      const changed = await submit(
        crew,
        'PUT',
        `/api/observations/${created.body.id}?kind=Observation`,
        { FormValues: crack(9), Version: created.body.version },
        [{ name: 'closer.png', type: 'image/png', bytes: await picture('#405060').png().toBuffer() }],
      );
      expect(changed.status, changed.text).toBe(200);
      expect(await thumbnailOf(changed.body.media[1].id)).toBe('ready');
      const gallery = await crew.get<MediaGallery>(`/api/media/Observation/${created.body.id}`);
      expect(gallery.body.items.map((i) => [i.fileName, i.thumbnail, i.width, i.height])).toEqual([
        ['crack.jpg', 'ready', 640, 480],
        ['closer.png', 'ready', 640, 480],
      ]);
    } finally {
      await queue.stop();
      await worker.close();
    }
  });

  it('delete removes the row, its media rows and the files no other row names; a stale version is 409', async () => {
    const shared = jpeg(200_000);
    const own = png(200_000);
    const keep = await submit(
      inspector,
      'POST',
      '/api/observations',
      { InspectionId: Number(open.id), FormValues: crack(8) },
      [{ name: 's.jpg', type: 'image/jpeg', bytes: shared }],
    );
    const gone = await submit(
      inspector,
      'POST',
      '/api/observations',
      { InspectionId: Number(open.id), FormValues: crack(9) },
      [
        { name: 's.jpg', type: 'image/jpeg', bytes: shared },
        { name: 'o.png', type: 'image/png', bytes: own },
      ],
    );
    const id = gone.body.id;
    const connection = await submit(inspector, 'POST', '/api/connected-subjects', {
      ParentObjectType: 'Observation',
      ParentObjectId: id,
      Subject: { id: null, kind: 'root-source', label: 'Roots through the joint' },
      FormValues: { connection: { subject: null, location: { longitude: 8.3, latitude: 51.9 } } },
    });
    expect(connection.status, connection.text).toBe(201);
    expect((await inspector.request('DELETE', `/api/observations/${id}?version=${gone.body.version + 1}`)).status).toBe(
      409,
    );
    const del = await inspector.request(
      'DELETE',
      `/api/observations/${id}?kind=Observation&version=${gone.body.version}`,
    );
    expect(del.status).toBe(200);
    expect(await one(sql`SELECT count(*)::int AS n FROM observations WHERE id = ${id}`)).toEqual({ n: 0 });
    expect(
      await one(sql`SELECT count(*)::int AS n FROM media WHERE owner_type = 'observation' AND owner_id = ${id}`),
    ).toEqual({ n: 0 });
    expect(
      await one(
        sql`SELECT count(*)::int AS n FROM connected_subjects WHERE parent_type = 'observation' AND parent_id = ${id}`,
      ),
    ).toEqual({ n: 0 });
    const files = await mediaFiles();
    expect(files.some((f) => f.endsWith(sha256(shared)))).toBe(true);
    expect(files.some((f) => f.endsWith(sha256(own)))).toBe(false);
    expect(keep.status).toBe(201);
    expect((await inspector.request('DELETE', `/api/observations/${id}`)).status).toBe(404);
  });

  it('without a stored template the spec missing-templates error answers', async () => {
    const standard = await one(sql`SELECT standard_id FROM inspections WHERE id = ${open.id}`);
    const [saved] = await server.db.query<any>(
      sql`DELETE FROM form_templates WHERE object_type = 'observation' AND standard_id = ${standard.standard_id}
        RETURNING id, object_type, standard_id, label, definition, source`,
    );
    expect(saved).toBeDefined();
    try {
      const res = await submit(inspector, 'POST', '/api/observations', {
        InspectionId: Number(open.id),
        FormValues: crack(),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'form/missing-templates', message: MISSING_TEMPLATES });
    } finally {
      await server.db.query(
        sql`INSERT INTO form_templates (id, object_type, standard_id, label, definition, source)
          VALUES (${saved.id}, ${saved.object_type}, ${saved.standard_id}, ${saved.label},
            ${JSON.stringify(saved.definition)}::jsonb, ${saved.source})`,
      );
    }
  });
});

describe('the API document', () => {
  it('describes the multipart submissions and the kind parameter', async () => {
    const doc = (await guest.get('/api/openapi.json')).body;
    for (const path of ['/api/observations', '/api/connected-subjects']) {
      const body = doc.paths[path].post.requestBody.content['multipart/form-data'].schema;
      expect(Object.keys(body.properties)).toEqual(['Data', 'Files', 'FilesToRemove']);
      expect(body.properties.Files.items).toMatchObject({ type: 'string', format: 'binary' });
      const kind = doc.paths[`${path}/{id}`].delete.parameters.find((p: { name: string }) => p.name === 'kind');
      expect(kind.schema.enum).toEqual(['Observation', 'ConnectedSubject']);
    }
  });
});

describe('connected subjects', () => {
  it('create (a new subject with its location), list, update, delete', async () => {
    const parent = {
      type: 'Section',
      id: await one(sql`SELECT id FROM assets WHERE object_type = 'section' ORDER BY id LIMIT 1`),
    };
    const list = async () =>
      (await guest.get(`/api/connected-subjects?parentObjectType=${parent.type}&parentObjectId=${parent.id.id}`)).body
        .items;
    const before = await list();
    const created = await submit(
      inspector,
      'POST',
      '/api/connected-subjects',
      {
        ParentObjectType: 'Section',
        ParentObjectId: Number(parent.id.id),
        Subject: { id: null, kind: 'root-source', label: 'Oak at no. 12' },
        FormValues: { connection: { subject: null, location: { longitude: 8.31, latitude: 51.89 } }, remark: 'roots' },
      },
      [{ name: 'tree.jpg', type: 'image/jpeg', bytes: jpeg(100_000) }],
    );
    expect(created.status, created.text).toBe(201);
    const item = ConnectedSubjectItem.parse(created.body);
    expect(item).toMatchObject({
      parentObjectType: 'Section',
      subject: { kind: 'root-source', label: 'Oak at no. 12' },
      location: { longitude: 8.31, latitude: 51.89 },
      values: { remark: 'roots' },
      version: 1,
    });
    expect(item.media).toHaveLength(1);
    expect(await list()).toHaveLength(before.length + 1);

    const moved = await submit(inspector, 'PUT', `/api/connected-subjects/${item.id}?kind=ConnectedSubject`, {
      FormValues: {
        connection: { subject: item.subject, location: { longitude: 8.32, latitude: 51.9 } },
        remark: 'two oaks',
      },
      Version: 1,
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({
      location: { longitude: 8.32, latitude: 51.9 },
      values: { remark: 'two oaks' },
      version: 2,
    });
    const stale = await submit(inspector, 'PUT', `/api/connected-subjects/${item.id}`, {
      FormValues: { connection: { subject: item.subject, location: { longitude: 8.3, latitude: 51.9 } } },
      Version: 1,
    });
    expect(stale.status).toBe(409);

    // an existing subject connected to an inspection too
    const again = await submit(inspector, 'POST', '/api/connected-subjects', {
      ParentObjectType: 'Inspection',
      ParentObjectId: Number(open.id),
      SubjectId: item.subject.id,
      FormValues: { connection: { subject: item.subject, location: { longitude: 8.31, latitude: 51.89 } } },
    });
    expect(again.status, again.text).toBe(201);
    expect(again.body.subject.id).toBe(item.subject.id);

    expect((await guest.request('DELETE', `/api/connected-subjects/${item.id}`)).status).toBe(403);
    const del = await inspector.request('DELETE', `/api/connected-subjects/${item.id}?kind=ConnectedSubject&version=2`);
    expect(del.status).toBe(200);
    expect(await list()).toHaveLength(before.length);
  });

  it('answers 400 for a missing location, an unknown kind, an unknown parent type; 404 for a missing parent', async () => {
    const section = await one(sql`SELECT id FROM assets WHERE object_type = 'section' ORDER BY id LIMIT 1`);
    const post = (data: Record<string, unknown>) =>
      submit(inspector, 'POST', '/api/connected-subjects', {
        ParentObjectType: 'Section',
        ParentObjectId: Number(section.id),
        Subject: { id: null, kind: 'hazard', label: 'Open cover' },
        FormValues: { connection: { subject: null, location: { longitude: 8.3, latitude: 51.9 } } },
        ...data,
      });
    const noLocation = await post({ FormValues: {} });
    expect(noLocation.status).toBe(400);
    expect(noLocation.body.ModelState).toHaveProperty('connection');
    expect((await post({ Subject: { id: null, kind: 'unicorn', label: 'x' } })).body.ModelState).toHaveProperty(
      'Subject.kind',
    );
    expect((await post({ ParentObjectType: 'Tree' })).body.ModelState).toHaveProperty('ParentObjectType');
    expect((await post({ ParentObjectId: 99999999 })).status).toBe(404);
    expect((await submit(guest, 'POST', '/api/connected-subjects', {})).status).toBe(403);
  });
});
