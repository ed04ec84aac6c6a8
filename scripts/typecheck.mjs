// Typechecks every package against its own tsconfig (browser, Node and pure code differ in libs).
import { spawnSync } from 'node:child_process';

let failed = false;
for (const pkg of ['core', 'server', 'web', 'e2e']) {
  const r = spawnSync('npx', ['tsc', '-p', `packages/${pkg}`], { stdio: 'inherit' });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
