/**
 * The media gallery over real HTTP (main-app spec section 7, "Media"): uploads checked by extension
 * and content, files served with ranges, ETags and the right disposition, who may add and delete,
 * and the processing jobs that make thumbnails and read EXIF and video facts (sharp, ffmpeg).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ID_HEADER } from '@manway/core/editions';
import { DEFAULT_UPLOAD_SETTINGS, type MediaGallery, type MediaItem } from '@manway/core/api/media';
import { sql, type SQL } from '../src/db/sql';
import { parseRange } from '../src/modules/media/service';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { mediaFilesOnDisk } from './media-files';

let server: TestServer;
let dataDir: string;
let editor: TestClient;
let inspector: TestClient;
let guest: TestClient;
let workDir: string;

const MAX_MB = 3;
const one = async (statement: SQL) => (await server.db.query<any>(statement))[0];
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let node: { id: string };
let open: { id: string };
let completed: { id: string };
let photo: Buffer;
let uprightPhoto: Buffer;
let video: Buffer;
let pdf: Buffer;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'manway-media-'));
  workDir = await mkdtemp(join(tmpdir(), 'manway-media-files-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir, MEDIA_MAX_MB: String(MAX_MB) } });
  editor = server.client();
  inspector = server.client();
  guest = server.client();
  await editor.signIn('editor', 'editor-demo');
  await inspector.signIn('inspector', 'inspector-demo');
  await guest.signIn('guest', 'guest-demo');
  node = await one(sql`SELECT id FROM assets WHERE object_type = 'node' ORDER BY id LIMIT 1`);
  open = await one(sql`SELECT id FROM inspections WHERE status = 'incomplete' ORDER BY id LIMIT 1`);
  completed = await one(sql`SELECT id FROM inspections WHERE status = 'completed' ORDER BY id LIMIT 1`);
  // A photo taken on its side (EXIF orientation 6) with a capture time and a GPS position.
  photo = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#7a5230' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD2: { DateTimeOriginal: '2026:05:04 10:11:12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 30/1', GPSLongitudeRef: 'W', GPSLongitude: '4/1 30/1 0/1' },
    })
    .toBuffer();
  uprightPhoto = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2050a0' } })
    .png()
    .toBuffer();
  const videoPath = join(workDir, 'clip.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=320x240:rate=25'],
    ...['-pix_fmt', 'yuv420p', '-metadata', 'creation_time=2026-04-03T08:09:10Z', videoPath],
  ]);
  video = await readFile(videoPath);
  pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
});
afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(workDir, { recursive: true, force: true });
});

interface Part {
  name: string;
  type?: string;
  bytes: Buffer;
}

async function upload(client: TestClient, path: string, parts: Part[], field = 'files') {
  const form = new FormData();
  for (const p of parts)
    form.append(field, new Blob([p.bytes], { type: p.type ?? 'application/octet-stream' }), p.name);
  const res = await fetch(`${client.base}/api/media/${path}`, {
    method: 'POST',
    headers: { [SESSION_ID_HEADER]: 'test-page', origin: client.base, cookie: client.cookie! },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
}

async function raw(client: TestClient, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${client.base}/api/media/${path}`, {
    headers: { [SESSION_ID_HEADER]: 'test-page', cookie: client.cookie!, ...headers },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const storedFiles = () => mediaFilesOnDisk(dataDir);

/** Runs the processing job for every pending file, as the queue would, until none is pending. */
async function processPending(): Promise<void> {
  const rows = await server.db.query<{ id: string }>(sql`SELECT id FROM media WHERE thumbnail_state = 'pending'`);
  for (const r of rows) await server.services.media.process(Number(r.id));
}

const gallery = async (client: TestClient, path: string) => (await client.get<MediaGallery>(`/api/media/${path}`)).body;

describe('the gallery of an object', () => {
  it('answers an empty gallery, and whether the caller may add to it', async () => {
    const path = `Node/${node.id}`;
    expect(await gallery(editor, path)).toEqual({
      items: [],
      mayChange: true,
      uploadSettings: DEFAULT_UPLOAD_SETTINGS,
    });
    // An asset's media are its editors': a crew member or a guest sees them but changes nothing.
    expect((await gallery(inspector, path)).mayChange).toBe(false);
    expect((await gallery(guest, path)).mayChange).toBe(false);
  });

  it('names the type in any case, refuses a type without a gallery, and answers 404 for a missing object', async () => {
    expect((await editor.get(`/api/media/node/${node.id}`)).status).toBe(200);
    const project = await editor.get('/api/media/Project/1');
    expect(project.status).toBe(400);
    expect(project.body.ModelState.type[0]).toMatch(/Known types/);
    expect((await editor.get('/api/media/Inspection/99999999')).status).toBe(404);
    // A node's id under another asset type is not that object.
    expect((await editor.get(`/api/media/Section/${node.id}`)).status).toBe(404);
  });
});

describe('uploading', () => {
  let items: MediaItem[];

  it("adds photos, a video and a document to the crew's open inspection, each pending its processing", async () => {
    const res = await upload(inspector, `Inspection/${open.id}`, [
      { name: 'defect.jpg', type: 'image/jpeg', bytes: photo },
      { name: 'overview.png', type: 'image/png', bytes: uprightPhoto },
      { name: 'survey.mp4', type: 'video/mp4', bytes: video },
      { name: 'report.pdf', type: 'application/pdf', bytes: pdf },
    ]);
    expect(res.status, res.text).toBe(201);
    items = res.body.items;
    expect(items.map((i) => [i.fileName, i.kind, i.contentType, i.sizeBytes, i.thumbnail])).toEqual([
      ['defect.jpg', 'image', 'image/jpeg', photo.length, 'pending'],
      ['overview.png', 'image', 'image/png', uprightPhoto.length, 'pending'],
      ['survey.mp4', 'video', 'video/mp4', video.length, 'pending'],
      ['report.pdf', 'document', 'application/pdf', pdf.length, 'pending'],
    ]);
    expect(items[0]!.url).toBe(`api/media/Inspection/${open.id}/${items[0]!.id}`);
    // Files are kept by content address; nothing of the request is left in the staging area.
    const files = await storedFiles();
    expect(files).toContain(`sha256/${sha256(photo).slice(0, 2)}/${sha256(photo)}`);
    expect(files.filter((f) => f.startsWith('incoming/'))).toEqual([]);
  });

  it('makes thumbnails upright, reads EXIF capture time and GPS, and a video its poster and duration', async () => {
    await processPending();
    const after = (await gallery(inspector, `Inspection/${open.id}`)).items;
    const [jpeg, png, mp4, doc] = items.map((i) => after.find((a) => a.id === i.id)!);
    expect(jpeg).toMatchObject({
      thumbnail: 'ready',
      width: 200,
      height: 400,
      capturedAt: '2026-05-04T10:11:12.000Z',
      location: { latitude: 52.375, longitude: -4.5 },
    });
    const thumb = await raw(inspector, `Inspection/${open.id}/${jpeg!.id}/thumbnail`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(thumb.bytes).metadata();
    // Turned upright (portrait), within 320 px, and without the photo's EXIF (no position leaks).
    expect([meta.width, meta.height]).toEqual([160, 320]);
    expect(meta.exif).toBeUndefined();
    expect(png).toMatchObject({ thumbnail: 'ready', width: 64, height: 48, capturedAt: null, location: null });
    expect(mp4).toMatchObject({ thumbnail: 'ready', width: 320, height: 240, capturedAt: '2026-04-03T08:09:10.000Z' });
    expect(mp4!.durationMs).toBeGreaterThan(2900);
    expect(mp4!.durationMs).toBeLessThan(3100);
    const poster = await raw(inspector, `Inspection/${open.id}/${mp4!.id}/thumbnail`);
    expect((await sharp(poster.bytes).metadata()).width).toBe(320);
    expect(doc).toMatchObject({ thumbnail: 'none', thumbnailUrl: null });
    expect((await raw(inspector, `Inspection/${open.id}/${doc!.id}/thumbnail`)).status).toBe(404);
    const dates = await inspector.get(`/api/media/Inspection/${open.id}/${jpeg!.id}/creation-date`);
    expect(dates.body).toEqual({ createdAt: jpeg!.createdAt, capturedAt: '2026-05-04T10:11:12.000Z' });
  });

  it('serves a file whole, by range, revalidated by its sha256 ETag, and as a download when asked', async () => {
    const mp4 = items[2]!;
    const path = `Inspection/${open.id}/${mp4.id}`;
    const whole = await raw(guest, path);
    expect(whole.status).toBe(200);
    expect(sha256(whole.bytes)).toBe(sha256(video));
    expect(whole.headers.get('etag')).toBe(`"${sha256(video)}"`);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('content-disposition')).toMatch(/^inline; filename="survey.mp4"/);
    expect(whole.headers.get('cache-control')).toMatch(/private/);
    const middle = await raw(guest, path, { range: 'bytes=100-199' });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
    expect(middle.bytes.equals(video.subarray(100, 200))).toBe(true);
    const tail = await raw(guest, path, { range: 'bytes=-10' });
    expect(tail.bytes.equals(video.subarray(video.length - 10))).toBe(true);
    const rest = await raw(guest, path, { range: `bytes=${video.length - 3}-` });
    expect(rest.bytes.equals(video.subarray(video.length - 3))).toBe(true);
    const outside = await raw(guest, path, { range: `bytes=${video.length}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${video.length}`);
    const cached = await raw(guest, path, { 'if-none-match': `"${sha256(video)}"` });
    expect(cached.status).toBe(304);
    // A range on a changed file (If-Range no longer matching) sends the whole file.
    expect((await raw(guest, path, { range: 'bytes=0-9', 'if-range': '"other"' })).status).toBe(200);
    const download = await raw(guest, `${path}?download=true`);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="survey.mp4"/);
  });

  it('reads ranges as RFC 9110 says', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-100', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,4-5', 10)).toBeUndefined();
    expect(parseRange('bytes=7-3', 10)).toBeUndefined();
    expect(parseRange('items=0-1', 10)).toBeUndefined();
  });

  it('keeps a file attached twice once, and removes it only when its last media row is deleted', async () => {
    const again = await upload(editor, `Node/${node.id}`, [{ name: 'same.jpg', type: 'image/jpeg', bytes: photo }]);
    expect(again.status, again.text).toBe(201);
    await processPending();
    const key = `sha256/${sha256(photo).slice(0, 2)}/${sha256(photo)}`;
    const thumbnail = `thumbnails/${sha256(photo).slice(0, 2)}/${sha256(photo)}.jpg`;
    expect((await gallery(editor, `Node/${node.id}`)).items[0]!.thumbnail).toBe('ready');
    const first = items[0]!;
    const removed = await inspector.request('DELETE', `/api/media/Inspection/${open.id}/${first.id}`);
    expect(removed.status, removed.text).toBe(204);
    expect(await storedFiles()).toEqual(expect.arrayContaining([key, thumbnail]));
    const copy = again.body.items[0] as MediaItem;
    expect((await editor.request('DELETE', `/api/media/Node/${node.id}/${copy.id}`)).status).toBe(204);
    const left = await storedFiles();
    expect(left).not.toContain(key);
    expect(left).not.toContain(thumbnail);
    expect((await raw(editor, `Node/${node.id}/${copy.id}`)).status).toBe(404);
    expect((await editor.request('DELETE', `/api/media/Node/${node.id}/${copy.id}`)).status).toBe(404);
  });

  it("answers a file of another object's as not found", async () => {
    const png = items[1]!;
    expect((await raw(editor, `Node/${node.id}/${png.id}`)).status).toBe(404);
    expect((await editor.request('DELETE', `/api/media/Node/${node.id}/${png.id}`)).status).toBe(404);
  });

  it('answers media/file-not-found when the bytes are gone from the store', async () => {
    const doc = items[3]!;
    await rm(join(dataDir, 'media', `sha256/${sha256(pdf).slice(0, 2)}/${sha256(pdf)}`));
    const res = await editor.get(`/api/media/Inspection/${open.id}/${doc.id}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('media/file-not-found');
  });
});

describe('who may change media', () => {
  const jpg = () => [{ name: 'p.jpg', type: 'image/jpeg', bytes: photo }];

  it("lets only editors change an asset's media", async () => {
    expect((await upload(inspector, `Node/${node.id}`, jpg())).status).toBe(403);
    expect((await upload(guest, `Node/${node.id}`, jpg())).status).toBe(403);
  });

  it("leaves an accepted inspection's media to editors", async () => {
    expect((await upload(inspector, `Inspection/${completed.id}`, jpg())).status).toBe(403);
    const byEditor = await upload(editor, `Inspection/${completed.id}`, jpg());
    expect(byEditor.status, byEditor.text).toBe(201);
    const id = byEditor.body.items[0].id;
    expect((await inspector.request('DELETE', `/api/media/Inspection/${completed.id}/${id}`)).status).toBe(403);
    expect((await editor.request('DELETE', `/api/media/Inspection/${completed.id}/${id}`)).status).toBe(204);
  });

  it('lets the crew add to an observation of its open inspection', async () => {
    const observation = await one(sql`SELECT id FROM observations WHERE inspection_id = ${open.id} LIMIT 1`);
    if (!observation) {
      const any = await one(sql`SELECT o.id FROM observations o JOIN inspections i ON i.id = o.inspection_id
        WHERE i.status = 'incomplete' LIMIT 1`);
      expect(any).toBeDefined();
      expect((await upload(inspector, `Observation/${any.id}`, jpg())).status).toBe(201);
      return;
    }
    expect((await upload(inspector, `Observation/${observation.id}`, jpg())).status).toBe(201);
  });
});

describe("an inspection's gallery", () => {
  /** An inspection of this status with observations at two distances at least. */
  const inspectionWithObservations = (status: string) =>
    one(sql`SELECT i.id FROM inspections i WHERE i.status = ${status}
      AND (SELECT count(DISTINCT o.distance_m) FROM observations o WHERE o.inspection_id = i.id) >= 2
      ORDER BY i.id LIMIT 1`);
  const observationsOf = (inspectionId: string) =>
    server.db.query<{ id: string; code: string; distance_m: number }>(
      sql`SELECT id, code, distance_m FROM observations WHERE inspection_id = ${inspectionId} ORDER BY distance_m, sequence`,
    );
  const added = async (client: TestClient, path: string, name: string, bytes: Buffer) => {
    const res = await upload(client, path, [{ name, bytes }]);
    expect(res.status, res.text).toBe(201);
    return res.body.items[0] as MediaItem;
  };
  /** An item's address as `raw` takes it. */
  const at = (url: string) => url.replace(/^api\/media\//, '');

  it("an inspection's gallery lists its observations' photos, each naming its observation", async () => {
    const inspection = await inspectionWithObservations('incomplete');
    const observations = await observationsOf(inspection.id);
    const near = observations[0]!;
    const far = observations.at(-1)!;
    // Added far first and the inspection's own file last: the gallery's order is not the order added.
    const farPhoto = await added(inspector, `Observation/${far.id}`, 'far.jpg', photo);
    const nearPhoto = await added(inspector, `Observation/${near.id}`, 'near.jpg', photo);
    const overview = await added(inspector, `Inspection/${inspection.id}`, 'overview.png', uprightPhoto);
    await processPending();

    const listed = await gallery(inspector, `Inspection/${inspection.id}`);
    const ours = listed.items.filter((i) => [farPhoto.id, nearPhoto.id, overview.id].includes(i.id));
    expect(ours.map((i) => i.fileName)).toEqual(['overview.png', 'near.jpg', 'far.jpg']);
    // The inspection's own files first, then its observations' along the pipe.
    const distances = listed.items.map((i) => i.observation?.distanceM ?? -1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const [own, atNear, atFar] = ours;
    expect(own!.observation).toBeUndefined();
    expect(own!.url).toBe(`api/media/Inspection/${inspection.id}/${overview.id}`);
    expect(atNear).toMatchObject({
      observation: { id: Number(near.id), code: near.code, distanceM: near.distance_m },
      url: `api/media/Observation/${near.id}/${nearPhoto.id}`,
      thumbnail: 'ready',
      thumbnailUrl: `api/media/Observation/${near.id}/${nearPhoto.id}/thumbnail`,
    });
    expect(atFar!.observation).toEqual({ id: Number(far.id), code: far.code, distanceM: far.distance_m });

    // Read, shown as a thumbnail and downloaded at the addresses the inspection's gallery gives.
    const file = await raw(guest, at(atNear!.url));
    expect(file.status).toBe(200);
    expect(sha256(file.bytes)).toBe(sha256(photo));
    const thumbnail = await raw(guest, at(atNear!.thumbnailUrl!));
    expect([thumbnail.status, thumbnail.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const download = await raw(guest, `${at(atNear!.url)}?download=true`);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="near.jpg"/);
    // The file stays its observation's: the inspection's address does not reach it.
    expect((await raw(guest, `Inspection/${inspection.id}/${nearPhoto.id}`)).status).toBe(404);
    // In the observation's own gallery it is the same item, with no observation to name.
    const ofObservation = await gallery(inspector, `Observation/${near.id}`);
    const same = ofObservation.items.find((i) => i.id === nearPhoto.id)!;
    expect(same.observation).toBeUndefined();
    expect(same).toEqual({ ...atNear, observation: undefined });
  });

  it("deleting an observation's photo at the inspection gallery's address is permitted exactly as on the observation", async () => {
    // An accepted inspection's media are the editors': the crew and guests see the photo, delete it nowhere.
    const accepted = await inspectionWithObservations('completed');
    const [observation] = await observationsOf(accepted.id);
    const file = await added(editor, `Observation/${observation!.id}`, 'accepted.jpg', photo);
    for (const client of [inspector, guest]) {
      const listed = await gallery(client, `Inspection/${accepted.id}`);
      expect(listed.mayChange).toBe((await gallery(client, `Observation/${observation!.id}`)).mayChange);
      expect(listed.mayChange).toBe(false);
      const item = listed.items.find((i) => i.id === file.id)!;
      expect((await client.request('DELETE', `/${item.url}`)).status).toBe(403);
    }
    const byEditor = await gallery(editor, `Inspection/${accepted.id}`);
    expect(byEditor.mayChange).toBe(true);
    // The inspection's address is no second way to the file.
    expect((await editor.request('DELETE', `/api/media/Inspection/${accepted.id}/${file.id}`)).status).toBe(404);
    const item = byEditor.items.find((i) => i.id === file.id)!;
    expect((await editor.request('DELETE', `/${item.url}`)).status).toBe(204);
    expect((await gallery(editor, `Inspection/${accepted.id}`)).items.map((i) => i.id)).not.toContain(file.id);
    expect((await gallery(editor, `Observation/${observation!.id}`)).items.map((i) => i.id)).not.toContain(file.id);

    // On an open inspection the crew deletes it from the inspection's gallery as from the observation's.
    const incomplete = await inspectionWithObservations('incomplete');
    const [crewObservation] = await observationsOf(incomplete.id);
    const crewPhoto = await added(inspector, `Observation/${crewObservation!.id}`, 'open.jpg', photo);
    const listed = await gallery(inspector, `Inspection/${incomplete.id}`);
    expect(listed.mayChange).toBe(true);
    const crewItem = listed.items.find((i) => i.id === crewPhoto.id)!;
    expect((await inspector.request('DELETE', `/${crewItem.url}`)).status).toBe(204);
    const left = await gallery(inspector, `Observation/${crewObservation!.id}`);
    expect(left.items.map((i) => i.id)).not.toContain(crewPhoto.id);
  });
});

describe('hostile files', () => {
  const path = () => `Inspection/${open.id}`;
  const refused = async (parts: Part[], code: string) => {
    const before = await storedFiles();
    const rows = await one(sql`SELECT count(*)::int AS n FROM media`);
    const res = await upload(inspector, path(), parts);
    expect(res.status, res.text).toBe(400);
    expect(res.body.code ?? Object.keys(res.body.ModelState ?? {})[0]).toBe(code);
    // Nothing of a refused request is kept: no row, no file, no temporary file.
    expect((await one(sql`SELECT count(*)::int AS n FROM media`)).n).toBe(rows.n);
    expect(await storedFiles()).toEqual(before);
    return res;
  };

  it('refuses a polyglot: JPEG signature followed by an HTML page with a script', async () => {
    const polyglot = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
    ]);
    await refused([{ name: 'innocent.jpg', type: 'image/jpeg', bytes: polyglot }], 'media/unsupported-file');
  });

  it('refuses an SVG with a script by its extension, and by its content under a photo name', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await refused([{ name: 'drawing.svg', type: 'image/svg+xml', bytes: svg }], 'media/unsupported-extension');
    await refused([{ name: 'drawing.jpg', type: 'image/jpeg', bytes: svg }], 'media/unsupported-file');
    await refused(
      [{ name: 'page.html', type: 'text/html', bytes: Buffer.from('<html></html>') }],
      'media/unsupported-extension',
    );
  });

  it('refuses content that is not what its extension says', async () => {
    await refused([{ name: 'photo.jpg', type: 'image/jpeg', bytes: uprightPhoto }], 'media/unsupported-file');
    await refused([{ name: 'clip.mp4', type: 'video/mp4', bytes: photo }], 'media/unsupported-file');
    await refused([{ name: 'noextension', bytes: photo }], 'media/unsupported-extension');
  });

  it('refuses the whole request when one of its files is refused', async () => {
    await refused(
      [
        { name: 'good.jpg', type: 'image/jpeg', bytes: photo },
        { name: 'bad.exe', bytes: Buffer.from('MZ') },
      ],
      'media/unsupported-extension',
    );
  });

  it('refuses a file over the size limit, naming the files field', async () => {
    const big = Buffer.concat([photo, Buffer.alloc(MAX_MB * 1024 * 1024)]);
    const res = await refused([{ name: 'huge.jpg', type: 'image/jpeg', bytes: big }], 'files');
    expect(res.body.ModelState.files[0]).toMatch(`larger than ${MAX_MB} MB`);
  });

  it('keeps only the last segment of a path-traversal name, and writes nothing outside the store', async () => {
    const res = await upload(inspector, path(), [
      { name: '../../../etc/passwd.jpg', type: 'image/jpeg', bytes: photo },
    ]);
    expect(res.status, res.text).toBe(201);
    expect(res.body.items[0].fileName).toBe('passwd.jpg');
    expect(await storedFiles()).toEqual(expect.not.arrayContaining([expect.stringMatching(/\.\./)]));
    const served = await raw(inspector, `${path()}/${res.body.items[0].id}`);
    expect(served.headers.get('content-disposition')).toMatch(/filename="passwd.jpg"/);
  });

  it('refuses files sent under another part name', async () => {
    const res = await upload(inspector, path(), [{ name: 'p.jpg', type: 'image/jpeg', bytes: photo }], 'Files[]');
    expect(res.status).toBe(400);
    expect(res.body.ModelState['Files[]']).toBeDefined();
  });
});

describe('processing that fails', () => {
  it('is retried, then the file is marked failed with the reason, never left pending', async () => {
    // A JPEG signature over bytes no decoder can read.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const res = await upload(inspector, `Inspection/${open.id}`, [
      { name: 'broken.jpg', type: 'image/jpeg', bytes: broken },
    ]);
    expect(res.status, res.text).toBe(201);
    const id = res.body.items[0].id as number;
    await expect(server.services.media.process(id)).rejects.toThrow();
    await expect(server.services.media.process(id)).rejects.toThrow();
    await server.services.media.process(id);
    const row = await one(
      sql`SELECT thumbnail_state, processing_attempts, processing_error FROM media WHERE id = ${id}`,
    );
    expect(row).toMatchObject({ thumbnail_state: 'failed', processing_attempts: 3 });
    expect(row.processing_error).toBeTruthy();
    const item = (await gallery(inspector, `Inspection/${open.id}`)).items.find((i) => i.id === id);
    expect(item).toMatchObject({ thumbnail: 'failed', thumbnailUrl: null });
  });
});

describe('the processing jobs', () => {
  it("make an upload's thumbnail through the queue, and the sweeper sends the jobs of files that had none", async () => {
    const worker = await startTestServer({ db: server.db, withQueue: true, env: { DATA_DIR: dataDir } });
    const waitUntilProcessed = async (id: number) => {
      const deadline = Date.now() + 20_000;
      let state = 'pending';
      while (state === 'pending' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        state = (await one(sql`SELECT thumbnail_state FROM media WHERE id = ${id}`)).thumbnail_state;
      }
      return state;
    };
    try {
      const crew = worker.client();
      await crew.signIn('inspector', 'inspector-demo');
      const res = await upload(crew, `Inspection/${open.id}`, [
        { name: 'queued.png', type: 'image/png', bytes: uprightPhoto },
      ]);
      expect(res.status, res.text).toBe(201);
      expect(await waitUntilProcessed(res.body.items[0].id)).toBe('ready');
      // A file that came by sync has had no job sent: the sweeper finds it.
      const synced = await upload(editor, `Node/${node.id}`, [
        { name: 'synced.jpg', type: 'image/jpeg', bytes: photo },
      ]);
      const id = synced.body.items[0].id as number;
      await server.db.query(sql`UPDATE media SET processing_queued_at = NULL WHERE id = ${id}`);
      expect(await worker.services.media.sweep()).toBeGreaterThanOrEqual(1);
      expect(await waitUntilProcessed(id)).toBe('ready');
    } finally {
      await worker.close();
    }
  });
});

describe('the demo media', () => {
  it('gives recent inspections a survey video linked to their observations and photos of their worst defects', async () => {
    const made = await server.services.demo.seedMedia(server.services.media);
    expect(made.skippedVideos).toBeUndefined();
    expect(made.videos).toBe(7);
    expect(made.photos).toBeGreaterThanOrEqual(made.videos);
    await processPending();
    const videos = await server.db.query<any>(
      sql`SELECT m.id, m.owner_id, m.duration_ms, m.thumbnail_state, m.storage_key, m.sha256 FROM media m
       WHERE m.kind = 'video' AND m.owner_type = 'inspection' AND m.file_name LIKE 'Survey %' ORDER BY m.id`,
    );
    expect(videos).toHaveLength(7);
    for (const v of videos) {
      expect(v.thumbnail_state).toBe('ready');
      const item = (await gallery(inspector, `Inspection/${v.owner_id}`)).items.find((i) => i.id === Number(v.id))!;
      // Every observation the video reaches is linked at its moment, within the video.
      expect(item.links.length).toBeGreaterThanOrEqual(3);
      for (const link of item.links) expect(link.offsetMs).toBeLessThan(v.duration_ms);
      const bytes = await readFile(join(dataDir, 'media', v.storage_key));
      expect(sha256(bytes)).toBe(v.sha256);
    }
    const photos = await server.db.query<any>(
      sql`SELECT m.thumbnail_state, m.captured_at FROM media m WHERE m.owner_type = 'observation' AND m.file_name LIKE '% m.jpg'`,
    );
    expect(photos.length).toBe(made.photos);
    expect(photos.every((p) => p.thumbnail_state === 'ready' && p.captured_at !== null)).toBe(true);
  }, 120_000);
});
