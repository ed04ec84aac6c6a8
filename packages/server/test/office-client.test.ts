/**
 * The sync agent's Office client against a bare HTTP server: what an interrupted run does to a body
 * that is still streaming.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterruptedError, OfficeClient } from '../src/modules/sync-agent/office-client';

let server: Server;
let url = '';

beforeAll(async () => {
  // Signs anyone in and answers a media download with a body that trickles and never ends.
  server = createServer((req, res) => {
    if (req.url === '/api/account/login') {
      res.writeHead(200, { 'set-cookie': 'session=s1; Path=/; HttpOnly', 'content-type': 'application/json' });
      return res.end('{}');
    }
    res.writeHead(206, { 'content-type': 'application/octet-stream' });
    const timer = setInterval(() => res.write(Buffer.alloc(1024)), 5);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

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
