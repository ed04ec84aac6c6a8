/**
 * The demo topology of `npm start` as the server sees it: the Office's demo seed creates the service
 * account a Field's agent signs in with; a Field's first start creates its demo sync schedules, once,
 * and no demo town (its data comes by sync).
 */
import { describe, expect, it } from 'vitest';
import { SchedulerQuery } from '@manway/core/api/websync';
import { openPglite, type Database } from '../src/db/connection';
import { sql, type SQL } from '../src/db/sql';
import { bringUp, Readiness } from '../src/platform';
import { createServices } from '../src/services';
import { SYNC_ACCOUNT_LOGIN, toCurrentUser } from '../src/modules/users/service';
import { startTestServer } from './harness';
import { TEST_ADMIN_PASSWORD, testConfig } from './template';

// Fresh migrations and argon2 hashing on a shared two-core machine: generous time.
const SLOW = 180_000;
const BY_NAME = SchedulerQuery.parse({ Path: 'Name' });
const quiet = { info: () => {}, error: () => {} };
const count = async (db: Pick<Database, 'query'>, statement: SQL) => (await db.query<{ n: number }>(statement))[0]!.n;

describe('the Office system of the demo topology', () => {
  it(
    "the demo seed creates the Field agent's service account with the websync permission and SYNC_ACCOUNT_PASSWORD",
    async () => {
      const office = await startTestServer();
      try {
        const config = testConfig({ SYNC_ACCOUNT_PASSWORD: 'first-agent-password' });
        const queue = await bringUp(office.db, createServices(office.db, config), config, new Readiness(), quiet);
        await queue?.stop();

        const agent = office.client();
        expect((await agent.signIn(SYNC_ACCOUNT_LOGIN, 'first-agent-password')).status).toBe(200);
        // The export the agent reads needs the websync permission, which the account has.
        const page = await agent.get('/api/sync/export/nodes?limit=1');
        expect(page.status).toBe(200);
        expect((page.body as { items: unknown[] }).items).toHaveLength(1);
      } finally {
        await office.close();
      }
    },
    SLOW,
  );

  it(
    "a new SYNC_ACCOUNT_PASSWORD (a Field's data dir started over) replaces the account's old one",
    async () => {
      const office = await startTestServer();
      try {
        expect(await office.services.users.ensureSyncAccount('first-agent-password')).toBe('created');
        expect(await office.services.users.ensureSyncAccount('first-agent-password')).toBe('unchanged');
        expect(await office.services.users.ensureSyncAccount('second-agent-password')).toBe('reset');
        expect((await office.client().signIn(SYNC_ACCOUNT_LOGIN, 'first-agent-password')).status).toBe(400);
        expect((await office.client().signIn(SYNC_ACCOUNT_LOGIN, 'second-agent-password')).status).toBe(200);
        expect(
          await count(office.db, sql`SELECT count(*)::int AS n FROM users WHERE login = ${SYNC_ACCOUNT_LOGIN}`),
        ).toBe(1);
      } finally {
        await office.close();
      }
    },
    SLOW,
  );
});

describe('the Field system of the demo topology', () => {
  it(
    'its first start creates the demo sync schedules of its administrator once, and neither the demo town nor the demo users',
    async () => {
      const db = await openPglite({});
      try {
        const config = testConfig({
          ROLE: 'field',
          OFFICE_URL: 'http://127.0.0.1:1',
          OFFICE_LOGIN: SYNC_ACCOUNT_LOGIN,
          OFFICE_PASSWORD: 'first-agent-password',
        });
        const services = createServices(db, config);
        const start = async () => (await bringUp(db, services, config, new Readiness(), quiet))?.stop();
        await start();

        expect(await count(db, sql`SELECT count(*)::int AS n FROM assets`)).toBe(0);
        expect(await count(db, sql`SELECT count(*)::int AS n FROM users WHERE login <> 'admin'`)).toBe(0);
        const admin = toCurrentUser((await services.users.findByLogin('admin'))!);
        const ids = await services.websync.scheduleIds(admin, BY_NAME);
        const schedules = await services.websync.schedulesByIds(ids);
        expect(schedules.map((s) => [s.name, s.scenario, s.login, s.taskSchedule.$type])).toEqual([
          ['Assets from the Office', 'GettingAssets', 'admin', 'Daily'],
          ['Users from the Office', 'GettingUsers', 'admin', 'Daily'],
        ]);
        expect(schedules[0]!.taskSettings).toEqual({
          $type: 'GettingAssetsSettings',
          AllAssetsExport: true,
          AssetsFilterName: null,
        });
        // Soon after the first start: the demo shows the agent at work within minutes.
        for (const s of schedules) {
          const inMs = Date.parse(s.nextStartTime!) - Date.now();
          expect(inMs).toBeGreaterThan(0);
          expect(inMs).toBeLessThanOrEqual(4 * 60_000);
        }

        // A restart does not add them again, nor bring back one the user deleted.
        await services.websync.deleteSchedule(ids[0]!);
        await start();
        expect(await services.websync.scheduleIds(admin, BY_NAME)).toEqual([ids[1]]);
      } finally {
        await db.close();
      }
    },
    SLOW,
  );
});

describe('two systems in one browser', () => {
  it(
    "the Field's session cookie has its own name, so signing in to it keeps the Office session of the same host",
    async () => {
      const field = await startTestServer({ env: { ROLE: 'field' } });
      const office = await startTestServer();
      try {
        const f = field.client();
        expect((await f.signIn('admin', TEST_ADMIN_PASSWORD)).status).toBe(200);
        expect(f.cookie).toMatch(/^manway_field_session=/);
        const o = office.client();
        expect((await o.signIn('admin', TEST_ADMIN_PASSWORD)).status).toBe(200);
        expect(o.cookie).toMatch(/^manway_session=/);
        // The browser sends both cookies to both ports; each system reads its own.
        const both = `${o.cookie}; ${f.cookie}`;
        o.cookie = both;
        f.cookie = both;
        expect((await o.get('/api/settings/general')).status).toBe(200);
        expect((await f.get('/api/settings/general')).status).toBe(200);
      } finally {
        await field.close();
        await office.close();
      }
    },
    SLOW,
  );
});
