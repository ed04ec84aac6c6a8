/**
 * Licence seats (issue #21), on PostgreSQL with the real services:
 * - One page taking a seat and giving it back (LicensingService.takeSeat then giveBackSeat), p50 / p95
 *   of RUNS round trips, beside two bare UPDATEs by primary key (take a row, give it back) on a copy
 *   of the seats table without its foreign keys, run over the product's own connection pool, in
 *   turns; and the same round trip over HTTP (POST then DELETE api/seats, signed in). Taking and
 *   giving back a seat are one statement each, as the baseline's are; the aim is ≤ 2×.
 * - PAGES pages asking at once for an Inspect licence of LIMIT seats, spread over the sign-in
 *   sessions of several demo users: through the service layer, then over HTTP. Exactly LIMIT must be
 *   granted and every other page refused with the Inspect seat code, and exactly LIMIT seats rows
 *   must hold a token afterwards (counted with SQL outside the product); anything else fails the
 *   benchmark. The calls queue for the pool's connections, as a server's requests would.
 *
 * PostgreSQL at DATABASE_URL, else the local server at 127.0.0.1:5432, in a database of its own that
 * is dropped at the end. BENCH_SEATS_RUNS (2,000) round trips, BENCH_SEATS_PAGES (1,000) pages,
 * BENCH_SEATS_LIMIT (500) seats.
 */
import { SEAT_NOT_AVAILABLE } from '@manway/core/api/licensing';
import { APPLICATION_EDITION_HEADER, SESSION_ID_HEADER } from '@manway/core/editions';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { sql } from '../src/db/sql';
import { AppError } from '../src/errors';
import type { SeatRequester } from '../src/modules/licensing/service';
import { DEMO_USERS } from '../src/modules/users/service';
import { createServices, type Services } from '../src/services';
import { benchDatabase, expectOk, listenApp, percentile, printTable, signIn, timeInTurns } from './support';

const env = process.env;
const PASSWORD = 'bench-admin-password';
const RUNS = Number(env.BENCH_SEATS_RUNS ?? 2_000);
const PAGES = Number(env.BENCH_SEATS_PAGES ?? 1_000);
const LIMIT = Number(env.BENCH_SEATS_LIMIT ?? 500);
const PG_URL = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const EDITION = 'web-inspect';
const REFUSED = SEAT_NOT_AVAILABLE[EDITION];
/** The pages asking at once belong to two sign-in sessions of each of these users. */
const CROWD = ['inspector', 'editor', 'office', 'guest', 'syncer'];
const SESSIONS_PER_USER = 2;

const fmt = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 0 });
const ms = (t: number) => `${t.toFixed(2)} ms`;
const passwordOf = (login: string) => DEMO_USERS.find((u) => u.login === login)!.password;

/** A sign-in through the account service, as the login route makes it; the page's requester with its session. */
async function signedIn(services: Services, login: string): Promise<Omit<SeatRequester, 'pageId'>> {
  const { token } = await services.account.signIn(login, passwordOf(login), {
    ip: '127.0.0.1',
    userAgent: 'bench',
    previousToken: undefined,
  });
  const session = await services.account.resolve(token);
  if (!session) throw new Error(`the session of ${login} did not resolve`);
  return { user: session.user, sessionId: session.sessionId };
}

interface Crowd {
  granted: number;
  refused: number;
  /** Answers other than a grant or the Inspect seat refusal: each one fails the benchmark. */
  other: string[];
  /** Milliseconds until every page had its answer. */
  settle: number;
  p50: number;
  p95: number;
}

/** Every page asks at once; each answer is a grant, the Inspect seat refusal, or something else. */
async function crowd(pages: number, ask: (page: number) => Promise<'granted' | 'refused' | string>): Promise<Crowd> {
  const answered: number[] = [];
  const start = performance.now();
  const answers = await Promise.all(
    Array.from({ length: pages }, async (_, i) => {
      const answer = await ask(i).catch((error: unknown) => String(error));
      answered.push(performance.now() - start);
      return answer;
    }),
  );
  const settle = performance.now() - start;
  answered.sort((a, b) => a - b);
  return {
    granted: answers.filter((a) => a === 'granted').length,
    refused: answers.filter((a) => a === 'refused').length,
    other: answers.filter((a) => a !== 'granted' && a !== 'refused'),
    settle,
    p50: percentile(answered, 50),
    p95: percentile(answered, 95),
  };
}

const { db, dir, bare, close } = await benchDatabase('postgres', 'manway_bench_seats', PG_URL);
const failures: string[] = [];
try {
  const config = loadConfig({ ADMIN_PASSWORD: PASSWORD, SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dir });
  await migrate(db);
  const services = createServices(db, config);
  await services.licensing.registerDefaultLicences();
  await services.users.ensureAdmin(PASSWORD);
  await services.users.ensureDemoUsers();
  const { licensing } = services;

  // The baseline's table: the seats table's columns, keys and indexes, and its rows, without the foreign keys.
  await db.exec(`CREATE TABLE bare_seats (LIKE seats INCLUDING ALL);
    INSERT INTO bare_seats (application, slot) SELECT application, slot FROM seats;`);
  await db.exec('VACUUM ANALYZE seats, bare_seats');

  const { app, base } = await listenApp(db, services, config);
  try {
    const inspector = await signedIn(services, 'inspector');
    const page = { ...inspector, pageId: 'bench-service-round-trip' };
    const browser = await signIn(base, 'inspector', passwordOf('inspector'));
    const pageHeaders = {
      ...browser,
      [APPLICATION_EDITION_HEADER]: EDITION,
      [SESSION_ID_HEADER]: 'bench-http-round-trip',
    };
    const held = { session: inspector.sessionId, page: page.pageId, user: inspector.user.id };

    const timed = await timeInTurns(
      RUNS,
      {
        ours: async () => {
          await licensing.takeSeat(EDITION, page);
          await licensing.giveBackSeat(page.sessionId, page.pageId);
        },
        bare: async () => {
          await db.query(sql`UPDATE bare_seats SET token = gen_random_uuid(), session_id = ${held.session},
            page_id = ${held.page}, user_id = ${held.user}, acquired_at = now(), last_activity_at = now()
            WHERE application = ${EDITION} AND slot = 1`);
          await db.query(sql`UPDATE bare_seats SET token = NULL, session_id = NULL, page_id = NULL, user_id = NULL,
            acquired_at = NULL, last_activity_at = NULL WHERE application = ${EDITION} AND slot = 1`);
        },
        http: async () => {
          await expectOk(await fetch(`${base}/api/seats`, { method: 'POST', headers: pageHeaders }));
          await expectOk(await fetch(`${base}/api/seats`, { method: 'DELETE', headers: pageHeaders }));
        },
      },
      200,
    );
    const { ours, bare: floor, http } = timed;
    const ratio = ours.p95 / floor.p95;
    printTable(
      `A page taking an Inspect seat and giving it back, PostgreSQL (p50 / p95 of ${fmt(RUNS)} each, in turns)`,
      ['round trip', 'Manway', 'bare: two UPDATEs by primary key, same pool', 'ratio of p95'],
      [
        [
          'takeSeat + giveBackSeat (service layer)',
          `${ms(ours.p50)} / ${ms(ours.p95)}`,
          `${ms(floor.p50)} / ${ms(floor.p95)}`,
          `${ratio.toFixed(2)}× (aim ≤ 2×)`,
        ],
        ['POST + DELETE api/seats (HTTP, signed in)', `${ms(http.p50)} / ${ms(http.p95)}`, '', ''],
      ],
    );

    const { version } = (await licensing.licences()).find((l) => l.application === EDITION)!;
    await licensing.updateLicence({ id: null, login: 'bench' }, EDITION, { seats: LIMIT, expiresAt: null, version });
    const holding = async () =>
      Number((await bare<{ n: number }>(sql`SELECT count(*)::int AS n FROM seats WHERE token IS NOT NULL`))[0]!.n);
    if ((await holding()) !== 0) throw new Error('seats are held before the pages ask');

    const sessions: Omit<SeatRequester, 'pageId'>[] = [];
    for (const login of CROWD) {
      for (let i = 0; i < SESSIONS_PER_USER; i++) sessions.push(await signedIn(services, login));
    }
    const pageOf = (i: number) => ({ ...sessions[i % sessions.length]!, pageId: `bench-crowd-page-${i}` });
    const viaService = await crowd(PAGES, async (i) => {
      try {
        await licensing.takeSeat(EDITION, pageOf(i));
        return 'granted';
      } catch (error) {
        if (error instanceof AppError && 'code' in error.problem && error.problem.code === REFUSED) return 'refused';
        throw error;
      }
    });
    const heldByService = await holding();

    // The same pages again over HTTP, once the first ones have given their seats back.
    await Promise.all(
      Array.from({ length: PAGES }, (_, i) => licensing.giveBackSeat(pageOf(i).sessionId, pageOf(i).pageId)),
    );
    if ((await holding()) !== 0) throw new Error('seats are still held after every page gave its seat back');
    const browsers: Record<string, string>[] = [];
    for (const login of CROWD) {
      for (let i = 0; i < SESSIONS_PER_USER; i++) browsers.push(await signIn(base, login, passwordOf(login)));
    }
    const viaHttp = await crowd(PAGES, async (i) => {
      const r = await fetch(`${base}/api/seats`, {
        method: 'POST',
        headers: {
          ...browsers[i % browsers.length]!,
          [APPLICATION_EDITION_HEADER]: EDITION,
          [SESSION_ID_HEADER]: `bench-http-page-${i}`,
        },
      });
      const body = (await r.json()) as { code?: string };
      if (r.status === 200) return 'granted';
      if (r.status === 400 && body.code === REFUSED) return 'refused';
      return `${r.status} ${JSON.stringify(body)}`;
    });
    const heldByHttp = await holding();

    const row = (way: string, c: Crowd, held: number) => {
      if (c.granted !== LIMIT) failures.push(`${way}: ${c.granted} pages were granted a seat, not ${LIMIT}`);
      if (c.refused !== PAGES - LIMIT) failures.push(`${way}: ${c.refused} pages were refused, not ${PAGES - LIMIT}`);
      if (c.other.length > 0) failures.push(`${way}: ${c.other.length} other answers, the first ${c.other[0]}`);
      if (held !== LIMIT) failures.push(`${way}: ${held} seats rows hold a token, not ${LIMIT}`);
      return [
        way,
        fmt(c.granted),
        fmt(c.refused),
        fmt(c.other.length),
        ms(c.settle),
        `${ms(c.p50)} / ${ms(c.p95)}`,
        fmt(held),
      ];
    };
    printTable(
      `${fmt(PAGES)} pages (${sessions.length} sign-in sessions of ${CROWD.length} users) asking at once for ${fmt(LIMIT)} Inspect seats, PostgreSQL (pool of ${db.poolUse().max} connections)`,
      [
        'way',
        'granted',
        `refused (${REFUSED})`,
        'other answers',
        'time to settle',
        'answered by p50 / p95',
        'seats rows holding a token (SQL)',
      ],
      [row('takeSeat (service layer)', viaService, heldByService), row('POST api/seats (HTTP)', viaHttp, heldByHttp)],
    );
  } finally {
    await app.close();
  }
} finally {
  await close();
}
if (failures.length > 0) throw new Error(`Seats benchmark failed:\n${failures.join('\n')}`);
