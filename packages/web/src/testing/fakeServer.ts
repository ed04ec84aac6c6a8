/**
 * A stand-in for the network in component and unit tests: the real server cannot run in jsdom.
 * Routes answer by method and path; every call is recorded so tests can check what was sent.
 */
export interface RecordedCall {
  method: string;
  url: URL;
  headers: Headers;
  body: BodyInit | null | undefined;
  credentials: RequestCredentials | undefined;
}

export interface FakeReply {
  status?: number;
  statusText?: string;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as text/plain. */
  text?: string;
}

type Handler = FakeReply | ((call: RecordedCall) => FakeReply);

const STATUS_TEXTS: Record<number, string> = {
  200: 'OK',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
};

function toResponse(reply: FakeReply): Response {
  const status = reply.status ?? 200;
  const init = { status, statusText: reply.statusText ?? STATUS_TEXTS[status] ?? '' };
  if (reply.json !== undefined)
    return new Response(JSON.stringify(reply.json), {
      ...init,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  if (reply.text !== undefined)
    return new Response(reply.text, { ...init, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(null, init);
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

export class FakeServer {
  readonly calls: RecordedCall[] = [];
  readonly #routes = new Map<string, Handler>();
  readonly #hanging = new Set<string>();

  /** Answers `METHOD /path` (path without query) with a reply. */
  on(method: string, path: string, handler: Handler): this {
    this.#routes.set(`${method} ${path}`, handler);
    return this;
  }

  /** Never answers `METHOD /path`: the call stays in flight until it is aborted. */
  hang(method: string, path: string): this {
    this.#hanging.add(`${method} ${path}`);
    return this;
  }

  /** Makes `METHOD /path` fail as the network would, before any response. */
  unreachable(method: string, path: string): this {
    return this.on(method, path, () => {
      throw new TypeError('Failed to fetch');
    });
  }

  readonly fetch: typeof fetch = (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      url,
      headers: new Headers(init?.headers),
      body: init?.body,
      credentials: init?.credentials,
    };
    this.calls.push(call);
    const key = `${call.method} ${url.pathname}`;
    const signal = init?.signal;
    if (signal?.aborted) return Promise.reject(abortError());

    if (this.#hanging.has(key)) {
      return new Promise<Response>((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(abortError()), { once: true });
      });
    }
    const handler = this.#routes.get(key);
    if (!handler) return Promise.resolve(toResponse({ status: 404, json: { message: `No fake route for ${key}` } }));
    try {
      return Promise.resolve(toResponse(typeof handler === 'function' ? handler(call) : handler));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };

  callsTo(method: string, path: string): RecordedCall[] {
    return this.calls.filter((call) => call.method === method && call.url.pathname === path);
  }
}
