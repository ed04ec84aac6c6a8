/**
 * What end-to-end tests across the Office and the Field systems share: an API client signed in as
 * one account of one system, the sign-in page, a sync agent run watched to its end, and a photo.
 */
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** A signed-in API client of one system (a browser's own session stays the browser's); bytes go as octet-stream. */
export async function apiClient(base: string, login: string, password: string): Promise<Call> {
  const headers = { 'x-session-id': `e2e-${login}`, accept: 'application/json' };
  const res = await fetch(`${base}/api/account/login`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  expect(res.status, `${login} signs in to ${base}`).toBe(200);
  const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const binary = body instanceof Uint8Array;
    const r = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...headers,
        cookie,
        origin: base,
        ...(body === undefined ? {} : { 'content-type': binary ? 'application/octet-stream' : 'application/json' }),
      },
      body: body === undefined ? undefined : binary ? new Uint8Array(body) : JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${method} ${path} answered ${r.status}: ${await r.text()}`);
    return (r.status === 204 ? null : await r.json()) as T;
  };
}

/** Fills in the sign-in page the product redirected to. */
export async function signIn(page: Page, login: string, password: string) {
  await page.waitForURL((url) => url.pathname === '/api/account/login');
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const FINAL = /^Finished|^Failed|^Cancelled/;

/** Runs a WebSync scenario on the Field as `userId` and answers its final status (within 4 minutes). */
export async function runSync(field: Call, userId: string, scenario: string): Promise<string> {
  const { id } = await field<{ id: number }>('POST', '/api/syncAgentTask/start', { scenario, userId });
  const deadline = Date.now() + 240_000;
  for (;;) {
    const [task] = await field<{ status: string }[]>('GET', `/api/syncAgentTask/getByIds?ids=${id}`);
    if (FINAL.test(task!.status)) return task!.status;
    if (Date.now() > deadline) throw new Error(`${scenario} did not finish: ${task!.status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A small solid-colour PNG, as a camera's photo stands in for one here. */
export function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([180, 90, 40]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
