/** Fast loading on both back ends: transactions on one connection, and multi-row INSERTs in batches. */
import type { Connection, Database } from './connection';

// PostgreSQL allows 65,535 parameters a statement; stay well below so statements stay small.
const MAX_PARAMS = 30_000;

/** @deprecated use `db.transaction` (one transaction helper); removed once every caller has moved. */
export function inTransaction<T>(db: Database, fn: (conn: Connection) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}

/**
 * Inserts `rows` (values in `columns` order) with as few statements as the parameter limit allows.
 * `casts` names a SQL type for columns whose text form needs converting (geometry, jsonb).
 */
export async function insertRows(
  conn: Pick<Connection, 'query'>,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  casts: Readonly<Record<string, string>> = {},
): Promise<void> {
  const per = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const placeholders = (offset: number) =>
    `(${columns.map((c, i) => `$${offset + i + 1}${casts[c] ? `::${casts[c]}` : ''}`).join(',')})`;
  for (let start = 0; start < rows.length; start += per) {
    const chunk = rows.slice(start, start + per);
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (const row of chunk) {
      tuples.push(placeholders(params.length));
      params.push(...row);
    }
    await conn.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params);
  }
}

/** Moves each identity sequence past the explicit ids a loader inserted. */
export async function resetIdentities(conn: Pick<Connection, 'query'>, tables: readonly string[]): Promise<void> {
  for (const t of tables) {
    await conn.query(
      `SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${t}), false)`,
    );
  }
}

export function ewkt(coords: readonly (readonly [number, number])[]): string {
  const pts = coords.map(([x, y]) => `${x} ${y}`).join(',');
  return coords.length === 1 ? `SRID=4326;POINT(${pts})` : `SRID=4326;LINESTRING(${pts})`;
}
