/**
 * The one way SQL is written here (decision 0020): a tagged template whose `${values}` become bound
 * parameters, composed from smaller fragments with `sql.join`, `sql.identifier` and `sql.raw`. It is
 * Drizzle's `sql` with one sharp edge taken off: Drizzle expands an array value into a list of
 * parameters (`($1, $2, $3)`), which breaks `= ANY(${ids})`; here an array is always one parameter.
 */
import { Name, Param, sql as drizzleSql, SQL, StringChunk, type SQLWrapper } from 'drizzle-orm';

export type { SQL };

/** A statement in PostgreSQL's wire form: the text with `$n` placeholders, and its parameters. */
export interface CompiledQuery {
  text: string;
  params: unknown[];
  /** Set by `sql.prepared`: PostgreSQL plans the statement once per connection under this name. */
  name?: string;
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
  /**
   * A hot statement that costs more to plan than to run, kept prepared under `name` on each
   * PostgreSQL connection. Its text must not vary between calls (only its parameters); PGlite, one
   * connection in process, plans it each time.
   */
  prepared: (name: string, statement: SQL): SQL => drizzleSql`${new PreparedName(name)}${statement}`,
  /**
   * `($1, $2::geometry), ($3, $4::geometry)`: rows of values for a multi-row INSERT, each bound;
   * `casts[i]` (our own type names) follows the i-th value of every row.
   */
  values: (rows: readonly (readonly unknown[])[], casts: readonly (string | undefined)[] = []): SQL =>
    drizzleSql`${new ValuesList(rows, casts)}`,
});

/** The name `sql.prepared` gives a statement; it writes no text. */
class PreparedName implements SQLWrapper {
  constructor(readonly name: string) {}
  getSQL(): SQL {
    return drizzleSql.empty();
  }
}

/**
 * Written by `compile` in one pass, like a hand-built string: as fragments, the 30,000 values of one
 * bulk statement cost several times the text itself.
 */
class ValuesList implements SQLWrapper {
  constructor(
    private readonly rows: readonly (readonly unknown[])[],
    private readonly casts: readonly (string | undefined)[],
  ) {}

  write(text: string[], params: unknown[]): void {
    const tuples: string[] = [];
    for (const row of this.rows) {
      const placeholders: string[] = [];
      for (let i = 0; i < row.length; i++) {
        params.push(row[i]);
        placeholders.push(this.casts[i] ? `$${params.length}::${this.casts[i]}` : `$${params.length}`);
      }
      tuples.push(`(${placeholders.join(', ')})`);
    }
    text.push(tuples.join(', '));
  }

  /** The same list as fragments: what Drizzle's compiler would make of it (the test compares the two). */
  getSQL(): SQL {
    const tuples = this.rows.map(
      (row) =>
        drizzleSql`(${drizzleSql.join(
          row.map((value, i) => {
            const cast = this.casts[i];
            return cast
              ? drizzleSql`${drizzleSql.param(value)}::${drizzleSql.raw(cast)}`
              : drizzleSql`${drizzleSql.param(value)}`;
          }),
          drizzleSql`, `,
        )})`,
    );
    return drizzleSql.join(tuples, drizzleSql`, `);
  }

  shouldOmitSQLParens(): boolean {
    return true;
  }
}

/**
 * The text with `$n` placeholders and its parameters, as Drizzle's dialect would write them (the
 * test holds them to it), walked directly: Drizzle allocates a partial query per chunk, which costs
 * ~200 ms for the 30,000 parameters of one bulk INSERT.
 */
export function compile(statement: SQL): CompiledQuery {
  const text: string[] = [];
  const params: unknown[] = [];
  const named: { name?: string } = {};
  walk(statement, text, params, named);
  return { text: text.join(''), params, ...named };
}

function walk(statement: SQL, text: string[], params: unknown[], named: { name?: string }): void {
  for (const chunk of statement.queryChunks) {
    if (chunk instanceof StringChunk) {
      text.push(...chunk.value);
    } else if (chunk instanceof Param) {
      params.push(chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value));
      text.push(`$${params.length}`);
    } else if (chunk instanceof SQL) {
      walk(chunk, text, params, named);
    } else if (chunk instanceof PreparedName) {
      named.name = chunk.name;
    } else if (chunk instanceof ValuesList) {
      chunk.write(text, params);
    } else if (chunk instanceof Name) {
      text.push(`"${chunk.value.replace(/"/g, '""')}"`);
    } else if (chunk !== undefined) {
      // Only this module's tag builds statements, and it makes none of Drizzle's other chunks.
      throw new Error(`compile: a fragment this module does not write (${String(chunk)})`);
    }
  }
}
