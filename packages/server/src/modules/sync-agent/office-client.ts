/**
 * The Field system's HTTP client of the Office system: signs in with the service account, keeps its
 * session cookie, and fetches export pages. A network failure, a 5xx or a 503 (Office starting) is
 * retried with growing delays; an answer that will not change by asking again (403, 404, 400, a
 * refused sign-in) is not. Nothing here touches the database.
 */
import { SESSION_ID_HEADER } from '@manway/core/editions';
import { exportPage, type ExportKind, type ExportPage } from '@manway/core/api/sync-export';

export interface OfficeConnection {
  url: string;
  login: string;
  password: string;
  /** Waits between attempts; one attempt more than there are delays. */
  retryDelaysMs: readonly number[];
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

/** The longest one request to the Office may take. */
export const REQUEST_TIMEOUT_MS = 60_000;

const AGENT_HEADERS = { [SESSION_ID_HEADER]: 'manway-sync-agent', accept: 'application/json' };

class Transient extends Error {}

export class OfficeClient {
  private cookie: string | undefined;

  constructor(
    private readonly office: OfficeConnection,
    private readonly onEvent: (e: OfficeEvent) => void = () => {},
  ) {}

  async page<K extends ExportKind>(kind: K, r: PageRequest, signal: AbortSignal): Promise<ExportPage<K>> {
    const query = new URLSearchParams({ limit: String(r.limit) });
    if (r.after !== undefined) query.set('after', r.after);
    if (r.filter !== undefined) query.set('filter', r.filter);
    const path = `/api/sync/export/${kind}?${query.toString()}`;
    const body = await this.withRetries(path, signal, async () => {
      if (!this.cookie) await this.signIn(signal);
      let res = await this.send('GET', path, undefined, signal);
      if (res.status === 401) {
        // The session expired or the Office restarted with a new database: sign in once more.
        await this.signIn(signal);
        res = await this.send('GET', path, undefined, signal);
      }
      return this.json(res, path);
    });
    return exportPage(kind).parse(body) as ExportPage<K>;
  }

  private async signIn(signal: AbortSignal): Promise<void> {
    const path = '/api/account/login';
    const res = await this.send('POST', path, { login: this.office.login, password: this.office.password }, signal);
    if (res.ok) {
      const setCookie = res.headers.getSetCookie().find((c) => /^[^=]+=[^;]+/.test(c));
      this.cookie = setCookie?.split(';')[0];
      await res.body?.cancel();
      if (this.cookie) return;
    }
    await this.json(res, path, `The Office system refused the sign-in of "${this.office.login}"`);
    throw new OfficeRefusedError(res.status, `The Office system did not start a session for "${this.office.login}".`);
  }

  private async send(method: string, path: string, json: unknown, signal: AbortSignal): Promise<Response> {
    const started = performance.now();
    const headers: Record<string, string> = { ...AGENT_HEADERS };
    if (this.cookie) headers.cookie = this.cookie;
    if (json !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(new URL(path, this.office.url), {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
        redirect: 'manual',
        signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      });
    } catch (error) {
      if (signal.aborted) throw new InterruptedError();
      throw new Transient(describeNetworkError(error));
    }
    this.onEvent({ kind: 'request', method, path, status: res.status, ms: Math.round(performance.now() - started) });
    return res;
  }

  /** The JSON of a successful answer; otherwise a transient or a refusal carrying the Office's message. */
  private async json(res: Response, path: string, refusal = `The Office system answered ${res.status} to ${path}`) {
    const text = await res.text();
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

  private async withRetries<T>(path: string, signal: AbortSignal, attempt: () => Promise<T>): Promise<T> {
    const delays = this.office.retryDelaysMs;
    for (let i = 0; ; i++) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof Transient)) throw error;
        // A new session after an outage: the Office may have restarted and forgotten the old one.
        this.cookie = undefined;
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

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? 'network error';
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
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
