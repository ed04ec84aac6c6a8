// Typechecks every package against its own tsconfig (browser, Node and pure code differ in libs), and
// the repository's own tooling tests in scripts/.
import { spawnSync } from 'node:child_process';

let failed = false;
for (const project of ['packages/core', 'packages/server', 'packages/web', 'packages/e2e', 'scripts']) {
  const r = spawnSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
