import { describe, expect, it } from 'vitest';
import type { FilterNode } from '@manway/core/api/filters';
import { compile, sql } from '../../db/sql';
import { ASSET_COLUMNS, compileNodes, compileTerm } from './compile';

describe('filter compiler', () => {
  it('user text only ever travels as a bind parameter', () => {
    const evil = "x'); DROP TABLE assets; --";
    const nodes: FilterNode[] = [
      { property: 'street', operator: 'eq', value: evil },
      { combine: 'or', conditions: [{ property: 'material', operator: 'in', value: [evil] }] },
    ];
    const { text, params } = compile(
      sql`${compileNodes(ASSET_COLUMNS, 'and', nodes)}${compileTerm(ASSET_COLUMNS, evil, ['assetId'])}`,
    );
    expect(text).not.toContain('DROP');
    expect(params).toEqual([evil.toLowerCase(), [evil], `%${evil.toLowerCase()}%`]);
    expect(text).toBe(
      `(lower(a.street) = $1::text) AND ((a.material::text = ANY($2::text[])))` + `(lower(a.asset_code) LIKE $3)`,
    );
  });

  it('LIKE wildcards in a term match themselves', () => {
    const { params } = compile(compileTerm(ASSET_COLUMNS, '50%_off\\', ['street']));
    expect(params).toEqual(['%50\\%\\_off\\\\%']);
  });

  it('an empty list of conditions matches everything; a property outside the whitelist is refused', () => {
    expect(compile(compileNodes(ASSET_COLUMNS, 'or', [])).text).toBe('TRUE');
    expect(() => compileNodes(ASSET_COLUMNS, 'and', [{ property: 'password_hash', operator: 'isEmpty' }])).toThrow(
      /not filterable/,
    );
  });
});
