/** `npm run sql:snapshots`: rewrites every repository's `.sql` snapshot from its `.snapshots.ts` cases. */
import { writeAllSnapshots } from './sql-snapshots';

for (const file of await writeAllSnapshots()) console.log(`${file.changed ? 'written  ' : 'unchanged'} ${file.path}`);
