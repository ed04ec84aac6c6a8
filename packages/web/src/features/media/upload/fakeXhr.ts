/**
 * A stand-in for XMLHttpRequest in tests (jsdom's would try the network): it records what each
 * upload sent and lets the test move its progress and answer it, or fail it as the network would.
 * Install it with vi.stubGlobal('XMLHttpRequest', FakeXhr).
 */
type Handler = (() => void) | null;

export class FakeXhr {
  /** Every request sent since the last reset, in order. */
  static sent: FakeXhr[] = [];

  static reset(): void {
    FakeXhr.sent = [];
  }

  method = '';
  url = '';
  readonly headers = new Map<string, string>();
  body: XMLHttpRequestBodyInit | null = null;
  aborted = false;
  /** Answered, or failed as the network would. */
  settled = false;
  status = 0;
  statusText = '';
  responseText = '';
  readonly upload: {
    onprogress: ((event: Pick<ProgressEvent, 'loaded' | 'total' | 'lengthComputable'>) => void) | null;
  } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  ontimeout: Handler = null;
  onabort: Handler = null;
  readonly #responseHeaders = new Map<string, string>();

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers.set(name.toLowerCase(), value);
  }

  getResponseHeader(name: string): string | null {
    return this.#responseHeaders.get(name.toLowerCase()) ?? null;
  }

  send(body: XMLHttpRequestBodyInit): void {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  /** The file part a multipart upload carries. */
  get file(): File {
    return (this.body as FormData).get('files') as File;
  }

  /** The bytes a chunk carries. */
  get bytes(): Uint8Array {
    return this.body as Uint8Array;
  }

  /** A query parameter of the address. */
  param(name: string): string | null {
    return new URL(this.url, 'http://localhost').searchParams.get(name);
  }

  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }

  respond(status: number, json?: unknown): void {
    this.settled = true;
    this.status = status;
    this.statusText = String(status);
    if (json !== undefined) {
      this.responseText = JSON.stringify(json);
      this.#responseHeaders.set('content-type', 'application/json; charset=utf-8');
    }
    this.onload?.();
  }

  /** No answer at all: the connection dropped. */
  failNetwork(): void {
    this.settled = true;
    this.onerror?.();
  }
}
