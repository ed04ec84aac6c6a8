import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { compile, sql } from './sql';

const drizzle = (statement: ReturnType<typeof sql>) => {
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  return { text, params };
};

describe('the sql tag', () => {
  it('binds an array as one parameter, so = ANY(${ids}) works', () => {
    expect(compile(sql`SELECT 1 FROM assets WHERE id = ANY(${[1, 2, 3]})`)).toEqual({
      text: 'SELECT 1 FROM assets WHERE id = ANY($1)',
      params: [[1, 2, 3]],
    });
  });

  it('numbers the parameters of composed fragments in the order they are written', () => {
    const where = sql.join([sql`a = ${1}`, sql`b = ${'x'}`, sql`c IS ${null}`], sql` AND `);
    expect(
      compile(sql`SELECT ${sql.identifier('t"1')}.* FROM t WHERE ${where} ${sql.raw('LIMIT 5')}${sql.empty()}`),
    ).toEqual({ text: 'SELECT "t""1".* FROM t WHERE a = $1 AND b = $2 AND c IS $3 LIMIT 5', params: [1, 'x', null] });
  });

  it('writes a values list with its casts, as Drizzle would compile the same fragments', () => {
    const statement = sql`INSERT INTO t (a, g) VALUES ${sql.values(
      [
        [1, 'SRID=4326;POINT(1 2)'],
        [2, 'SRID=4326;POINT(3 4)'],
      ],
      [undefined, 'geometry'],
    )} RETURNING ${sql.join([sql`${'k'}`, sql`id`])}`;
    expect(compile(statement)).toEqual({
      text: 'INSERT INTO t (a, g) VALUES ($1, $2::geometry), ($3, $4::geometry) RETURNING $5, id',
      params: [1, 'SRID=4326;POINT(1 2)', 2, 'SRID=4326;POINT(3 4)', 'k'],
    });
    expect(compile(statement)).toEqual(drizzle(statement));
  });

  it('a prepared statement keeps its text and parameters and carries its name; others carry none', () => {
    const inner = sql`SELECT ${sql`${1}::int`} AS one WHERE ${'a'} = ${'a'}`;
    expect(compile(sql.prepared('one', inner))).toEqual({ ...compile(inner), name: 'one' });
    expect(compile(inner)).not.toHaveProperty('name');
  });
});
