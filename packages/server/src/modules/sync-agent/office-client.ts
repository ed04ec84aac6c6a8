/**
 * The Field system's HTTP client of the Office system: signs in with the service account, keeps its
 * session cookie, and fetches export pages. A network failure, a 5xx or a 503 (Office starting) is
 * retried with growing delays; an answer that will not change by asking again (403, 404, 400, a
 * refused sign-in) is not. A request waits a bounded time for its answer's headers, then for each
 * next part of the body (never for the whole body: a large download may take hours while bytes
 * flow). Nothing here touches the database.
 */
import { SESSION_ID_HEADER } from '@manway/core/editions';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { z } from 'zod';
import { exportPage, type ExportKind, type ExportPage } from '@manway/core/api/sync-export';
import {
  InspectionsImportResult,
  MediaState,
  PlannedTasksPage,
  TaskDecisions,
  type TaskDecisionsRequest,
  type InspectionsImport,
  type MediaRecord,
} from '@manway/core/api/sync-data';

export interface OfficeConnection {
  url: string;
  login: string;
  password: string;
  /** Waits between attempts; one attempt more than there are delays. */
  retryDelaysMs: readonly number[];
  /** REQUEST_TIMEOUT_MS for both unless given (tests use short ones). */
  timeouts?: Timeouts;
}

export interface Timeouts {
  /** The longest wait from sending a request to its answer's headers, connecting included. */
  headersMs: number;
  /** The longest wait for the next bytes of an answer's body (or a request body's progress). */
  idleMs: number;
}

/** The Office answered, and asking again will not help. */
export class OfficeRefusedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'OfficeRefusedError';
  }
}

/** The Office could not be reached, or kept failing, through every retry. */
export class OfficeUnreachableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OfficeUnreachableError';
  }
}

export class InterruptedError extends Error {
  constructor() {
    super('The run was interrupted.');
    this.name = 'InterruptedError';
  }
}

export interface PageRequest {
  after: string | undefined;
  limit: number;
  filter: string | undefined;
}

/** What the client tells its caller about each exchange, for the server log. */
export type OfficeEvent =
  | { kind: 'request'; method: string; path: string; status: number; ms: number }
  | { kind: 'retry'; path: string; attempt: number; waitMs: number; reason: string };

/** The longest wait for an answer's headers, and then for each next part of its body. */
export const REQUEST_TIMEOUT_MS = 60_000;

const AGENT_HEADERS = { [SESSION_ID_HEADER]: 'manway-sync-agent', accept: 'application/json' };

class Transient extends Error {}

export class OfficeClient {
  private cookie: string | undefined;
  private readonly timeouts: Timeouts;

  constructor(
    private readonly office: OfficeConnection,
    private readonly onEvent: (e: OfficeEvent) => void = () => {},
  ) {
    this.timeouts = office.timeouts ?? { headersMs: REQUEST_TIMEOUT_MS, idleMs: REQUEST_TIMEOUT_MS };
  }

  async page<K extends ExportKind>(kind: K, r: PageRequest, signal: AbortSignal): Promise<ExportPage<K>> {
    const path = `/api/sync/export/${kind}?${pageQuery(r)}`;
    return exportPage(kind).parse(await this.json('GET', path, undefined, signal)) as ExportPage<K>;
  }

  /** Scenario 1: a page of open tasks with their assets and media. */
  async plannedTasks(r: PageRequest, signal: AbortSignal): Promise<PlannedTasksPage> {
    const path = `/api/sync/export/planned-tasks?${pageQuery(r)}`;
    return PlannedTasksPage.parse(await this.json('GET', path, undefined, signal));
  }

  /** Scenario 1's second step: what became of these tasks and inspections outside tasks (global ids) in the Office. */
  async decisions(asked: z.input<typeof TaskDecisionsRequest>, signal: AbortSignal): Promise<TaskDecisions> {
    const path = '/api/sync/export/planned-tasks/decisions';
    return TaskDecisions.parse(await this.json('POST', path, asked, signal));
  }

  /** Scenario 2: a page of completed inspections, written by the Office in one transaction. */
  async importInspections(body: InspectionsImport, signal: AbortSignal): Promise<InspectionsImportResult> {
    return InspectionsImportResult.parse(await this.json('POST', '/api/sync/import/inspections', body, signal));
  }

  /** Declares an upload; answers what the Office already holds of the file. */
  async declareMedia(m: MediaRecord, signal: AbortSignal): Promise<MediaState> {
    return MediaState.parse(await this.json('PUT', `/api/sync/media/${m.globalId}`, m, signal));
  }

  /** Sends one chunk with the upload's token (from the declaration); `body` is called again for a retry. */
  async sendChunk(
    globalId: string,
    offset: number,
    token: string,
    body: () => Promise<Readable>,
    signal: AbortSignal,
  ): Promise<MediaState> {
    const path = `/api/sync/media/${globalId}/content?${new URLSearchParams({ offset: String(offset), token })}`;
    const answer = await this.withRetries(path, signal, async () => {
      if (!this.cookie) await this.signIn(signal);
      let res = await this.streamPut(path, await body(), signal);
      if (res.status === 401) {
        await this.signIn(signal);
        res = await this.streamPut(path, await body(), signal);
      }
      return this.parse(res, path);
    });
    return MediaState.parse(answer);
  }

  /**
   * A PUT whose body is piped from a file through node:http: bytes go from the page cache to the
   * socket without the copies and buffering of a web stream. The answer is small JSON.
   */
  private streamPut(path: string, body: Readable, signal: AbortSignal): Promise<Response> {
    const started = performance.now();
    const url = new URL(path, this.office.url);
    const headers: Record<string, string> = { ...AGENT_HEADERS, 'content-type': 'application/octet-stream' };
    if (this.cookie) headers.cookie = this.cookie;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Response>((resolve, reject) => {
      // node:http's timeout is the socket's idle time: a slow link that keeps moving is not cut.
      const req = send(url, { method: 'PUT', headers, signal, timeout: this.timeouts.idleMs }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('error', (error) => reject(signal.aborted ? new InterruptedError() : new Transient(error.message)));
        res.on('end', () => {
          const status = res.statusCode ?? 502;
          this.onEvent({ kind: 'request', method: 'PUT', path, status, ms: Math.round(performance.now() - started) });
          resolve(new Response(status === 204 ? null : Buffer.concat(parts), { status }));
        });
      });
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', (error) => {
        body.destroy();
        reject(signal.aborted ? new InterruptedError() : new Transient(describeNetworkError(error)));
      });
      body.on('error', (error) => req.destroy(error));
      body.pipe(req);
    });
  }

  /**
   * The bytes of a media file from `start` on, handed to `consume` as they arrive; a dropped
   * connection is retried from where `consume` got to (`at()` tells).
   */
  async download(
    globalId: string,
    at: () => Promise<number>,
    consume: (body: Readable) => Promise<void>,
    signal: AbortSignal,
  ): Promise<void> {
    const path = `/api/sync/media/${globalId}/content`;
    let start = 0;
    const attempt = async () => {
      start = await at();
      const res = await this.authorised('GET', path, signal, undefined, { range: `bytes=${start}-` });
      if (!res.ok || !res.body) return this.parse(res, path);
      const body = Readable.fromWeb(res.body as WebReadableStream);
      // An interrupted run errors the body at once, maybe before `consume` has piped it anywhere: the
      // error must reach `consume` through its pipeline, not the process as an uncaught 'error' event.
      body.on('error', () => {});
      try {
        await consume(body);
      } catch (error) {
        if (signal.aborted) throw new InterruptedError();
        if (error instanceof OfficeRefusedError) throw error;
        throw new Transient(`the download of ${globalId} broke off: ${(error as Error).message}`);
      }
    };
    // An attempt that moved bytes before it broke off starts the count of retries again: a long
    // download over a flaky link gets there as long as it keeps getting somewhere.
    await this.withRetries(path, signal, attempt, async () => (await at()) > start);
  }

  private async json(method: string, path: string, body: unknown, signal: AbortSignal): Promise<unknown> {
    return this.withRetries(path, signal, async () => {
      const res = await this.authorised(method, path, signal, () =>
        body === undefined ? undefined : { body: JSON.stringify(body), contentType: 'application/json' },
      );
      return this.parse(res, path);
    });
  }

  /** One request with the session, signing in first and once more if the session has gone. */
  private async authorised(
    method: string,
    path: string,
    signal: AbortSignal,
    body?: () => { body: string | ReadableStream; contentType: string } | undefined,
    extra: Record<string, string> = {},
  ): Promise<Response> {
    if (!this.cookie) await this.signIn(signal);
    let res = await this.send(method, path, body?.(), signal, extra);
    if (res.status === 401) {
      // The session expired or the Office restarted with a new database: sign in once more.
      await res.body?.cancel();
      await this.signIn(signal);
      res = await this.send(method, path, body?.(), signal, extra);
    }
    return res;
  }

  private async signIn(signal: AbortSignal): Promise<void> {
    const path = '/api/account/login';
    const credentials = JSON.stringify({ login: this.office.login, password: this.office.password });
    const res = await this.send('POST', path, { body: credentials, contentType: 'application/json' }, signal);
    if (res.ok) {
      const setCookie = res.headers.getSetCookie().find((c) => /^[^=]+=[^;]+/.test(c));
      this.cookie = setCookie?.split(';')[0];
      await res.body?.cancel();
      if (this.cookie) return;
    }
    await this.parse(res, path, `The Office system refused the sign-in of "${this.office.login}"`);
    throw new OfficeRefusedError(res.status, `The Office system did not start a session for "${this.office.login}".`);
  }

  private async send(
    method: string,
    path: string,
    body: { body: string | ReadableStream; contentType: string } | undefined,
    signal: AbortSignal,
    extra: Record<string, string> = {},
  ): Promise<Response> {
    const started = performance.now();
    const headers: Record<string, string> = { ...AGENT_HEADERS, ...extra };
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = body.contentType;
    // One deadline at a time: the answer's headers, then each next part of its body.
    const deadline = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const wait = (ms: number, what: string) => {
      clearTimeout(timer);
      timer = setTimeout(() => deadline.abort(new Error(`${what} within ${ms} ms`)), ms);
      timer.unref();
    };
    wait(this.timeouts.headersMs, 'no answer');
    let res: Response;
    try {
      res = await fetch(new URL(path, this.office.url), {
        method,
        headers,
        body: body?.body,
        // A streamed request body (a media chunk) needs half duplex.
        ...(body?.body instanceof ReadableStream ? { duplex: 'half' } : {}),
        redirect: 'manual',
        signal: AbortSignal.any([signal, deadline.signal]),
      });
    } catch (error) {
      clearTimeout(timer);
      if (signal.aborted) throw new InterruptedError();
      if (deadline.signal.aborted) throw new Transient((deadline.signal.reason as Error).message);
      throw new Transient(describeNetworkError(error));
    }
    this.onEvent({ kind: 'request', method, path, status: res.status, ms: Math.round(performance.now() - started) });
    if (!res.body) {
      clearTimeout(timer);
      return res;
    }
    const idleMs = this.timeouts.idleMs;
    wait(idleMs, 'no bytes of the answer');
    const watched = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          wait(idleMs, 'no bytes of the answer');
          controller.enqueue(chunk);
        },
        flush() {
          clearTimeout(timer);
        },
      }),
    );
    return new Response(watched, { status: res.status, statusText: res.statusText, headers: res.headers });
  }

  /** The JSON of a successful answer; otherwise a transient or a refusal carrying the Office's message. */
  private async parse(res: Response, path: string, refusal = `The Office system answered ${res.status} to ${path}`) {
    let text: string;
    try {
      text = await res.text();
    } catch (error) {
      throw new Transient(`the answer to ${path} broke off: ${describeNetworkError(error)}`);
    }
    if (res.status >= 500 || res.status === 429) throw new Transient(`HTTP ${res.status} from the Office system`);
    if (!res.ok) {
      let message = '';
      try {
        const body = JSON.parse(text) as { message?: string; Message?: string; ModelState?: unknown };
        message = body.message ?? body.Message ?? '';
        if (body.ModelState) message += ` ${JSON.stringify(body.ModelState)}`;
      } catch {
        message = text.slice(0, 200);
      }
      throw new OfficeRefusedError(res.status, message ? `${refusal}: ${message.trim()}` : `${refusal}.`);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new Transient(`The Office system answered ${path} with something that is not JSON`);
    }
  }

  /** `progressed` tells, after a failed attempt, whether it got somewhere: the count then starts again. */
  private async withRetries<T>(
    path: string,
    signal: AbortSignal,
    attempt: () => Promise<T>,
    progressed: () => Promise<boolean> = async () => false,
  ): Promise<T> {
    const delays = this.office.retryDelaysMs;
    for (let i = 0; ; i++) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof Transient)) throw error;
        if (signal.aborted) throw new InterruptedError();
        // A new session after an outage: the Office may have restarted and forgotten the old one.
        this.cookie = undefined;
        if (await progressed()) i = 0;
        if (i >= delays.length) {
          throw new OfficeUnreachableError(
            `The Office system at ${this.office.url} could not be reached after ${i + 1} attempts: ${error.message}`,
          );
        }
        const waitMs = delays[i]!;
        this.onEvent({ kind: 'retry', path, attempt: i + 1, waitMs, reason: error.message });
        await sleep(waitMs, signal);
      }
    }
  }
}

function pageQuery(r: PageRequest): string {
  const query = new URLSearchParams({ limit: String(r.limit) });
  if (r.after !== undefined) query.set('after', r.after);
  if (r.filter !== undefined) query.set('filter', r.filter);
  return query.toString();
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? 'network error';
}

/**
 * A page read ahead, awaited later: its failure is thrown there (or dropped with the page when the
 * run ends first), not reported as unhandled meanwhile.
 */
export function readAhead<T>(page: Promise<T>): Promise<T> {
  page.catch(() => {});
  return page;
}

/** Waits `ms`, or throws InterruptedError as soon as the run is interrupted. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new InterruptedError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new InterruptedError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
