// `npm start`: builds the web editions when they are missing or older than their sources, then runs
// the demo topology of two systems, each a server process (TypeScript through tsx's loader):
//   - the Office system on PORT (8080) with the demo town, in DATA_DIR (or DATABASE_URL);
//   - the Field system on FIELD_PORT (PORT + 1), ROLE=field, its own embedded database in
//     DATA_DIR/field, no demo town, its sync agent signing in to the Office as the service account.
// TOPOLOGY=single (the default when ROLE is set) runs one system configured by the environment alone.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'packages/web');
const builtMarker = join(web, 'dist/office/index.html');
const serverMain = join(root, 'packages/server/src/main.ts');
/** The Office's demo service account (SYNC_ACCOUNT_LOGIN in packages/server/src/modules/users/service.ts). */
const SYNC_ACCOUNT_LOGIN = 'field-agent';
/** How long a stopping system may take before it is killed. */
const STOP_GRACE_MS = 15_000;

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

function fatal(message) {
  console.error(`[manway] ${message}`);
  process.exit(1);
}

const env = process.env;
// The systems' output reaches the terminal through pipes, so they are told to log readable lines
// when it is one; elsewhere they write JSON lines (packages/server/src/http/logging.ts).
const readableLogs = env.LOG_FORMAT
  ? env.LOG_FORMAT === 'pretty'
  : Boolean(process.stdout.isTTY) && env.NODE_ENV !== 'production';
const colours = readableLogs && !env.NO_COLOR;
const topology = env.TOPOLOGY || (env.ROLE ? 'single' : 'demo');
if (topology !== 'demo' && topology !== 'single') fatal(`TOPOLOGY must be "demo" or "single", not "${topology}".`);

// One build serves both systems.
if (webIsStale()) {
  console.log('[manway] building the web editions…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@manway/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const serverArgs = ['--import', 'tsx', serverMain, 'start', ...process.argv.slice(2)];

if (topology === 'single') {
  const server = spawn(process.execPath, serverArgs, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  runDemoTopology();
}

/** The service account's password: SYNC_ACCOUNT_PASSWORD, else generated once and kept in the data dir. */
function syncAccountPassword(dataDir) {
  if (env.SYNC_ACCOUNT_PASSWORD) return env.SYNC_ACCOUNT_PASSWORD;
  const file = join(dataDir, 'sync-account-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const password = randomBytes(18).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

function runDemoTopology() {
  const port = Number(env.PORT || 8080);
  if (!Number.isInteger(port) || port < 1 || port > 65534)
    fatal(`PORT must be a port from 1 to 65534, not "${env.PORT}".`);
  const fieldPort = Number(env.FIELD_PORT || port + 1);
  if (!Number.isInteger(fieldPort) || fieldPort < 1 || fieldPort > 65535 || fieldPort === port)
    fatal(`FIELD_PORT must be a port from 1 to 65535 other than PORT, not "${env.FIELD_PORT}".`);
  const dataDir = resolve(env.DATA_DIR || './data');
  const password = syncAccountPassword(dataDir);
  // The agent reaches the Office where it listens; a wildcard address is reached on loopback.
  const host = !env.HOST || ['0.0.0.0', '::'].includes(env.HOST) ? '127.0.0.1' : env.HOST;
  const officeUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const logEnv = readableLogs ? { LOG_FORMAT: 'pretty' } : {};
  const officeEnv = {
    ...env,
    ...logEnv,
    ROLE: 'office',
    PORT: String(port),
    DATA_DIR: dataDir,
    SYNC_ACCOUNT_PASSWORD: password,
  };
  const fieldEnv = {
    ...env,
    ...logEnv,
    ROLE: 'field',
    PORT: String(fieldPort),
    DATA_DIR: join(dataDir, 'field'),
    OFFICE_URL: officeUrl,
    OFFICE_LOGIN: SYNC_ACCOUNT_LOGIN,
    OFFICE_PASSWORD: password,
  };
  // The Field has a database and a public origin of its own, never the Office's.
  delete fieldEnv.DATABASE_URL;
  delete fieldEnv.BASE_URL;
  delete fieldEnv.SYNC_ACCOUNT_PASSWORD;
  if (env.FIELD_DATABASE_URL) fieldEnv.DATABASE_URL = env.FIELD_DATABASE_URL;
  if (env.FIELD_BASE_URL) fieldEnv.BASE_URL = env.FIELD_BASE_URL;

  const systems = [
    { name: 'Office', env: officeEnv, origin: officeUrl, port },
    {
      name: 'Field',
      env: fieldEnv,
      origin: officeUrl.replace(/:\d+$/, `:${fieldPort}`),
      port: fieldPort,
    },
  ].map(startSystem);

  let stopping = false;
  let exitCode = 0;
  const stopAll = () => {
    for (const s of systems) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
    setTimeout(() => {
      for (const s of systems) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    }, STOP_GRACE_MS).unref();
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`[manway] ${signal}: stopping the Office and the Field systems`);
      stopAll();
    });
  }
  for (const s of systems) {
    s.child.on('exit', (code, signal) => {
      s.exited = true;
      if (!stopping) {
        stopping = true;
        exitCode = 1;
        const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        const others = systems.filter((o) => o !== s).map((o) => o.name);
        console.error(`[manway] the ${s.name} system ${how}; stopping the ${others.join(' and ')} system too.`);
        stopAll();
      }
      if (systems.every((o) => o.exited)) process.exit(exitCode);
    });
  }
  void announce(systems, () => stopping);
}

/** The system's name as its log lines show it (http/logging.ts): padded, coloured on a terminal. */
function nameLabel(name) {
  const padded = name.padEnd(6);
  if (!colours) return padded;
  return `\x1b[${name === 'Field' ? 35 : 36}m${padded}\x1b[39m`;
}

function clock() {
  const d = new Date();
  const two = (n) => String(n).padStart(2, '0');
  const time = `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
  return colours ? `\x1b[90m${time}\x1b[39m` : time;
}

/**
 * Spawns one system and relays its output line by line; notes the admin password it prints. Its log
 * lines on standard output name the system already (or are JSON, which a prefix would spoil) and
 * pass as they are; its own messages (`[manway] …`) and anything on standard error get its name.
 */
function startSystem(system) {
  const child = spawn(process.execPath, serverArgs, { cwd: root, env: system.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const s = { ...system, child, exited: false, adminPassword: undefined };
  const label = nameLabel(s.name);
  const relay = (stream, out, named) =>
    createInterface({ input: stream }).on('line', (line) => {
      const created = /created the administrator: login "admin", password "([^"]+)"/.exec(line);
      if (created) s.adminPassword = created[1];
      if (line.startsWith('[manway] ')) out.write(`${label} ${readableLogs ? `${clock()} ` : ''}${line.slice(9)}\n`);
      else out.write(named ? `${line}\n` : `${label} ${line}\n`);
    });
  relay(child.stdout, process.stdout, true);
  relay(child.stderr, process.stderr, false);
  return s;
}

/** Once both systems answer their health check: both addresses and how to sign in to each. */
async function announce(systems, stopped) {
  const states = await Promise.all(systems.map((s) => settled(s, stopped)));
  if (stopped()) return;
  const origin = (s) => (s.env.BASE_URL ? s.env.BASE_URL.replace(/\/+$/, '') : `http://localhost:${s.port}`);
  const admin = (s) =>
    s.adminPassword
      ? `admin / ${s.adminPassword} (generated now and shown once: keep it)`
      : env.ADMIN_PASSWORD
        ? 'admin / the password in ADMIN_PASSWORD'
        : 'admin / the password printed at its first start';
  const [office, field] = systems;
  const lines = [
    '',
    'Manway demo: two systems, each with its own database',
    `  Office  ${origin(office)}/office/   the demo town; also /inspect/, /settings/, /websync/`,
    `          sign in as ${admin(office)}, or a demo account of the README`,
    `  Field   ${origin(field)}/websync/  the sync console; the Field's data arrives from the Office`,
    `          sign in as ${admin(field)}`,
    `  The Field's agent signs in to the Office as "${SYNC_ACCOUNT_LOGIN}"; its schedules "Users from the Office"`,
    '  and "Assets from the Office" first run a few minutes after the first start, then daily.',
    '',
  ];
  states.forEach((state, i) => {
    if (state !== 'ok') lines.push(`  The ${systems[i].name} system cannot use its database yet (see above).`, '');
  });
  console.log(lines.join('\n'));
}

/** Polls a system's /api/health until it is ready or has failed for good; answers which. */
async function settled(system, stopped) {
  const url = `${system.origin}/api/health`;
  while (!stopped() && !system.exited) {
    const status = await fetch(url).then(
      async (r) => (r.ok ? 'ok' : ((await r.json().catch(() => ({}))).status ?? 'starting')),
      () => 'starting',
    );
    if (status === 'ok' || status === 'failed') return status;
    await new Promise((r) => setTimeout(r, 250));
  }
  return 'stopped';
}
