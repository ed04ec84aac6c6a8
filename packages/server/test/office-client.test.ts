/**
 * The sync agent's Office client against a bare HTTP server: what an interrupted run does to a body
 * that is still streaming, and how long it waits for answers that come slowly or stop coming.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterruptedError, OfficeClient, OfficeUnreachableError } from '../src/modules/sync-agent/office-client';

let server: Server;
let url = '';

beforeAll(async () => {
  // Signs anyone in and answers a media download with a body that trickles and never ends.
  server = createServer((req, res) => {
    if (req.url === '/api/account/login') {
      res.writeHead(200, { 'set-cookie': 'session=s1; Path=/; HttpOnly', 'content-type': 'application/json' });
      return res.end('{}');
    }
    if (req.url === '/api/sync/media/slow/content') return slowly(res);
    if (req.url === '/api/sync/media/stalling/content') return stalling(req.headers.range, res);
    if (req.url === '/api/sync/media/silent/content') return; // never answers
    res.writeHead(206, { 'content-type': 'application/octet-stream' });
    const timer = setInterval(() => res.write(Buffer.alloc(1024)), 5);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

/** The bytes of the files the server sends. */
const FILE = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));

/** The whole file in 25 parts, one every 40 ms: a second in all, never more than 40 ms without bytes. */
function slowly(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(FILE.length) });
  let part = 0;
  const timer = setInterval(() => {
    res.write(FILE.subarray(part * 200, (part + 1) * 200));
    if (++part === 25) {
      clearInterval(timer);
      res.end();
    }
  }, 40);
  res.on('close', () => clearInterval(timer));
}

/** From the range's start, 1000 bytes, then silence (unless that was the end of the file). */
let stallingRequests = 0;
function stalling(range: string | undefined, res: ServerResponse) {
  stallingRequests++;
  const start = Number(/^bytes=(\d+)-$/.exec(range ?? '')?.[1] ?? 0);
  const end = Math.min(FILE.length, start + 1000);
  res.writeHead(206, {
    'content-type': 'application/octet-stream',
    'content-range': `bytes ${start}-${FILE.length - 1}/${FILE.length}`,
  });
  res.write(FILE.subarray(start, end));
  if (end === FILE.length) res.end();
}

/** Downloads a file into memory as the agent does into its partial file: `at` is what it holds. */
async function downloadAll(client: OfficeClient, name: string, signal = new AbortController().signal) {
  const parts: Buffer[] = [];
  const held = () => parts.reduce((n, p) => n + p.length, 0);
  await client.download(
    name,
    async () => held(),
    async (body) => {
      for await (const chunk of body) parts.push(chunk as Buffer);
    },
    signal,
  );
  return Buffer.concat(parts);
}

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('OfficeClient.download', () => {
  it('a run interrupted before its consumer reads the body ends with InterruptedError, not an uncaught stream error', async () => {
    const client = new OfficeClient({ url, login: 'field-agent', password: 'x', retryDelaysMs: [] });
    const controller = new AbortController();
    const download = client.download(
      'a-file',
      async () => 0,
      async (body) => {
        // The consumer is still busy (looking up the partial file, say) when the run is interrupted.
        controller.abort();
        await delay(50);
        await pipeline(body, new Writable({ write: (_chunk, _enc, done) => done() }));
      },
      controller.signal,
    );
    await expect(download).rejects.toBeInstanceOf(InterruptedError);
  });
});

describe('OfficeClient timeouts', () => {
  const timeouts = { headersMs: 300, idleMs: 300 };

  it('a body slower in total than the timeout, but never idle as long, arrives whole', async () => {
    const client = new OfficeClient({ url, login: 'field-agent', password: 'x', retryDelaysMs: [], timeouts });
    const started = performance.now();
    expect(await downloadAll(client, 'slow')).toEqual(FILE);
    // It took longer than any one timeout: only the waits between bytes are bounded.
    expect(performance.now() - started).toBeGreaterThan(timeouts.idleMs * 2);
  });

  it('a body that stops coming is cut after the idle timeout and resumed from the bytes held; each attempt that got bytes starts the retry count again', async () => {
    // One retry allowed, yet five attempts are needed: each moves 1000 bytes before the link goes quiet.
    const client = new OfficeClient({ url, login: 'field-agent', password: 'x', retryDelaysMs: [10], timeouts });
    stallingRequests = 0;
    expect(await downloadAll(client, 'stalling')).toEqual(FILE);
    expect(stallingRequests).toBe(5);
  });

  it('an Office that never answers fails the request after the headers timeout, through every retry', async () => {
    const client = new OfficeClient({ url, login: 'field-agent', password: 'x', retryDelaysMs: [10], timeouts });
    const started = performance.now();
    await expect(downloadAll(client, 'silent')).rejects.toBeInstanceOf(OfficeUnreachableError);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
