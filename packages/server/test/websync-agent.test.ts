/**
 * The sync agent between two real systems: an Office and a Field server, each on its own database
 * cloned from the test template, the Field's agent reaching the Office over HTTP through a small
 * proxy the tests can take down, hold, or watch (a real network between them, nothing mocked).
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NETWORK_TABLES } from '../src/modules/demo/repository';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { TEST_ADMIN_PASSWORD } from './template';
import { hashPassword } from '../src/modules/users/passwords';
import { SYNC_ACCOUNT_LOGIN } from '../src/modules/users/service';
import { sql, type SQL } from '../src/db/sql';
import type { FormObjectType, FormTemplate } from '@manway/core/forms/template';

type ProxyMode = 'forward' | 'down' | 'hold';

/** Forwards to the Office; `down` drops connections, `hold` keeps requests waiting until forwarded again. */
class OfficeLink {
  mode: ProxyMode = 'forward';
  /** Called with each export path before it is forwarded. */
  onExport: ((path: string) => void) | undefined;
  private held: (() => void)[] = [];
  private server!: Server;
  url = '';

  constructor(private readonly target: string) {}

  async start() {
    const target = new URL(this.target);
    this.server = createServer((req, res) => {
      const forward = () => {
        if (this.mode === 'down') return req.socket.destroy();
        if (req.url?.startsWith('/api/sync/export/')) this.onExport?.(req.url);
        const upstream = httpRequest(
          { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        upstream.on('error', () => req.socket.destroy());
        req.pipe(upstream);
      };
      if (this.mode === 'hold') this.held.push(forward);
      else forward();
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  set(mode: ProxyMode) {
    this.mode = mode;
    if (mode !== 'hold') for (const f of this.held.splice(0)) f();
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}

const FIELD_ENV = {
  OFFICE_LOGIN: 'syncer',
  OFFICE_PASSWORD: 'syncer-demo',
  OFFICE_RETRY_SECONDS: '0.05,0.1',
  SYNC_PAGE_SIZE: '1000',
};

let office: TestServer;
let field: TestServer;
let link: OfficeLink;
let officeSyncer: TestClient;
let fieldAdmin: TestClient;
let fieldSyncerId: string;

const one = async <T = any>(s: TestServer, statement: SQL) => (await s.db.query<T>(statement))[0]!;
const count = async (s: TestServer, table: string) =>
  (await one(s, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)).n;

/** A fingerprint of what the agent copies, by global id and references by global id: equal on both sides. */
const CHECKSUMS: Record<string, SQL> = {
  assets: sql`SELECT md5(string_agg(row(a.global_id, a.object_type, a.subtype, a.asset_code, encode(ST_AsEWKB(a.geom), 'hex'),
      f.global_id, t.global_id, p.global_id, a.chainage_m, a.clock, a.material, a.shape, a.size_mm, a.length_m,
      a.year_built, a.owner, a.use, a.lifecycle_status, a.cover_level_m, a.invert_level_m, a.from_invert_m,
      a.to_invert_m, a.street, a.district, a.condition_grade)::text, E'\\n' ORDER BY a.global_id)) AS h
    FROM assets a LEFT JOIN assets f ON f.id = a.from_node_id LEFT JOIN assets t ON t.id = a.to_node_id
    LEFT JOIN assets p ON p.id = a.parent_section_id`,
  projects: sql`SELECT md5(string_agg(row(global_id, name, client, contractor, standard_id, status, created_at)::text,
      E'\\n' ORDER BY global_id)) AS h FROM projects`,
  structure: sql`SELECT md5(concat(
      (SELECT string_agg(row(o.*)::text, ',' ORDER BY key) FROM object_types o),
      (SELECT string_agg(row(s.*)::text, ',' ORDER BY key) FROM asset_subtypes s),
      (SELECT string_agg(row(s.*)::text, ',' ORDER BY id) FROM standards s),
      (SELECT string_agg(row(c.*)::text, ',' ORDER BY standard_id, code) FROM observation_codes c),
      -- A template's updated_at is when this system wrote it.
      (SELECT string_agg(row(f.id, f.object_type, f.standard_id, f.label, f.definition, f.source, f.version)::text, ','
        ORDER BY id) FROM form_templates f))) AS h`,
};
const checksum = async (s: TestServer, what: keyof typeof CHECKSUMS) => (await one(s, CHECKSUMS[what]!)).h as string;

/** A task for the Field's syncer, run by this test (no queue), as a scheduled occurrence would be. */
async function newTask(scenario: string, settings?: unknown): Promise<number> {
  const row = await one(
    field,
    sql`INSERT INTO sync_agent_tasks (scenario, status, scheduled_for, user_id, login, task_settings)
     VALUES (${scenario}, 'Scheduled', now(), ${fieldSyncerId}, 'syncer', ${settings === undefined ? null : JSON.stringify(settings)}::jsonb) RETURNING id::int AS id`,
  );
  return row.id as number;
}

async function task(id: number) {
  const [t] = (await fieldAdmin.get(`/api/syncAgentTask/getByIds?ids=${id}`)).body;
  return t;
}

async function logOf(id: number, type: 'Server' | 'Client') {
  const res = await fieldAdmin.get(`/api/syncAgentTask/log?taskId=${id}&type=${type}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text;
}

/** Copying the whole demo network (about 10,000 assets) more than once takes a while on PGlite. */
const LONG = 180_000;

const ALL_ASSETS = { $type: 'GettingAssetsSettings', AllAssetsExport: true, AssetsFilterName: null };

beforeAll(async () => {
  office = await startTestServer();
  link = new OfficeLink(office.base);
  await link.start();
  field = await startTestServer({ env: { ...FIELD_ENV, OFFICE_URL: link.url } });
  // A Field system starts without the Office's network: the agent brings it.
  await field.db.exec(`TRUNCATE ${NETWORK_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
  // The Field's agent signs in to the Office as syncer here: its account reads password hashes.
  await office.db.query(sql`UPDATE users SET sync_agent = true WHERE login = 'syncer'`);
  officeSyncer = office.client();
  await officeSyncer.signIn('syncer', 'syncer-demo');
  fieldAdmin = field.client();
  await fieldAdmin.signIn('admin', TEST_ADMIN_PASSWORD);
  fieldSyncerId = (await one(field, sql`SELECT id FROM users WHERE login = 'syncer'`)).id;
});
afterAll(async () => {
  await field?.close();
  await link?.stop();
  await office?.close();
});

describe('the Office export calls', () => {
  it('answer 401 without a session and 403 to a user without the websync permission', async () => {
    expect((await office.client().get('/api/sync/export/nodes')).status).toBe(401);
    const inspector = office.client();
    await inspector.signIn('inspector', 'inspector-demo');
    for (const kind of [
      'object-types',
      'subtypes',
      'standards',
      'codes',
      'form-templates',
      'users',
      'projects',
      'nodes',
      'sections',
    ]) {
      expect((await inspector.get(`/api/sync/export/${kind}`)).status, kind).toBe(403);
    }
  });

  it('page by global id with a next cursor until null, and never send a password hash', async () => {
    const first = await officeSyncer.get('/api/sync/export/projects?limit=3');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(3);
    const rest = await officeSyncer.get(`/api/sync/export/projects?limit=3&after=${first.body.next}`);
    expect(rest.body.items).toHaveLength(2);
    expect(rest.body.next).toBeNull();
    const ids = [...first.body.items, ...rest.body.items].map((p: { globalId: string }) => p.globalId);
    expect([...ids].sort()).toEqual(ids);
    const users = await officeSyncer.get('/api/sync/export/users');
    expect(users.text).not.toMatch(/password|hash|argon/i);
    expect((await officeSyncer.get('/api/sync/export/nodes?after=not-a-uuid')).status).toBe(400);
    expect((await officeSyncer.get('/api/sync/export/users?filter=Mine')).status).toBe(400);
  });

  it('password hashes are read only by an account marked as a sync agent, never a service account’s own', async () => {
    const admin = office.client();
    await admin.signIn('admin', TEST_ADMIN_PASSWORD);
    expect((await admin.get('/api/sync/export/user-credentials')).status).toBe(403);
    await office.services.users.ensureSyncAccount('agent-test-password');
    const res = await officeSyncer.get('/api/sync/export/user-credentials?limit=2000');
    expect(res.status).toBe(200);
    const byId = new Map(res.body.items.map((c: { globalId: string; passwordHash: string }) => [c.globalId, c]));
    const inspector = await one(
      office,
      sql`SELECT global_id::text AS g, password_hash FROM users WHERE login = 'inspector'`,
    );
    expect(byId.get(inspector.g)).toEqual({ globalId: inspector.g, passwordHash: inspector.password_hash });
    expect(inspector.password_hash).toMatch(/^\$argon2id\$/);
    const agentRow = await one(office, sql`SELECT global_id::text AS g FROM users WHERE login = ${SYNC_ACCOUNT_LOGIN}`);
    expect(byId.has(agentRow.g)).toBe(false);
  });

  it('answers 404 for a saved filter the Office does not have, and 400 for a kind no filter narrows', async () => {
    const res = await officeSyncer.get('/api/sync/export/nodes?filter=Nope');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/Filter "Nope" not found/);
    expect((await officeSyncer.get('/api/sync/export/projects?filter=Nope')).status).toBe(404);
    const codes = await officeSyncer.get('/api/sync/export/codes?filter=Very%20poor%20sections');
    expect(codes.status).toBe(400);
    expect(codes.body.ModelState.filter[0]).toMatch(/codes cannot be narrowed by a saved filter/);
  });
});

describe('scenario 6: getting database structure and standards', () => {
  it('copies object types, subtypes, standards and codes, and a re-run changes nothing', async () => {
    await office.db.exec(`
      INSERT INTO asset_subtypes (key, object_type, label, sort_order) VALUES ('soakaway', 'node', 'Soakaway', 9);
      UPDATE asset_subtypes SET label = 'Manhole (office)' WHERE key = 'manhole';
      INSERT INTO standards (id, name, version, applies_to, grade_min, grade_max, worst_is_high, scoring_method, continuous_unit_m)
        VALUES ('demo-b', 'Second demo standard', '2', ARRAY['section'], 1, 5, true, 'peak-rating-index', 1);
      INSERT INTO observation_codes (standard_id, code, family, label, grade_rule)
        VALUES ('demo-b', 'XA', 'structural', 'Invented code', '{"fixed": 3}');`);
    expect(await checksum(field, 'structure')).not.toBe(await checksum(office, 'structure'));

    const id = await newTask('GettingDatabaseStructure');
    expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
    expect(await checksum(field, 'structure')).toBe(await checksum(office, 'structure'));
    expect((await one(field, sql`SELECT label FROM asset_subtypes WHERE key = 'manhole'`)).label).toBe(
      'Manhole (office)',
    );
    const t = await task(id);
    expect(t).toMatchObject({ status: 'FinishedSuccessfully', percentageComplete: 100, canBeDeleted: true });
    expect(t.started).not.toBeNull();
    expect(t.finished).not.toBeNull();
    expect(await logOf(id, 'Client')).toMatch(/Observation codes: \d+ copied/);

    const again = await newTask('GettingDatabaseStructure');
    expect(await field.services.syncAgent.run(again)).toBe('FinishedSuccessfully');
    expect(await logOf(again, 'Client')).toMatch(/Asset subtypes: 0 copied, 8 already up to date, 0 skipped/);
    expect(await checksum(field, 'structure')).toBe(await checksum(office, 'structure'));
  });
});

/** A one-field template, as an Office's administrator might write one. */
function formTemplate(id: string, objectType: FormObjectType, standardId: string | null, label: string): FormTemplate {
  return {
    id,
    objectType,
    standardId,
    label,
    tabs: [
      {
        id: 'main',
        label: 'Main',
        fields: [
          { id: 'material', label: 'Material', kind: 'simple', valueModelType: 'String', rules: { maxLength: 100 } },
        ],
      },
    ],
  };
}

/**
 * Makes `template` the one template of its type and standard in one system, as its own administrator
 * would: any other of that type and standard goes.
 */
async function putTemplate(s: TestServer, template: FormTemplate, source: 'shipped' | 'custom', version: number) {
  await s.db.query(
    sql`DELETE FROM form_templates WHERE object_type = ${template.objectType}
       AND standard_id IS NOT DISTINCT FROM ${template.standardId}::text AND id <> ${template.id}`,
  );
  await s.db.query(
    sql`INSERT INTO form_templates (id, object_type, standard_id, label, definition, source, version)
     VALUES (${template.id}, ${template.objectType}, ${template.standardId}, ${template.label},
       ${JSON.stringify(template)}::jsonb, ${source}, ${version})
     ON CONFLICT (id) DO UPDATE SET object_type = excluded.object_type, standard_id = excluded.standard_id,
       label = excluded.label, definition = excluded.definition, source = excluded.source, version = excluded.version`,
  );
}

const fieldTemplate = (id: string) =>
  one(
    field,
    sql`SELECT label, source, version, definition->>'label' AS "definitionLabel" FROM form_templates WHERE id = ${id}`,
  );

describe('scenario 6: form templates travel with the structure and standards', () => {
  it("copies the Office's templates after the standards they name; a Field's own of the same type gives way", async () => {
    await putTemplate(office, formTemplate('node', 'node', null, 'Node (office)'), 'custom', 7);
    // Of a standard the Field gets in the same run, one step before.
    await office.db.exec(`
      INSERT INTO standards (id, name, version, applies_to, grade_min, grade_max, worst_is_high, scoring_method, continuous_unit_m)
        VALUES ('demo-c', 'Third demo standard', '1', ARRAY['section'], 1, 5, true, 'peak-rating-index', 1)`);
    await putTemplate(
      office,
      formTemplate('inspection:demo-c', 'inspection', 'demo-c', 'Inspection (demo-c)'),
      'custom',
      1,
    );
    await putTemplate(field, formTemplate('field-node', 'node', null, 'Node (field)'), 'custom', 9);

    const id = await newTask('GettingDatabaseStructure');
    expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
    expect(await checksum(field, 'structure')).toBe(await checksum(office, 'structure'));
    expect(await fieldTemplate('node')).toEqual({
      label: 'Node (office)',
      source: 'custom',
      version: 7,
      definitionLabel: 'Node (office)',
    });
    expect(await fieldTemplate('inspection:demo-c')).toMatchObject({ label: 'Inspection (demo-c)', version: 1 });
    expect(await field.db.query(sql`SELECT id FROM form_templates WHERE id = 'field-node'`)).toEqual([]);
    expect(await logOf(id, 'Client')).toMatch(/Form templates: [1-9]\d* copied, \d+ already up to date, 0 skipped/);
  });

  it('a template changed on the Office arrives on the Field after the next run, over a custom edit of the Field', async () => {
    await putTemplate(field, formTemplate('node', 'node', null, 'Node (edited on the Field)'), 'custom', 12);
    await putTemplate(office, formTemplate('node', 'node', null, 'Node (office, second edition)'), 'custom', 8);

    const id = await newTask('GettingDatabaseStructure');
    expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
    expect(await fieldTemplate('node')).toEqual({
      label: 'Node (office, second edition)',
      source: 'custom',
      version: 8,
      definitionLabel: 'Node (office, second edition)',
    });
    expect(await logOf(id, 'Client')).toMatch(/Form templates: 1 copied, \d+ already up to date, 0 skipped/);
    expect(await checksum(field, 'structure')).toBe(await checksum(office, 'structure'));
  });
});

describe('scenario 4: getting users', () => {
  it('copies accounts by global id and adopts a Field account of the same login; an agent account that may not read passwords copies none', async () => {
    await office.db.query(
      sql`INSERT INTO users (login, display_name, role, websync, inspect, organization, password_hash)
       VALUES ('office-only', 'Olga Office', 'regular', false, false, 'Utility', 'not-a-real-hash')`,
    );
    await office.db.query(sql`UPDATE users SET sync_agent = false WHERE login = 'syncer'`);
    const id = await newTask('GettingUsers');
    try {
      expect(await field.services.syncAgent.run(id)).toBe('FinishedWithErrors');
    } finally {
      await office.db.query(sql`UPDATE users SET sync_agent = true WHERE login = 'syncer'`);
    }
    expect(await logOf(id, 'Client')).toMatch(/Passwords not copied: the Office account syncer may not read them/);
    const copied = await one(
      field,
      sql`SELECT display_name, organization, office, inspect, password_hash FROM users WHERE login = 'office-only'`,
    );
    // The permissions travel with the account: no Inspect on the Field for whom the Office gives none.
    expect(copied).toEqual({
      display_name: 'Olga Office',
      organization: 'Utility',
      office: true,
      inspect: false,
      password_hash: null,
    });
    const globalIds = async (s: TestServer) =>
      (
        await s.db.query<{ login: string; global_id: string }>(sql`SELECT login, global_id FROM users ORDER BY login`)
      ).map((u) => `${u.login}:${u.global_id}`);
    expect(await globalIds(field)).toEqual(await globalIds(office));
    // The Field's own accounts keep their passwords: the admin still signs in.
    expect((await field.client().signIn('admin', TEST_ADMIN_PASSWORD)).status).toBe(200);
  });

  it('a crew member signs in to the Field with the Office password, and a password changed in the Office works there after the next run', async () => {
    const setPassword = async (password: string) =>
      office.db.query(sql`UPDATE users SET password_hash = ${await hashPassword(password)} WHERE login = 'crew-7'`);
    await office.db.query(
      sql`INSERT INTO users (login, display_name, role) VALUES ('crew-7', 'Carla Crew', 'regular')`,
    );
    await setPassword('first-crew-password');
    const first = await newTask('GettingUsers');
    expect(await field.services.syncAgent.run(first)).toBe('FinishedSuccessfully');
    expect(await logOf(first, 'Client')).toMatch(/Users’ passwords: \d+ copied/);
    expect((await field.client().signIn('crew-7', 'first-crew-password')).status).toBe(200);
    // The Field's administrator keeps its own password although it took the Office admin's global id.
    expect((await field.client().signIn('admin', TEST_ADMIN_PASSWORD)).status).toBe(200);

    await setPassword('second-crew-password');
    expect((await field.client().signIn('crew-7', 'second-crew-password')).status).toBe(400);
    const second = await newTask('GettingUsers');
    expect(await field.services.syncAgent.run(second)).toBe('FinishedSuccessfully');
    expect((await field.client().signIn('crew-7', 'second-crew-password')).status).toBe(200);
    expect((await field.client().signIn('crew-7', 'first-crew-password')).status).toBe(400);
    // What crossed the wire is the hash the Office keeps, not a password.
    const [office7, field7] = await Promise.all(
      [office, field].map((s) => one(s, sql`SELECT password_hash FROM users WHERE login = 'crew-7'`)),
    );
    expect(field7).toEqual(office7);
  });
});

/** The Office's projects with work (a task not deleted) on the sections 'Very poor sections' matches. */
const PROJECTS_ON_VERY_POOR_SECTIONS = sql`SELECT DISTINCT p.global_id::text AS g FROM projects p
  JOIN tasks t ON t.project_id = p.id AND t.state <> 'deleted' JOIN assets a ON a.id = t.asset_id
  WHERE a.object_type = 'section' AND a.condition_grade >= 4 ORDER BY 1`;

describe('scenario 5: getting projects', () => {
  it('by ProjectsFilterName, copies the projects with work on the assets the saved filter matches', async () => {
    // A project whose only work is on a manhole, which the filter of sections does not match.
    const pumps = await one(
      office,
      sql`INSERT INTO projects (name, standard_id, status) SELECT 'Pump station survey', standard_id, status
       FROM projects LIMIT 1 RETURNING id::text AS id, global_id::text AS g`,
    );
    await office.db.query(
      sql`INSERT INTO tasks (project_id, task_type, asset_id, state)
       SELECT ${pumps.id}, 'inspect', id, 'planned' FROM assets WHERE object_type = 'node' LIMIT 1`,
    );
    const expected = (await office.db.query<{ g: string }>(PROJECTS_ON_VERY_POOR_SECTIONS)).map((r) => r.g);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected).not.toContain(pumps.g);
    const filtered = await newTask('GettingProjects', {
      $type: 'GettingProjectsSettings',
      AllProjectsExport: false,
      ProjectsFilterName: 'Very poor sections',
    });
    expect(await field.services.syncAgent.run(filtered)).toBe('FinishedSuccessfully');
    const copied = await field.db.query<{ g: string }>(sql`SELECT global_id::text AS g FROM projects ORDER BY 1`);
    expect(copied.map((r) => r.g)).toEqual(expected);
    expect(await logOf(filtered, 'Client')).toMatch(
      new RegExp(`Projects \\(filter "Very poor sections"\\): ${expected.length} copied`),
    );

    const unknown = await newTask('GettingProjects', {
      $type: 'GettingProjectsSettings',
      AllProjectsExport: false,
      ProjectsFilterName: 'Nope',
    });
    expect(await field.services.syncAgent.run(unknown)).toBe('Failed');
    expect(await logOf(unknown, 'Client')).toMatch(/Filter "Nope" not found/);
  });

  it('copies all projects with AllProjectsExport, the same as the Office holds', async () => {
    const id = await newTask('GettingProjects', {
      $type: 'GettingProjectsSettings',
      AllProjectsExport: true,
      ProjectsFilterName: null,
    });
    expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
    expect(await count(field, 'projects')).toBe(await count(office, 'projects'));
    expect(await checksum(field, 'projects')).toBe(await checksum(office, 'projects'));
  });
});

describe('scenario 3: getting assets', () => {
  it(
    'copies every node, section and lateral with references by global id; a re-run copies nothing twice',
    async () => {
      const id = await newTask('GettingAssets', ALL_ASSETS);
      expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
      expect(await count(field, 'assets')).toBe(await count(office, 'assets'));
      const sum = await checksum(field, 'assets');
      expect(sum).toBe(await checksum(office, 'assets'));
      const versions = await one(field, sql`SELECT sum(version)::int AS v FROM assets`);

      const again = await newTask('GettingAssets', ALL_ASSETS);
      expect(await field.services.syncAgent.run(again)).toBe('FinishedSuccessfully');
      expect(await count(field, 'assets')).toBe(await count(office, 'assets'));
      expect(await checksum(field, 'assets')).toBe(sum);
      expect(await one(field, sql`SELECT sum(version)::int AS v FROM assets`)).toEqual(versions);
      expect(await logOf(again, 'Client')).toMatch(/Nodes: 0 copied, \d+ already up to date, 0 skipped/);

      // A change in the Office arrives as an update of the same record.
      await office.db.query(sql`UPDATE assets SET material = 'office-material' WHERE object_type = 'section' AND id = 
      (SELECT min(id) FROM assets WHERE object_type = 'section')`);
      const third = await newTask('GettingAssets', ALL_ASSETS);
      expect(await field.services.syncAgent.run(third)).toBe('FinishedSuccessfully');
      expect(await checksum(field, 'assets')).toBe(await checksum(office, 'assets'));
      expect(await logOf(third, 'Client')).toMatch(/Sections: 1 copied/);
    },
    LONG,
  );

  it(
    'skips, with its reason, an asset whose asset ID the Field holds under another global id',
    async () => {
      const node = await one(
        office,
        sql`SELECT asset_code FROM assets WHERE object_type = 'node' ORDER BY global_id LIMIT 1`,
      );
      await field.db.query(sql`UPDATE assets SET global_id = gen_random_uuid() WHERE asset_code = ${node.asset_code}`);
      const id = await newTask('GettingAssets', ALL_ASSETS);
      expect(await field.services.syncAgent.run(id)).toBe('FinishedWithErrors');
      expect(await logOf(id, 'Client')).toContain(
        `Skipped node ${node.asset_code}: another node with this asset ID, and another global id, exists in the Field system.`,
      );
      // Empty again, for the interrupted run below.
      await field.db.exec(`TRUNCATE assets CASCADE`);
    },
    LONG,
  );

  it(
    'a run interrupted after its first page resumes there and converges with no duplicate',
    async () => {
      const controller = new AbortController();
      let exports = 0;
      link.onExport = () => {
        if (++exports === 2) controller.abort();
      };
      const id = await newTask('GettingAssets', ALL_ASSETS);
      try {
        expect(await field.services.syncAgent.run(id, controller.signal)).toBeUndefined();
      } finally {
        link.onExport = undefined;
      }
      expect((await task(id)).status).toBe('InProgress');
      expect(await count(field, 'assets')).toBe(1000);
      expect(await logOf(id, 'Server')).toMatch(/Interrupted/);

      expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
      expect(await logOf(id, 'Server')).toMatch(/Resuming nodes after [0-9a-f-]{36}/);
      expect(await count(field, 'assets')).toBe(await count(office, 'assets'));
      expect(await checksum(field, 'assets')).toBe(await checksum(office, 'assets'));
      const dup = await one(
        field,
        sql`SELECT count(*)::int AS n FROM (SELECT global_id FROM assets GROUP BY 1 HAVING count(*) > 1) d`,
      );
      expect(dup.n).toBe(0);
    },
    LONG,
  );

  it(
    'by a saved filter of the Office, copies the sections it selects with their end nodes, and nothing else',
    async () => {
      await field.db.exec(`TRUNCATE assets CASCADE`);
      const id = await newTask('GettingAssets', {
        $type: 'GettingAssetsSettings',
        AllAssetsExport: false,
        AssetsFilterName: 'Very poor sections',
      });
      expect(await field.services.syncAgent.run(id)).toBe('FinishedSuccessfully');
      const expected = await one(
        office,
        sql`SELECT array_agg(global_id::text ORDER BY global_id) AS ids FROM assets
         WHERE (object_type = 'section' AND condition_grade >= 4)
            OR id IN (SELECT unnest(ARRAY[from_node_id, to_node_id]) FROM assets
                      WHERE object_type = 'section' AND condition_grade >= 4)`,
      );
      expect(expected.ids.length).toBeGreaterThan(0);
      const copied = await one(field, sql`SELECT array_agg(global_id::text ORDER BY global_id) AS ids FROM assets`);
      expect(copied.ids).toEqual(expected.ids);
      expect(await logOf(id, 'Client')).toMatch(/Sections \(filter "Very poor sections"\): \d+ copied/);

      // Back to the whole network for the tests below.
      expect(await field.services.syncAgent.run(await newTask('GettingAssets', ALL_ASSETS))).toBe(
        'FinishedSuccessfully',
      );
    },
    LONG,
  );
});

describe('the task lifecycle', () => {
  it('Office down: retried with backoff, then Failed with the reason in both logs', async () => {
    link.set('down');
    try {
      const id = await newTask('GettingUsers');
      expect(await field.services.syncAgent.run(id)).toBe('Failed');
      const server = await logOf(id, 'Server');
      expect(server).toMatch(/attempt 2 in 50 ms/);
      expect(server).toMatch(/attempt 3 in 100 ms/);
      expect(await logOf(id, 'Client')).toMatch(
        /Failed: The Office system at .* could not be reached after 3 attempts/,
      );
      expect((await task(id)).currentOperation).toMatch(/^Failed: /);
    } finally {
      link.set('forward');
    }
  });

  it(
    'cancelling: a Scheduled task ends Cancelled at once, a running one after its page',
    async () => {
      const waiting = await newTask('GettingUsers');
      expect((await fieldAdmin.put('/api/syncAgentTask/cancelTasks', { TaskIds: [waiting] })).status).toBe(204);
      expect((await task(waiting)).status).toBe('Cancelled');
      expect(await field.services.syncAgent.run(waiting)).toBeUndefined();

      await field.db.exec(`TRUNCATE assets CASCADE`);
      const running = await newTask('GettingAssets', ALL_ASSETS);
      link.onExport = () => {
        void fieldAdmin.put('/api/syncAgentTask/cancelTasks', { TaskIds: [running] });
        link.onExport = undefined;
      };
      // The cancel is asked while the first page is on the wire; the run stops after a page it wrote.
      expect(await field.services.syncAgent.run(running)).toBe('Cancelled');
      expect(await logOf(running, 'Client')).toMatch(/Cancelled by a user/);
    },
    LONG,
  );

  it(
    'through the job queue: Scheduled → InProgress → FinishedSuccessfully, started from the console',
    async () => {
      const worker = await startTestServer({
        db: field.db,
        withQueue: true,
        env: { ...FIELD_ENV, OFFICE_URL: link.url },
      });
      try {
        link.set('hold');
        // The worker's own HTTP layer: its services send the job to the queue it runs.
        const consoleUser = worker.client();
        await consoleUser.signIn('admin', TEST_ADMIN_PASSWORD);
        const started = await consoleUser.post('/api/syncAgentTask/start', {
          scenario: 'GettingDatabaseStructure',
          userId: fieldSyncerId,
        });
        expect(started.status).toBe(200);
        const id = started.body.id as number;
        const seen = new Set<string>();
        const until = async (status: string) => {
          for (let i = 0; i < 200; i++) {
            const t = await task(id);
            seen.add(t.status);
            if (t.status === status) return t;
            await new Promise((r) => setTimeout(r, 100));
          }
          throw new Error(`task ${id} never reached ${status}; saw ${[...seen].join(', ')}`);
        };
        const running = await until('InProgress');
        expect(running.canBeDeleted).toBe(false);
        link.set('forward');
        const done = await until('FinishedSuccessfully');
        expect(done.percentageComplete).toBe(100);
        expect(new Date(done.finished).getTime()).toBeGreaterThanOrEqual(new Date(done.started).getTime());
        expect(await logOf(id, 'Client')).toMatch(/started for syncer[\s\S]*Finished successfully/);

        // A run whose process died (InProgress, lease run out) is dispatched again and resumed; one
        // that was asked to cancel before it died ends Cancelled.
        const died = await newTask('GettingUsers');
        const diedCancelled = await newTask('GettingUsers');
        await field.db.query(
          sql`UPDATE sync_agent_tasks SET status = 'InProgress', started = now(), attempts = 1,
           lease_until = now() - interval '1 second', cancel_requested = (id = ${diedCancelled}) WHERE id = ANY(${[died, diedCancelled]}::bigint[])`,
        );
        expect(await worker.services.syncAgent.dispatch()).toBeGreaterThanOrEqual(1);
        expect((await task(diedCancelled)).status).toBe('Cancelled');
        for (let i = 0; i < 200 && (await task(died)).status === 'InProgress'; i++) {
          await new Promise((r) => setTimeout(r, 100));
        }
        expect((await task(died)).status).toBe('FinishedSuccessfully');
        expect(await logOf(died, 'Client')).toMatch(/resumed \(run 2\)/);
      } finally {
        link.set('forward');
        await worker.close();
      }
    },
    LONG,
  );

  it('the log links answer 403 without the websync permission and 404 for an unknown task', async () => {
    const inspector = field.client();
    await inspector.signIn('inspector', 'inspector-demo');
    expect((await inspector.get('/api/syncAgentTask/log?taskId=1&type=Server')).status).toBe(403);
    expect((await fieldAdmin.get('/api/syncAgentTask/log?taskId=999999&type=Client')).status).toBe(404);
    expect((await fieldAdmin.get('/api/syncAgentTask/log?taskId=1&type=Other')).status).toBe(400);
  });
});
