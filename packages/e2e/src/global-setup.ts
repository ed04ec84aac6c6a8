/**
 * Starts the product with `npm start` with a fresh data dir for the whole e2e run: the Office system
 * on a free port and the Field system on the next one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startProduct, stopProduct } from './product';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Office system (demo town). */
    baseUrl: string;
    /** The Field system (filled by its sync agent from the Office). */
    fieldUrl: string;
    /** The `admin` password of both systems. */
    adminPassword: string;
  }
}

const ADMIN_PASSWORD = 'e2e-admin-password';

/** A port free to listen on (0: any); answers it, or undefined when taken. */
function listenable(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(undefined));
    s.listen(port, '127.0.0.1', () => {
      const { port: bound } = s.address() as { port: number };
      s.close(() => resolve(bound));
    });
  });
}

/** Two free ports in a row, for the Office (`PORT`) and the Field (`PORT` + 1). */
async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await listenable(0);
    if (port !== undefined && port < 65535 && (await listenable(port + 1)) !== undefined) return port;
  }
  throw new Error('no two free ports in a row for the Office and the Field systems');
}

export default async function setup(project: TestProject) {
  // A product already running (E2E_BASE_URL, E2E_FIELD_URL, E2E_ADMIN_PASSWORD): one test file at a
  // time while working on it, without seeding a new demo town for each run.
  const running = process.env.E2E_BASE_URL;
  if (running) {
    project.provide('baseUrl', running);
    project.provide('fieldUrl', process.env.E2E_FIELD_URL ?? running.replace(/:(\d+)$/, (_, p) => `:${Number(p) + 1}`));
    project.provide('adminPassword', process.env.E2E_ADMIN_PASSWORD ?? ADMIN_PASSWORD);
    return;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'manway-e2e-'));
  // Seeding the demo town on the embedded database takes minutes when the machine is shared.
  const product = await startProduct({
    port: await freePortPair(),
    dataDir,
    adminPassword: ADMIN_PASSWORD,
    timeoutMs: 300_000,
  });
  project.provide('baseUrl', product.baseUrl);
  project.provide('fieldUrl', product.fieldUrl);
  project.provide('adminPassword', ADMIN_PASSWORD);
  return async () => {
    await stopProduct(product);
    await rm(dataDir, { recursive: true, force: true });
  };
}
