import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeneralSettings, MapSettings, UserSettings } from '@manway/core/api/settings';
import { APPLICATION_EDITION_HEADER } from '@manway/core/editions';
import { SCHEMA_VERSION } from '../src/db/migrate';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { TEST_ADMIN_PASSWORD } from './template';
import { sql } from '../src/db/sql';

let server: TestServer;
let admin: TestClient;
let editor: TestClient;
let inspector: TestClient;
let guest: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.client();
  editor = server.client();
  inspector = server.client();
  guest = server.client();
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
  await editor.signIn('editor', 'editor-demo');
  await inspector.signIn('inspector', 'inspector-demo');
  await guest.signIn('guest', 'guest-demo');
});
afterAll(() => server.close());

const edition = (e: string) => ({ [APPLICATION_EDITION_HEADER]: e });

describe('general settings', () => {
  it('answers every field of the spec for the signed-in user', async () => {
    const res = await editor.get('/api/settings/general', edition('web-office'));
    expect(res.status).toBe(200);
    const settings = GeneralSettings.parse(res.body);
    expect(settings.user).toEqual({
      login: 'editor',
      displayName: 'Erin Editor',
      hasEditorPermissions: true,
      hasReviewPermissions: true,
    });
    expect(settings.mode).toBe('editor');
    expect(settings.isGuest).toBe(false);
    expect(settings.objectTypes).toEqual([
      { typeName: 'Node', connectivityType: 'Node' },
      { typeName: 'Section', connectivityType: 'Section' },
      { typeName: 'Lateral', connectivityType: 'Lateral' },
    ]);
    expect(settings.coordinateDisplayFormat).toBe('DecimalDegrees');
    expect(settings.licenseWarning).toBeNull();
    expect(settings.stillImageFormat).toBe('jpeg');
    expect(settings.accuracySettings).toEqual({ threshold: 5, unit: 'm' });
  });

  it('a regular user has no editor permissions and a guest is flagged isGuest', async () => {
    expect((await inspector.get('/api/settings/general')).body.user.hasEditorPermissions).toBe(false);
    const g = await guest.get('/api/settings/general');
    expect(g.body.isGuest).toBe(true);
    expect(g.body.user.hasEditorPermissions).toBe(false);
  });

  it('the review permission: the office reviewer may accept inspections, a crew member may not', async () => {
    const office = server.client();
    await office.signIn('office', 'office-demo');
    const reviewer = (await office.get('/api/settings/general')).body.user;
    expect(reviewer).toMatchObject({ hasEditorPermissions: false, hasReviewPermissions: true });
    expect((await inspector.get('/api/settings/general')).body.user.hasReviewPermissions).toBe(false);
  });

  it('the settings edition is for administrators: others get 403 with the page-access text', async () => {
    expect((await admin.get('/api/settings/general', edition('web-settings'))).status).toBe(200);
    const res = await editor.get('/api/settings/general', edition('web-settings'));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'You have no permissions to access this page.' });
  });

  it('the websync console needs the websync permission', async () => {
    expect((await inspector.get('/api/settings/general', edition('web-websync'))).status).toBe(403);
    const syncer = server.client();
    await syncer.signIn('syncer', 'syncer-demo');
    const res = await syncer.get('/api/settings/general', edition('web-websync'));
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe('viewer');
  });

  it('an edition without a licence answers licensing/application-is-not-registered', async () => {
    await server.db.query(sql`DELETE FROM licences WHERE application = 'web-inspect'`);
    try {
      const res = await editor.get('/api/settings/general', edition('web-inspect'));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('licensing/application-is-not-registered');
      const apps = await editor.get('/api/applications');
      expect(apps.body.map((a: { id: string }) => a.id)).not.toContain('web-inspect');
    } finally {
      await server.db.query(sql`INSERT INTO licences (application, seats, editing) VALUES ('web-inspect', 50, true)`);
    }
  });

  it('a licence expiring within 30 days produces the licence warning', async () => {
    await server.db.query(
      sql`UPDATE licences SET expires_at = now() + interval '10 days' WHERE application = 'web-office'`,
    );
    try {
      const res = await editor.get('/api/settings/general', edition('web-office'));
      expect(res.body.licenseWarning).toMatch(/^The Manway Office licence expires on \d{4}-\d{2}-\d{2}\.$/);
    } finally {
      await server.db.query(sql`UPDATE licences SET expires_at = NULL WHERE application = 'web-office'`);
    }
  });

  it('a database of an older structure version answers db-state/bom-version-changed, a newer one unsupported-db-version', async () => {
    for (const [version, code] of [
      [SCHEMA_VERSION - 1, 'db-state/bom-version-changed'],
      [999, 'db-state/unsupported-db-version'],
    ] as const) {
      await server.db.query(sql`UPDATE manway_meta SET value = ${String(version)} WHERE key = 'schema_version'`);
      try {
        const res = await editor.get('/api/settings/general');
        expect(res.status, String(version)).toBe(400);
        expect(res.body.code, String(version)).toBe(code);
      } finally {
        await server.db.query(
          sql`UPDATE manway_meta SET value = ${String(SCHEMA_VERSION)} WHERE key = 'schema_version'`,
        );
      }
    }
  });
});

describe('user settings', () => {
  it('round-trips: what is saved is what is read back, per user', async () => {
    const before = await inspector.get('/api/settings/user');
    expect(UserSettings.parse(before.body).coordinateDisplayFormat).toBe('DecimalDegrees');
    const wanted = {
      coordinateDisplayFormat: 'DegreesMinutesSeconds',
      basemapId: 'osm',
      visibleLayers: ['Node', 'Section'],
      language: 'en',
    };
    const saved = await inspector.put('/api/settings/user', wanted);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(wanted);
    expect((await inspector.get('/api/settings/user')).body).toEqual(wanted);
    expect((await inspector.get('/api/settings/general')).body.coordinateDisplayFormat).toBe('DegreesMinutesSeconds');
    expect((await editor.get('/api/settings/user')).body.coordinateDisplayFormat).toBe('DecimalDegrees');
  });

  it('a bad value answers 400 naming the field and changes nothing', async () => {
    const before = (await editor.get('/api/settings/user')).body;
    const res = await editor.put('/api/settings/user', { ...before, coordinateDisplayFormat: 'Furlongs' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState)).toContain('coordinateDisplayFormat');
    expect(res.body.Message).toBe('The request is invalid.');
    expect((await editor.get('/api/settings/user')).body).toEqual(before);
  });

  it('an unknown field is refused rather than silently stored', async () => {
    const before = (await editor.get('/api/settings/user')).body;
    const res = await editor.put('/api/settings/user', { ...before, isAdmin: true });
    expect(res.status).toBe(400);
  });

  it('a guest may read but not change settings', async () => {
    const before = (await guest.get('/api/settings/user')).body;
    const res = await guest.put('/api/settings/user', { ...before, basemapId: 'osm' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'You have no permissions to perform this action' });
  });
});

describe('map settings and applications', () => {
  it('map settings offer the offline "no basemap" choice first', async () => {
    const res = await inspector.get('/api/settings/map');
    const map = MapSettings.parse(res.body);
    expect(map.basemaps[0]).toEqual({ id: 'none', name: 'No basemap', kind: 'none' });
    expect(map.defaultBasemapId).toBe('none');
  });

  it('applications say which editions the user may open', async () => {
    const res = await inspector.get('/api/applications');
    const available = Object.fromEntries(res.body.map((a: { id: string; available: boolean }) => [a.id, a.available]));
    expect(available).toEqual({ 'web-office': true, 'web-inspect': true, 'web-settings': false, 'web-websync': false });
    const forAdmin = await admin.get('/api/applications');
    expect(forAdmin.body.every((a: { available: boolean }) => a.available)).toBe(true);
  });
});
