/**
 * The one way SQL is written here (decision 0020): a tagged template whose `${values}` become bound
 * parameters, composed from smaller fragments with `sql.join`, `sql.identifier` and `sql.raw`. It is
 * Drizzle's `sql` with one sharp edge taken off: Drizzle expands an array value into a list of
 * parameters (`($1, $2, $3)`), which breaks `= ANY(${ids})`; here an array is always one parameter.
 */
import { sql as drizzleSql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

export type { SQL };

/** A statement in PostgreSQL's wire form: the text with `$n` placeholders, and its parameters. */
export interface CompiledQuery {
  text: string;
  params: unknown[];
}

function tag(strings: TemplateStringsArray, ...values: unknown[]): SQL {
  return drizzleSql(strings, ...values.map(bound));
}

/** Fragments pass as they are; any other value, arrays included, is bound as one parameter. */
function bound(value: unknown): unknown {
  if (isFragment(value)) return value;
  return drizzleSql.param(value);
}

function isFragment(value: unknown): value is SQLWrapper {
  return typeof value === 'object' && value !== null && typeof (value as SQLWrapper).getSQL === 'function';
}

export const sql = Object.assign(tag, {
  /** Fragments separated by `separator` (default `, `). */
  join: (fragments: SQL[], separator: SQL = drizzleSql`, `): SQL => drizzleSql.join(fragments, separator),
  /** A table or column name, quoted. */
  identifier: (name: string): SQL => drizzleSql`${drizzleSql.identifier(name)}`,
  /** Text written into the statement as it is: only for constants of ours, never for input. */
  raw: (text: string): SQL => drizzleSql.raw(text),
  empty: (): SQL => drizzleSql.empty(),
});

const dialect = new PgDialect();

export function compile(statement: SQL): CompiledQuery {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { text, params };
}
