/**
 * Runs the product exactly as a user does (`npm start`) on a given port and data dir, and stops it:
 * the demo topology, the Office system on `port` and the Field system on `port + 1`.
 * Shared by the end-to-end tests and the benchmarks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RunningProduct {
  child: ChildProcess;
  /** The Office system, with the demo town. */
  baseUrl: string;
  /** The Field system, whose sync agent copies from the Office. */
  fieldUrl: string;
  /** Seconds from spawning `npm start` until both systems answer a healthy /api/health. */
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
    FIELD_PORT: String(options.port + 1),
    DATA_DIR: options.dataDir,
    ADMIN_PASSWORD: options.adminPassword,
    LOG_LEVEL: 'warn',
  };
  // Always the embedded database, as `npm start` on a new machine; Vite's own BASE_URL (a path)
  // must not be taken for our public origin.
  delete env.DATABASE_URL;
  delete env.BASE_URL;
  // Nor may a developer's own topology settings leak in.
  for (const name of Object.keys(env)) {
    if (/^(TOPOLOGY|ROLE|OFFICE_|FIELD_(?!PORT$)|SYNC_ACCOUNT_)/.test(name)) delete env[name];
  }
  const started = performance.now();
  // Its own process group, so that stopping it also stops the server npm started.
  const child = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const fieldUrl = `http://127.0.0.1:${options.port + 1}`;
  const healthy = (url: string) =>
    fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  const deadline = Date.now() + (options.timeoutMs ?? 150_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    const ok = (await healthy(baseUrl)) && (await healthy(fieldUrl));
    if (ok)
      return { child, baseUrl, fieldUrl, startSeconds: (performance.now() - started) / 1000, output: () => output };
    if (Date.now() > deadline) {
      await stopProduct({ child });
      throw new Error(`the server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Stops `npm start` and waits for every process of its group: both systems closing their databases. */
export async function stopProduct({ child }: Pick<RunningProduct, 'child'>): Promise<void> {
  const group = -child.pid!;
  if (!groupAlive(group)) return;
  process.kill(group, 'SIGTERM');
  // npm itself may exit before the servers it started have closed their databases.
  while (groupAlive(group)) await new Promise((r) => setTimeout(r, 100));
}

function groupAlive(group: number): boolean {
  try {
    process.kill(group, 0);
    return true;
  } catch {
    return false;
  }
}
