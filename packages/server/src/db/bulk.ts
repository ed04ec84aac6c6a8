/** Fast loading on both back ends: multi-row INSERTs in batches, identities moved past explicit ids. */
import type { Connection } from './connection';
import { sql } from './sql';

// PostgreSQL allows 65,535 parameters a statement; stay well below so statements stay small.
const MAX_PARAMS = 30_000;

/**
 * Inserts `rows` (values in `columns` order) with as few statements as the parameter limit allows.
 * `casts` names a SQL type for columns whose text form needs converting (geometry, jsonb).
 * `table`, `columns` and `casts` are our own constants, written into the statement as they are.
 */
export async function insertRows(
  conn: Pick<Connection, 'query'>,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  casts: Readonly<Record<string, string>> = {},
): Promise<void> {
  const per = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const columnCasts = columns.map((c) => casts[c]);
  for (let start = 0; start < rows.length; start += per) {
    await conn.query(sql`
      INSERT INTO ${sql.raw(table)} (${sql.raw(columns.join(', '))})
      VALUES ${sql.values(rows.slice(start, start + per), columnCasts)}
    `);
  }
}

/** Moves each identity sequence past the explicit ids a loader inserted. */
export async function resetIdentities(conn: Pick<Connection, 'query'>, tables: readonly string[]): Promise<void> {
  for (const t of tables) {
    await conn.query(sql`
      SELECT setval(pg_get_serial_sequence(${t}, 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${sql.raw(t)}), false)
    `);
  }
}

export function ewkt(coords: readonly (readonly [number, number])[]): string {
  const pts = coords.map(([x, y]) => `${x} ${y}`).join(',');
  return coords.length === 1 ? `SRID=4326;POINT(${pts})` : `SRID=4326;LINESTRING(${pts})`;
}
