/**
 * The installation's general and map settings over real HTTP (issue #21; main-app sections 3, 7 and
 * 8): administrators read and save them against their version, a stale version answers 409, a bad
 * value answers 400 at its field, every save is audited, and what every page loads follows them.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditPage } from '@manway/core/api/audit';
import type { InstallationGeneral, InstallationMap } from '@manway/core/api/installation-settings';
import { MapSettings, type Basemap } from '@manway/core/api/settings';
import { APPLICATION_EDITION_HEADER } from '@manway/core/editions';
import { sql } from '../src/db/sql';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { TEST_ADMIN_PASSWORD } from './template';

let server: TestServer;
let webDir: string;
let admin: TestClient;
let editor: TestClient;
let inspector: TestClient;

beforeAll(async () => {
  // A built web app of one edition, enough to see the policy its page is served with.
  webDir = await mkdtemp(join(tmpdir(), 'manway-web-'));
  await mkdir(join(webDir, 'office'), { recursive: true });
  await writeFile(
    join(webDir, 'office', 'index.html'),
    '<!doctype html><html><head><!--manway:config--></head><body><div id="root"></div></body></html>',
  );
  server = await startTestServer({ webDistDir: webDir });
  [admin, editor, inspector] = [server.client(), server.client(), server.client()];
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
  await editor.signIn('editor', 'editor-demo');
  await inspector.signIn('inspector', 'inspector-demo');
}, 120_000);

afterAll(async () => {
  await server?.close();
  await rm(webDir, { recursive: true, force: true });
});

// Every test starts from an installation nobody has configured, and no audit entries.
beforeEach(async () => {
  await server.db.query(sql`DELETE FROM system_settings WHERE key IN ('general', 'map')`);
  await server.db.query(sql`DELETE FROM audit_events`);
  await server.db.query(sql`DELETE FROM user_settings`);
});

const GENERAL = '/api/admin/settings/general';
const MAP = '/api/admin/settings/map';

async function general(): Promise<InstallationGeneral> {
  const res = await admin.get<InstallationGeneral>(GENERAL);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function map(): Promise<InstallationMap> {
  const res = await admin.get<InstallationMap>(MAP);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** What a PUT of the map settings sends: the values read, without the read-only network extent. */
function mapUpdate(read: InstallationMap, change: Partial<InstallationMap> = {}) {
  const { networkExtent: _, ...values } = { ...read, ...change };
  return values;
}

async function audit(query = ''): Promise<AuditPage> {
  const res = await admin.get<AuditPage>(`/api/audit?objectType=settings${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const WMS: Basemap = {
  id: 'ortho',
  name: 'Orthophoto',
  kind: 'wms',
  url: 'https://wms.example.org/service',
  layer: 'ortho_2024',
  format: 'image/jpeg',
  attribution: '© Example Survey',
};

describe('general settings', () => {
  it('read as the defaults, version 0, until an administrator saves', async () => {
    expect(await general()).toEqual({
      coordinateDisplayFormat: 'DecimalDegrees',
      stillImageFormat: 'jpeg',
      accuracy: { threshold: 5, unit: 'm' },
      licenceWarningDays: 30,
      version: 0,
    });
  });

  it('a save round-trips, moves the version on, and is audited with before and after', async () => {
    const read = await general();
    const res = await admin.put<InstallationGeneral>(GENERAL, {
      ...read,
      coordinateDisplayFormat: 'DegreesMinutesSeconds',
      stillImageFormat: 'png',
      accuracy: { threshold: 12.5, unit: 'ft' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ stillImageFormat: 'png', version: 1 });
    expect(await general()).toEqual({
      coordinateDisplayFormat: 'DegreesMinutesSeconds',
      stillImageFormat: 'png',
      accuracy: { threshold: 12.5, unit: 'ft' },
      licenceWarningDays: 30,
      version: 1,
    });

    const { items, total } = await audit('&objectId=general');
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({
      actor: { login: 'admin' },
      action: 'settings.updated',
      objectType: 'settings',
      objectId: 'general',
      summary:
        'General settings: coordinate format DecimalDegrees → DegreesMinutesSeconds; still image format jpeg → png; ' +
        'GPS accuracy threshold 5 → 12.5; GPS accuracy unit m → ft',
      changes: {
        coordinateDisplayFormat: { from: 'DecimalDegrees', to: 'DegreesMinutesSeconds' },
        stillImageFormat: { from: 'jpeg', to: 'png' },
        'accuracy.threshold': { from: 5, to: 12.5 },
        'accuracy.unit': { from: 'm', to: 'ft' },
      },
    });
  });

  it('a save against a version read before another administrator saved answers 409 and changes nothing', async () => {
    const read = await general();
    expect((await admin.put(GENERAL, { ...read, licenceWarningDays: 10 })).status).toBe(200);
    const stale = await admin.put(GENERAL, { ...read, licenceWarningDays: 20 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('concurrency/modified-by-another-user');
    expect((await general()).licenceWarningDays).toBe(10);
    expect((await audit()).total).toBe(1);
  });

  it('two administrators saving the same version at once: one wins, the other gets 409', async () => {
    const read = await general();
    const answers = await Promise.all([7, 8].map((days) => admin.put(GENERAL, { ...read, licenceWarningDays: days })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await audit()).total).toBe(1);
  });

  it('bad values answer 400 naming each field', async () => {
    const read = await general();
    const res = await admin.put(GENERAL, {
      ...read,
      coordinateDisplayFormat: 'Furlongs',
      accuracy: { threshold: -1, unit: 'm' },
      licenceWarningDays: 366,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState).sort()).toEqual([
      'accuracy.threshold',
      'coordinateDisplayFormat',
      'licenceWarningDays',
    ]);
    expect(res.body.ModelState.licenceWarningDays).toEqual(['Between 1 and 365 days.']);
    expect((await admin.put(GENERAL, { ...read, licenceWarningDays: 0 })).status).toBe(400);
    expect((await general()).version).toBe(0);
  });

  it('only administrators read or change them', async () => {
    const read = await general();
    expect((await editor.get(GENERAL)).status).toBe(403);
    expect((await editor.put(GENERAL, read)).status).toBe(403);
    expect((await server.client().get(GENERAL)).status).toBe(401);
    expect((await general()).version).toBe(0);
  });

  it('the default coordinate format is what users who chose none see; a user who chose one keeps it', async () => {
    // The inspector chooses a format; the editor's map sends back the settings it read, format included.
    const inspectorSettings = (await inspector.get('/api/settings/user')).body;
    expect(
      (await inspector.put('/api/settings/user', { ...inspectorSettings, coordinateDisplayFormat: 'Degrees' })).status,
    ).toBe(200);
    const editorSettings = (await editor.get('/api/settings/user')).body;
    expect((await editor.put('/api/settings/user', { ...editorSettings, basemapId: 'osm' })).status).toBe(200);

    const read = await general();
    expect((await admin.put(GENERAL, { ...read, coordinateDisplayFormat: 'DegreesDecimalMinutes' })).status).toBe(200);

    expect((await editor.get('/api/settings/general')).body.coordinateDisplayFormat).toBe('DegreesDecimalMinutes');
    expect((await editor.get('/api/settings/user')).body).toMatchObject({
      coordinateDisplayFormat: 'DegreesDecimalMinutes',
      basemapId: 'osm',
    });
    expect((await inspector.get('/api/settings/general')).body.coordinateDisplayFormat).toBe('Degrees');
  });

  it('the still image format and GPS accuracy are what every page loads', async () => {
    const read = await general();
    await admin.put(GENERAL, { ...read, stillImageFormat: 'png', accuracy: { threshold: 3, unit: 'ft' } });
    const page = (await inspector.get('/api/settings/general', { [APPLICATION_EDITION_HEADER]: 'web-inspect' })).body;
    expect(page.stillImageFormat).toBe('png');
    expect(page.accuracySettings).toEqual({ threshold: 3, unit: 'ft' });
  });

  it('the licence warning days decide when pages warn of an expiring licence', async () => {
    await server.db.query(
      sql`UPDATE licences SET expires_at = now() + interval '20 days' WHERE application = 'web-inspect'`,
    );
    try {
      const warning = async () =>
        (await inspector.get('/api/settings/general', { [APPLICATION_EDITION_HEADER]: 'web-inspect' })).body
          .licenseWarning;
      expect(await warning()).toMatch(/^The Manway Inspect licence expires on \d{4}-\d{2}-\d{2}\.$/);
      const read = await general();
      expect((await admin.put(GENERAL, { ...read, licenceWarningDays: 14 })).status).toBe(200);
      expect(await warning()).toBeNull();
      expect((await admin.put(GENERAL, { ...read, version: 1, licenceWarningDays: 21 })).status).toBe(200);
      expect(await warning()).toMatch(/expires on/);
    } finally {
      await server.db.query(sql`UPDATE licences SET expires_at = NULL WHERE application = 'web-inspect'`);
    }
  });
});

describe('map settings', () => {
  it('read as the defaults: no basemap first and the default, OpenStreetMap, the whole network, version 0', async () => {
    const read = await map();
    expect(read.basemaps.map((b) => b.id)).toEqual(['none', 'osm']);
    expect(read).toMatchObject({ defaultBasemapId: 'none', initialExtent: null, version: 0 });
    expect(read.networkExtent).toHaveLength(4);
  });

  it('a WMS basemap, a new default and a start extent round-trip, and the map draws what was saved', async () => {
    const read = await map();
    const extent = [5.1, 51.9, 5.3, 52.1];
    const res = await admin.put<InstallationMap>(
      MAP,
      mapUpdate(read, { basemaps: [...read.basemaps, WMS], defaultBasemapId: 'ortho', initialExtent: extent as never }),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ defaultBasemapId: 'ortho', initialExtent: extent, version: 1 });

    const again = await map();
    expect(again.basemaps).toEqual([...read.basemaps, WMS]);
    expect(again.version).toBe(1);

    const drawn = MapSettings.parse((await inspector.get('/api/settings/map')).body);
    expect(drawn.basemaps.map((b) => b.id)).toEqual(['none', 'osm', 'ortho']);
    expect(drawn.defaultBasemapId).toBe('ortho');
    expect(drawn.initialExtent).toEqual(extent);

    const { items } = await audit('&objectId=map');
    expect(items).toHaveLength(1);
    expect(items[0]!.summary).toBe(
      'Map settings: default basemap none → ortho; start extent the whole network → [5.1, 51.9, 5.3, 52.1]; 1 basemap added',
    );
    expect(items[0]!.changes['basemaps.ortho']).toEqual({ from: null, to: WMS });
  });

  it('the offline "No basemap" stays first, and is added back when left out', async () => {
    const read = await map();
    const osm = read.basemaps.find((b) => b.id === 'osm')!;
    const res = await admin.put<InstallationMap>(MAP, mapUpdate(read, { basemaps: [osm], defaultBasemapId: 'osm' }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.basemaps.map((b) => b.id)).toEqual(['none', 'osm']);
    const drawn = MapSettings.parse((await editor.get('/api/settings/map')).body);
    expect(drawn.basemaps[0]).toEqual({ id: 'none', name: 'No basemap', kind: 'none' });
    expect(drawn.defaultBasemapId).toBe('osm');
  });

  it('WMTS as a service address (KVP) with its layer and matrix set, or as a tile template', async () => {
    const read = await map();
    const wmts: Basemap[] = [
      {
        id: 'topo',
        name: 'Topography',
        kind: 'wmts',
        url: 'https://wmts.example.org/wmts',
        layer: 'topo',
        tileMatrixSet: 'GoogleMapsCompatible',
        format: 'image/png',
        maxZoom: 19,
      },
      {
        id: 'topo-rest',
        name: 'Topography (REST)',
        kind: 'wmts',
        url: 'https://wmts.example.org/1.0.0/topo/default/EPSG:3857/{TileMatrix}/{TileRow}/{TileCol}.png',
      },
    ];
    const res = await admin.put<InstallationMap>(MAP, mapUpdate(read, { basemaps: [...read.basemaps, ...wmts] }));
    expect(res.status, res.text).toBe(200);
    expect((await map()).basemaps.slice(2)).toEqual(wmts);
  });

  it('bad basemaps answer 400 at their fields, and nothing is saved', async () => {
    const read = await map();
    const res = await admin.put(
      MAP,
      mapUpdate(read, {
        basemaps: [
          ...read.basemaps,
          { id: 'a', name: 'Tiles', kind: 'xyz', url: 'https://tiles.example.org/tiles.png' },
          { id: 'b', name: 'Ftp', kind: 'xyz', url: 'ftp://tiles.example.org/{z}/{x}/{y}.png' },
          { id: 'c', name: 'WMS', kind: 'wms', url: 'https://wms.example.org/wms' },
          { id: 'd', name: ' ', kind: 'wmts', url: 'https://wmts.example.org/wmts', layer: 'topo' },
          { id: 'a', name: 'Again', kind: 'xyz', url: 'https://x.example.org/{z}/{x}/{y}.png' },
        ],
        defaultBasemapId: 'missing',
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.ModelState).toEqual({
      'basemaps.2.url': ['The address needs {z}, {x} and {y} where the tile numbers go.'],
      'basemaps.3.url': ['Use an http:// or https:// address.'],
      'basemaps.4.layer': ['Name the WMS layers to draw (LAYERS).'],
      'basemaps.5.name': ['Enter a name.'],
      'basemaps.5.tileMatrixSet': ['Name the tile matrix set: one on the GoogleMapsCompatible grid (EPSG:3857).'],
      'basemaps.6.id': ['Another basemap has this id.'],
      defaultBasemapId: ['Choose one of the basemaps.'],
    });
    expect((await map()).version).toBe(0);
  });

  it('a start extent off the globe or inside out answers 400 at initialExtent', async () => {
    const read = await map();
    for (const extent of [
      [-181, 0, 10, 10],
      [10, 0, 5, 10],
      [0, 10, 10, 10],
    ]) {
      const res = await admin.put(MAP, mapUpdate(read, { initialExtent: extent as never }));
      expect(res.status, JSON.stringify(extent)).toBe(400);
      expect(Object.keys(res.body.ModelState)).toEqual(['initialExtent']);
    }
  });

  it('a stale version answers 409; only administrators read or change the map settings', async () => {
    const read = await map();
    expect((await admin.put(MAP, mapUpdate(read, { defaultBasemapId: 'osm' }))).status).toBe(200);
    const stale = await admin.put(MAP, mapUpdate(read, { defaultBasemapId: 'none' }));
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('concurrency/modified-by-another-user');
    expect((await map()).defaultBasemapId).toBe('osm');
    expect((await editor.get(MAP)).status).toBe(403);
    expect((await inspector.put(MAP, mapUpdate(read))).status).toBe(403);
  });

  it('a changed basemap and a removed one are audited one by one', async () => {
    const read = await map();
    await admin.put(MAP, mapUpdate(read, { basemaps: [...read.basemaps, WMS] }));
    const saved = await map();
    const res = await admin.put(
      MAP,
      mapUpdate(saved, {
        basemaps: saved.basemaps
          .filter((b) => b.id !== 'osm')
          .map((b) => (b.id === 'ortho' ? { ...b, layer: 'ortho_2025' } : b)),
        initialExtent: null,
      }),
    );
    expect(res.status, res.text).toBe(200);
    const [latest] = (await audit('&objectId=map')).items;
    expect(latest!.summary).toBe('Map settings: 1 basemap removed; 1 basemap changed');
    expect(latest!.changes['basemaps.ortho']).toEqual({ from: WMS, to: { ...WMS, layer: 'ortho_2025' } });
    expect(latest!.changes['basemaps.osm']!.to).toBeNull();
  });

  it("a plain-http basemap's server is allowed in the pages' security policy; https ones are already", async () => {
    const read = await map();
    const local: Basemap = { ...WMS, id: 'local', url: 'http://gis.example.local:8080/geoserver/wms' };
    const policy = async () => {
      const res = await editor.get('/office/');
      expect(res.status).toBe(200);
      return String(res.headers.get('content-security-policy'));
    };
    expect(await policy()).toContain("img-src 'self' data: blob: https:;");
    await admin.put(MAP, mapUpdate(read, { basemaps: [...read.basemaps, WMS, local] }));
    const csp = await policy();
    expect(csp).toContain("img-src 'self' data: blob: https: http://gis.example.local:8080;");
    expect(csp).toContain("connect-src 'self' https: http://gis.example.local:8080;");
  });
});
