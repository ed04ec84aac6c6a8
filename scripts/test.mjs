// `npm test`: the one gate. Typecheck, lint with zero warnings, unit + component + integration tests,
// then the end-to-end tier in Chromium against the built app (skipped, loudly, when no Chromium).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROME_PATH || '/usr/bin/chromium';

function step(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n✖ ${title} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

step('typecheck', 'node', ['scripts/typecheck.mjs']);
step('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
step('formatting', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']);
step(
  `unit, component and integration tests (${process.env.DATABASE_URL ? 'PostgreSQL at DATABASE_URL' : 'embedded PGlite'})`,
  'npx',
  ['vitest', 'run', '--project', 'core', '--project', 'server', '--project', 'web', '--project', 'lint'],
);
if (existsSync(chromium)) {
  step('build the web editions', 'npm', ['run', 'build', '-w', '@manway/web']);
  step('end-to-end tests in Chromium', 'npx', ['vitest', 'run', '--root', 'packages/e2e'], { CHROME_PATH: chromium });
} else {
  console.log('\n' + '!'.repeat(78));
  console.log(`!!! END-TO-END TESTS SKIPPED: no Chromium at ${chromium}.`);
  console.log('!!! Install it (apt-get install chromium) or set CHROME_PATH, then run npm test again.');
  console.log('!'.repeat(78));
}
console.log('\nAll checks passed.');
