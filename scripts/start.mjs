// `npm start`: builds the web editions when they are missing or older than their sources, then runs
// the server (TypeScript through tsx's loader, in this same Node).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'packages/web');
const builtMarker = join(web, 'dist/office/index.html');

function newestMtime(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((f) => newestMtime(join(path, f))));
}

function webIsStale() {
  if (!existsSync(builtMarker)) return true;
  const sources = ['src', 'office', 'inspect', 'settings', 'websync', 'vite.config.ts', '../core/src']
    .map((p) => join(web, p))
    .filter(existsSync);
  return Math.max(...sources.map(newestMtime)) > statSync(builtMarker).mtimeMs;
}

if (webIsStale()) {
  console.log('[manway] building the web editions…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@manway/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'packages/server/src/main.ts'), 'start', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
