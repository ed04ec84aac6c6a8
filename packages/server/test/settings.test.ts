import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_INSPECTION_PROFILE,
  GeneralSettings,
  InspectionStandards,
  MapSettings,
  UserSettings,
} from '@manway/core/api/settings';
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
      inspectionProfile: { standardId: 'manway-demo', camera: 'Crawler CX-2', direction: 'upstream' },
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

describe('the inspection profile in the user settings', () => {
  /** Settings as an earlier release left them in the database. */
  const storeRaw = (login: string, data: unknown) =>
    server.db.query(sql`
      INSERT INTO user_settings (user_id, data) SELECT id, ${JSON.stringify(data)}::jsonb FROM users WHERE login = ${login}
      ON CONFLICT (user_id) DO UPDATE SET data = EXCLUDED.data`);
  const profile = (p: Partial<UserSettings['inspectionProfile']>) => ({
    standardId: null,
    camera: null,
    direction: null,
    ...p,
  });
  const withProfile = async (client: TestClient, p: Partial<UserSettings['inspectionProfile']>) => {
    const before = (await client.get('/api/settings/user')).body;
    return client.put('/api/settings/user', { ...before, inspectionProfile: profile(p) });
  };

  beforeAll(async () => {
    // A second standard with an inspection form, and one without: the profile may name only the first.
    await server.db.exec(`
      INSERT INTO standards (id, name, version, applies_to, grade_min, grade_max, worst_is_high, scoring_method, continuous_unit_m)
      VALUES ('crew-b', 'Crew standard B', '2', ARRAY['node', 'section', 'lateral'], 1, 5, true, 'peak-rating-index', 1),
             ('no-form', 'Standard without forms', '1', ARRAY['section'], 1, 5, true, 'peak-rating-index', 1);
      INSERT INTO form_templates (id, object_type, standard_id, label, definition, source)
      SELECT 'inspection:crew-b', 'inspection', 'crew-b', label,
             jsonb_set(jsonb_set(definition, '{standardId}', '"crew-b"'), '{id}', '"inspection:crew-b"'), 'custom'
      FROM form_templates WHERE object_type = 'inspection' AND standard_id = 'manway-demo';`);
  });

  it('lists the standards a profile may name: those with an inspection form', async () => {
    const res = await inspector.get('/api/settings/standards');
    expect(res.status).toBe(200);
    expect(InspectionStandards.parse(res.body).map((s) => s.id)).toEqual(['crew-b', 'manway-demo']);
    expect(res.body[0]).toEqual({ id: 'crew-b', name: 'Crew standard B', version: '2' });
    expect((await guest.get('/api/settings/standards')).status).toBe(200);
  });

  it('is empty until the user chooses one, and is kept per user', async () => {
    const office = server.client();
    await office.signIn('office', 'office-demo');
    expect((await office.get('/api/settings/user')).body.inspectionProfile).toEqual(DEFAULT_INSPECTION_PROFILE);
    const saved = await withProfile(office, { standardId: 'crew-b', camera: 'Pan-tilt P1', direction: 'downstream' });
    expect(saved.status).toBe(200);
    expect((await office.get('/api/settings/user')).body.inspectionProfile).toEqual(
      profile({ standardId: 'crew-b', camera: 'Pan-tilt P1', direction: 'downstream' }),
    );
    expect((await editor.get('/api/settings/user')).body.inspectionProfile).toEqual(DEFAULT_INSPECTION_PROFILE);
  });

  it('a camera is stored trimmed, and a blank one as none', async () => {
    expect((await withProfile(editor, { camera: '  Crawler CX-2  ' })).body.inspectionProfile.camera).toBe(
      'Crawler CX-2',
    );
    expect((await withProfile(editor, { camera: '   ' })).body.inspectionProfile.camera).toBeNull();
    expect((await editor.get('/api/settings/user')).body.inspectionProfile.camera).toBeNull();
  });

  it('settings stored before profiles read with an empty profile, the rest as stored', async () => {
    const old = {
      coordinateDisplayFormat: 'DegreesDecimalMinutes',
      basemapId: 'osm',
      visibleLayers: ['Node'],
      language: 'en',
    };
    await storeRaw('editor', old);
    expect((await editor.get('/api/settings/user')).body).toEqual({
      ...old,
      inspectionProfile: DEFAULT_INSPECTION_PROFILE,
    });
  });

  it('a stored profile that no longer validates reads as empty and leaves the map choices alone', async () => {
    const stored = {
      coordinateDisplayFormat: 'DecimalDegrees',
      basemapId: 'none',
      visibleLayers: ['Section'],
      language: 'en',
      inspectionProfile: { standardId: 'manway-demo', direction: 'sideways' },
    };
    await storeRaw('editor', stored);
    const read = (await editor.get('/api/settings/user')).body;
    expect(read.inspectionProfile).toEqual(DEFAULT_INSPECTION_PROFILE);
    expect(read.visibleLayers).toEqual(['Section']);
  });

  it('a save without the profile (a page of an older release) keeps the stored profile', async () => {
    await withProfile(editor, { standardId: 'crew-b', camera: 'Crawler CX-2', direction: 'upstream' });
    const { inspectionProfile, ...rest } = (await editor.get('/api/settings/user')).body;
    const res = await editor.put('/api/settings/user', { ...rest, visibleLayers: ['Node'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...rest, visibleLayers: ['Node'], inspectionProfile });
    expect((await editor.get('/api/settings/user')).body.inspectionProfile).toEqual(inspectionProfile);
  });

  it('an unknown standard, or one without an inspection form, answers 400 naming inspectionProfile.standardId and changes nothing', async () => {
    const before = (await editor.get('/api/settings/user')).body;
    for (const standardId of ['no-such-standard', 'no-form']) {
      const res = await withProfile(editor, { standardId });
      expect(res.status, standardId).toBe(400);
      expect(res.body.ModelState, standardId).toEqual({
        'inspectionProfile.standardId': [`There is no standard "${standardId}" with an inspection form.`],
      });
    }
    expect((await editor.get('/api/settings/user')).body).toEqual(before);
  });

  it("a direction outside the header form's codes, an overlong camera or an unknown key answers 400", async () => {
    const before = (await editor.get('/api/settings/user')).body;
    const bad = (inspectionProfile: unknown) => editor.put('/api/settings/user', { ...before, inspectionProfile });
    const direction = await bad(profile({ direction: 'sideways' as never }));
    expect(direction.status).toBe(400);
    expect(Object.keys(direction.body.ModelState)).toEqual(['inspectionProfile.direction']);
    expect((await bad(profile({ camera: 'x'.repeat(201) }))).status).toBe(400);
    expect((await bad({ ...profile({}), vehicle: 'Van 3' })).status).toBe(400);
    expect((await editor.get('/api/settings/user')).body).toEqual(before);
  });

  it('a standard removed after it was chosen does not stop the rest of the settings from being saved', async () => {
    await server.db.exec(`
      INSERT INTO standards (id, name, version, applies_to, grade_min, grade_max, worst_is_high, scoring_method, continuous_unit_m)
      VALUES ('short-lived', 'Short-lived standard', '1', ARRAY['section'], 1, 5, true, 'peak-rating-index', 1);
      INSERT INTO form_templates (id, object_type, standard_id, label, definition, source)
      SELECT 'inspection:short-lived', 'inspection', 'short-lived', label, definition, 'custom'
      FROM form_templates WHERE object_type = 'inspection' AND standard_id = 'manway-demo';`);
    expect((await withProfile(editor, { standardId: 'short-lived' })).status).toBe(200);
    await server.db.exec(`DELETE FROM standards WHERE id = 'short-lived'`);
    // The map sends back the whole settings it read, the profile's standard included.
    const read = (await editor.get('/api/settings/user')).body;
    const res = await editor.put('/api/settings/user', { ...read, visibleLayers: ['Lateral'] });
    expect(res.status).toBe(200);
    expect(res.body.visibleLayers).toEqual(['Lateral']);
  });

  it('a guest may not save a profile', async () => {
    expect((await withProfile(guest, { camera: 'Crawler CX-2' })).status).toBe(403);
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
