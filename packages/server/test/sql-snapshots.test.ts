/**
 * The committed SQL snapshots (`repository.sql` beside a repository) are the statements the
 * repository runs today: a query changed without its snapshot fails here, so a review sees it.
 */
import { describe, expect, it } from 'vitest';
import { readCommitted, renderAllSnapshots, SNAPSHOT_COMMAND } from '../src/db/sql-snapshots';

const files = await renderAllSnapshots();

describe('SQL snapshots', () => {
  it('at least one repository declares snapshot cases', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files.map((f) => [f.path, f] as const))(
    'every committed SQL snapshot matches the statement the repository runs: %s',
    (path, file) => {
      const committed = readCommitted(file);
      expect(committed, `${path} is missing: run \`${SNAPSHOT_COMMAND}\` and commit it.`).toBeDefined();
      expect(committed, `${path} is stale: run \`${SNAPSHOT_COMMAND}\` and commit the change.`).toBe(file.expected);
    },
  );
});
