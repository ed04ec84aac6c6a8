/**
 * Starts the product exactly as a user does (`npm start`) on a free port with a fresh data dir,
 * waits for /api/health, and stops it afterwards.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
  }
}

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const ADMIN_PASSWORD = 'e2e-admin-password';

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
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
  };
  // The end-to-end tier always runs on the embedded database, as `npm start` does; Vite's own
  // BASE_URL (a path) must not be taken for our public origin.
  delete env.DATABASE_URL;
  delete env.BASE_URL;
  const server = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  server.stdout.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('adminPassword', ADMIN_PASSWORD);
  return async () => {
    // npm start runs the server as a child: stop the whole process group.
    process.kill(-server.pid!, 'SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  };
}
