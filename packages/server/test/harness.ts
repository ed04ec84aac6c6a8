/** Starts the real server on a free port over a fresh database, and a cookie-keeping HTTP client. */
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SESSION_ID_HEADER } from '@manway/core/editions';
import { buildApp, type AppDeps } from '../src/app';
import type { Database } from '../src/db/connection';
import { startQueue, type JobQueue } from '../src/jobs/queue';
import { singleSignOnFromConfig, type SingleSignOnOptions } from '../src/modules/account/oidc';
import { Readiness } from '../src/platform';
import { createServices, type Services } from '../src/services';
import { cloneTemplate, testConfig } from './template';

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  base: string;
  services: Services;
  readiness: Readiness;
  queue: JobQueue | undefined;
  client(): TestClient;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Share another server's database (two processes, one database). */
  db?: Database;
  withQueue?: boolean;
  webDistDir?: string;
  /** How single sign-on reaches its provider, when env configures one (tests need plain http). */
  sso?: SingleSignOnOptions;
  /** Logger options (http/logging.ts); the tests log nothing by default. */
  logger?: AppDeps['logger'];
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const clone = options.db ? { db: options.db, drop: async () => {} } : await cloneTemplate(inject('template'));
  const { db } = clone;
  const config = testConfig(options.env);
  const services = createServices(db, config);
  const readiness = new Readiness();
  readiness.state = { status: 'ready' };
  const queue = options.withQueue ? await startQueue(db, services.jobHandlers, () => {}) : undefined;
  if (queue) services.jobs.attach(queue);
  const sso = singleSignOnFromConfig(config, options.sso);
  const app = await buildApp({
    config,
    db,
    services,
    readiness,
    webDistDir: options.webDistDir,
    sso,
    logger: options.logger,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    db,
    base: address,
    services,
    readiness,
    queue,
    client: () => new TestClient(address),
    async close() {
      await app.close();
      await queue?.stop();
      await clone.drop();
    },
  };
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Behaves like a browser on our own pages: keeps the session cookie, sends our Origin on writes. */
export class TestClient {
  cookie: string | undefined;
  constructor(readonly base: string) {}

  async request<T = any>(
    method: string,
    path: string,
    options: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string>; raw?: string } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { [SESSION_ID_HEADER]: 'test-page', ...options.headers };
    if (method !== 'GET' && method !== 'HEAD' && !('origin' in headers)) headers.origin = this.base;
    if (this.cookie) headers.cookie = this.cookie;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.raw !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = options.raw;
    }
    const res = await fetch(`${this.base}${path}`, { method, headers, body, redirect: 'manual' });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const [pair] = setCookie.split(';');
      this.cookie = pair?.endsWith('=') ? undefined : pair;
    }
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }

  post<T = any>(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { json, headers });
  }

  put<T = any>(path: string, json?: unknown) {
    return this.request<T>('PUT', path, { json });
  }

  async signIn(login: string, password: string): Promise<TestResponse> {
    return this.post('/api/account/login', { login, password });
  }
}
