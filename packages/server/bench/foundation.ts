/**
 * Foundation benchmark: start-up time of `npm start` to a healthy /api/health (empty and existing
 * data dir), and sign-in and settings-load latency beside a bare Fastify route and a bare argon2id
 * verification measured in the same run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { startProduct, stopProduct } from '../../e2e/src/product';
import { hashPassword, verifyPassword } from '../src/modules/users/passwords';

const RUNS = 200;
const ADMIN_PASSWORD = 'bench-admin-password';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeMany(n: number, fn: () => Promise<void>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 10; i++) await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'manway-bench-'));
  const port = 18_500 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;

  const cold = await startProduct({ port, dataDir, adminPassword: ADMIN_PASSWORD });
  await stopProduct(cold);
  const warm = await startProduct({ port, dataDir, adminPassword: ADMIN_PASSWORD });

  const headers = { 'content-type': 'application/json', 'x-session-id': 'bench' };
  const body = JSON.stringify({ login: 'admin', password: ADMIN_PASSWORD });
  let cookie = '';
  const signIn = await timeMany(RUNS, async () => {
    const r = await fetch(`${base}/api/account/login`, { method: 'POST', headers, body });
    if (!r.ok) throw new Error(`sign-in answered ${r.status}`);
    cookie = r.headers.get('set-cookie')!.split(';')[0]!;
    await r.arrayBuffer();
  });
  const settings = await timeMany(RUNS, async () => {
    const r = await fetch(`${base}/api/settings/general`, {
      headers: { cookie, 'x-application-edition': 'web-office' },
    });
    if (!r.ok) throw new Error(`settings answered ${r.status}`);
    await r.arrayBuffer();
  });
  await stopProduct(warm);

  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareRoute = await timeMany(RUNS, async () => {
    await (await fetch(`${bareAddress}/bare`)).arrayBuffer();
  });
  await bare.close();
  const hash = await hashPassword(ADMIN_PASSWORD);
  const argon = await timeMany(RUNS, async () => {
    await verifyPassword(hash, ADMIN_PASSWORD);
  });
  await rm(dataDir, { recursive: true, force: true });

  const rows: [string, string, string, string][] = [
    ['npm start → /api/health, empty data dir', `${cold.startSeconds.toFixed(1)} s`, '', ''],
    ['npm start → /api/health, existing data dir', `${warm.startSeconds.toFixed(1)} s`, '', ''],
    [
      'POST /api/account/login p50 / p95',
      `${fmt(signIn.p50)} / ${fmt(signIn.p95)}`,
      `argon2id verify ${fmt(argon.p50)} / ${fmt(argon.p95)}`,
      `${(signIn.p50 / argon.p50).toFixed(2)}×`,
    ],
    [
      'GET /api/settings/general p50 / p95',
      `${fmt(settings.p50)} / ${fmt(settings.p95)}`,
      `bare Fastify ${fmt(bareRoute.p50)} / ${fmt(bareRoute.p95)}`,
      `${(settings.p50 / bareRoute.p50).toFixed(2)}×`,
    ],
  ];
  const widths = [0, 1, 2, 3].map((i) =>
    Math.max(...rows.map((r) => r[i]!.length), ['measure', 'Manway', 'baseline (same run)', 'ratio p50'][i]!.length),
  );
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\nFoundation (embedded PGlite, ${RUNS} runs each)`);
  console.log(line(['measure', 'Manway', 'baseline (same run)', 'ratio p50']));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
}

await main();
