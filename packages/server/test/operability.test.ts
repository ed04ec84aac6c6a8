/**
 * Operability (issue 14, part 6): the administrators' Prometheus metrics and the log lines, against
 * the real server. prom-client has no parser of its own, so the text format is checked line by line.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { chooseLogFormat, loggerOptions } from '../src/http/logging';
import { startTestServer, type TestServer } from './harness';
import { TEST_ADMIN_PASSWORD } from './template';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"';
const VALUE = '[-+]?(?:\\d+(?:\\.\\d*)?(?:[eE][-+]?\\d+)?|\\.\\d+(?:[eE][-+]?\\d+)?|Inf|NaN)';
const HELP_LINE = new RegExp(`^# HELP (${NAME}) .*$`);
const TYPE_LINE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const SAMPLE_LINE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*)?\\})? (${VALUE})(?: -?\\d+)?$`);

/** Version 0.0.4 of the text format, strictly: every line is HELP, TYPE, a sample of a declared family, or blank. */
function parsePrometheus(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || HELP_LINE.test(line)) continue;
    const type = TYPE_LINE.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    const sample = SAMPLE_LINE.exec(line);
    if (!sample) throw new Error(`not a line of the Prometheus text format: ${JSON.stringify(line)}`);
    const [, name = '', labelText = '', value = ''] = sample;
    const family = types.has(name) ? name : name.replace(/_(bucket|sum|count)$/, '');
    if (!types.has(family)) throw new Error(`sample of a family with no TYPE line: ${line}`);
    const labels = Object.fromEntries(
      [...labelText.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    samples.push({ name, labels, value: Number(value.replace(/^([-+]?)Inf$/, '$1Infinity')) });
  }
  return { types, samples };
}

/** A log destination the test reads: each complete line, as written. */
function captureLines() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return {
    stream,
    lines: () => text.split('\n').filter((l) => l !== ''),
    clear: () => (text = ''),
  };
}

/** Lines are written once an answer has gone: wait for the one a request leaves. */
async function lineMatching(lines: () => string[], pattern: RegExp): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (lines().some((l) => pattern.test(l))) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no log line matched ${pattern}; lines: ${lines().join('\n')}`);
}

describe('GET /api/metrics', () => {
  let server: TestServer;
  const log = captureLines();

  beforeAll(async () => {
    server = await startTestServer({
      withQueue: true,
      logger: loggerOptions({
        level: 'info',
        format: 'json',
        colour: false,
        system: 'Office',
        destination: log.stream,
      }),
    });
  });
  afterAll(() => server.close());

  async function scrape() {
    const admin = server.client();
    expect((await admin.signIn('admin', TEST_ADMIN_PASSWORD)).status).toBe(200);
    const res = await admin.get('/api/metrics');
    expect(res.status).toBe(200);
    return { res, admin, ...parsePrometheus(res.text) };
  }

  it('answers 401 without a session', async () => {
    expect((await server.client().get('/api/metrics')).status).toBe(401);
  });

  it('answers 403 to an editor: metrics are for administrators only', async () => {
    const editor = server.client();
    await editor.signIn('editor', 'editor-demo');
    const res = await editor.get('/api/metrics');
    expect(res.status).toBe(403);
    expect(res.text).not.toContain('manway_');
  });

  it('answers an administrator in the Prometheus text format, requests counted by route pattern, never by URL', async () => {
    const admin = server.client();
    await admin.signIn('admin', TEST_ADMIN_PASSWORD);
    await admin.get('/api/objects/Node/987654321');
    await admin.get('/api/objects/Node/987654321');
    await admin.get('/api/no-such-call/987654321');

    const { res, types, samples } = await scrape();
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.text).not.toContain('987654321');
    expect(types.get('manway_http_request_duration_seconds')).toBe('histogram');
    const counted = samples.filter(
      (s) =>
        s.name === 'manway_http_request_duration_seconds_count' &&
        s.labels.method === 'GET' &&
        s.labels.route === '/api/objects/:type/:id',
    );
    expect(counted.length).toBe(1);
    expect(counted[0]!.value).toBe(2);
    expect(counted[0]!.labels.status_class).toMatch(/^[1-5]xx$/);
    // Calls no route matched share one label, whatever their path.
    expect(
      samples.some((s) => s.name === 'manway_http_request_duration_seconds_count' && s.labels.route === 'unmatched'),
    ).toBe(true);
    const buckets = samples.filter(
      (s) => s.name === 'manway_http_request_duration_seconds_bucket' && s.labels.route === '/api/objects/:type/:id',
    );
    expect(buckets.at(-1)).toMatchObject({ labels: { le: '+Inf' }, value: 2 });
  });

  it("reports the job queue's depth and failures and the database pool", async () => {
    const { types, samples } = await scrape();
    expect(types.get('manway_job_queue_jobs')).toBe('gauge');
    expect(types.get('manway_job_failures_total')).toBe('counter');
    for (const queue of ['sessions.purge', 'websync.schedule', 'websync.run']) {
      for (const state of ['waiting', 'active']) {
        const depth = samples.find(
          (s) => s.name === 'manway_job_queue_jobs' && s.labels.queue === queue && s.labels.state === state,
        );
        expect(depth?.value, `${queue} ${state}`).toBeGreaterThanOrEqual(0);
      }
      const failures = samples.find((s) => s.name === 'manway_job_failures_total' && s.labels.queue === queue);
      expect(failures?.value, queue).toBeGreaterThanOrEqual(0);
    }
    const value = (name: string) => samples.find((s) => s.name === name)?.value;
    if (server.db.kind === 'pglite') {
      expect(value('manway_db_pool_max_connections')).toBe(1);
      expect(value('manway_db_pool_open_connections')).toBe(1);
      // The embedded database cannot tell whether its connection is busy: left out, not reported as 0.
      expect(types.has('manway_db_pool_idle_connections')).toBe(false);
    } else {
      expect(value('manway_db_pool_max_connections')).toBe(10);
      expect(value('manway_db_pool_open_connections')).toBeGreaterThanOrEqual(1);
      expect(value('manway_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(value('manway_db_pool_waiting_queries')).toBeGreaterThanOrEqual(0);
    }
  });

  it('counts sync-agent tasks by scenario and status', async () => {
    const admin = server.client();
    await admin.signIn('admin', TEST_ADMIN_PASSWORD);
    const users = await admin.get<{ id: string; login: string }[]>('/api/settings/webSyncUsers');
    const syncerId = users.body.find((u) => u.login === 'syncer')!.id;
    const started = await admin.post('/api/syncAgentTask/start', {
      scenario: 'GettingDatabaseStructure',
      userId: syncerId,
    });
    expect(started.status).toBe(200);

    const { samples } = await scrape();
    // Whichever status the run has reached by now (this system has no Office to copy from), it is one task.
    const tasks = samples.filter(
      (s) => s.name === 'manway_sync_tasks' && s.labels.scenario === 'GettingDatabaseStructure',
    );
    expect(tasks.reduce((sum, s) => sum + s.value, 0)).toBe(1);
    expect(tasks.every((s) => typeof s.labels.status === 'string' && s.labels.status !== '')).toBe(true);
  });

  it('is described in the OpenAPI document like every other call', async () => {
    const doc = (await server.client().get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.paths['/api/metrics']?.get).toBeDefined();
  });

  it('writes JSON log lines carrying the system, the route pattern, the status and the time', async () => {
    log.clear();
    await server.client().get('/api/objects/Node/42');
    await lineMatching(log.lines, /"url":"\/api\/objects\/Node\/42"/);
    const entries = log.lines().map((l) => JSON.parse(l) as Record<string, unknown>);
    const line = entries.find((e) => e.url === '/api/objects/Node/42');
    expect(line).toMatchObject({
      system: 'Office',
      method: 'GET',
      route: '/api/objects/:type/:id',
      statusCode: 401,
      msg: 'request completed',
    });
    expect(typeof line!.responseTime).toBe('number');
    expect(typeof line!.time).toBe('number');
  });
});

describe('log lines', () => {
  it('are readable on a terminal and JSON lines elsewhere or in production, unless LOG_FORMAT says otherwise', () => {
    const format = (env: Record<string, string>, tty: boolean) => chooseLogFormat(loadConfig(env).logFormat, tty);
    expect(format({}, true)).toBe('pretty');
    expect(format({}, false)).toBe('json');
    expect(format({ NODE_ENV: 'production' }, true)).toBe('json');
    expect(format({ LOG_FORMAT: 'pretty', NODE_ENV: 'production' }, false)).toBe('pretty');
    expect(format({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(loadConfig({}).logColour).toBe(true);
    expect(loadConfig({ NO_COLOR: '1' }).logColour).toBe(false);
  });

  describe('on a terminal', () => {
    let server: TestServer;
    const log = captureLines();
    beforeAll(async () => {
      server = await startTestServer({
        logger: loggerOptions({
          level: 'info',
          format: 'pretty',
          colour: false,
          system: 'Field',
          destination: log.stream,
        }),
      });
    });
    afterAll(() => server.close());

    it("one request writes one line: the system's name, the time, method, path, status and duration", async () => {
      const client = server.client();
      log.clear();
      await client.get('/api/objects/Node/7?x=1');
      // A second request fences the first: once its line is there, the first request's lines are all written.
      await client.get('/api/settings/general');
      await lineMatching(log.lines, /GET \/api\/settings\/general /);
      expect(log.lines()).toEqual([
        expect.stringMatching(/^Field {2}\d\d:\d\d:\d\d\.\d{3} GET \/api\/objects\/Node\/7\?x=1 401 \d+\.\d ms$/),
        expect.stringMatching(/^Field {2}\d\d:\d\d:\d\d\.\d{3} GET \/api\/settings\/general 401 \d+\.\d ms$/),
      ]);
    });

    it('health checks, polled all day, stay out of the info lines', async () => {
      log.clear();
      await server.client().get('/api/health');
      await server.client().get('/api/settings/general');
      await lineMatching(log.lines, /GET \/api\/settings\/general /);
      expect(log.lines().some((l) => l.includes('/api/health'))).toBe(false);
    });
  });
});
