/**
 * `npm run sql:snapshots [-- <path part>…]`: rewrites every repository's `.sql` snapshot from its
 * `.snapshots.ts` cases, or only those whose path contains one of the given parts.
 */
import { writeAllSnapshots } from './sql-snapshots';

const only = process.argv.slice(2);
for (const file of await writeAllSnapshots((path) => only.length === 0 || only.some((part) => path.includes(part)))) {
  console.log(`${file.changed ? 'written  ' : 'unchanged'} ${file.path}`);
}
