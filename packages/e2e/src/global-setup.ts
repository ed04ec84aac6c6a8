/** Starts the product with `npm start` on a free port with a fresh data dir for the whole e2e run. */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startProduct, stopProduct } from './product';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
  }
}

const ADMIN_PASSWORD = 'e2e-admin-password';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'manway-e2e-'));
  const product = await startProduct({ port: await freePort(), dataDir, adminPassword: ADMIN_PASSWORD });
  project.provide('baseUrl', product.baseUrl);
  project.provide('adminPassword', ADMIN_PASSWORD);
  return async () => {
    await stopProduct(product);
    await rm(dataDir, { recursive: true, force: true });
  };
}
