/**
 * Runs the product exactly as a user does (`npm start`) on a given port and data dir, and stops it.
 * Shared by the end-to-end tests and the benchmarks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RunningProduct {
  child: ChildProcess;
  baseUrl: string;
  /** Seconds from spawning `npm start` to the first healthy /api/health. */
  startSeconds: number;
  output(): string;
}

export async function startProduct(options: {
  port: number;
  dataDir: string;
  adminPassword: string;
  timeoutMs?: number;
}): Promise<RunningProduct> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    ADMIN_PASSWORD: options.adminPassword,
    LOG_LEVEL: 'warn',
  };
  // Always the embedded database, as `npm start` on a new machine; Vite's own BASE_URL (a path)
  // must not be taken for our public origin.
  delete env.DATABASE_URL;
  delete env.BASE_URL;
  const started = performance.now();
  // Its own process group, so that stopping it also stops the server npm started.
  const child = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 150_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, baseUrl, startSeconds: (performance.now() - started) / 1000, output: () => output };
    if (Date.now() > deadline) {
      await stopProduct({ child });
      throw new Error(`the server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function stopProduct({ child }: Pick<RunningProduct, 'child'>): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}
