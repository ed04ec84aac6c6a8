import { describe, expect, it } from 'vitest';
import type { FilterNode } from '@manway/core/api/filters';
import { ASSET_COLUMNS, compileNodes, compileTerm, Params } from './compile';

describe('filter compiler', () => {
  it('user text only ever travels as a bind parameter', () => {
    const evil = "x'); DROP TABLE assets; --";
    const nodes: FilterNode[] = [
      { property: 'street', operator: 'eq', value: evil },
      { combine: 'or', conditions: [{ property: 'material', operator: 'in', value: [evil] }] },
    ];
    const p = new Params();
    const sql = compileNodes(ASSET_COLUMNS, 'and', nodes, p) + compileTerm(ASSET_COLUMNS, evil, ['assetId'], p);
    expect(sql).not.toContain('DROP');
    expect(p.values).toEqual([evil.toLowerCase(), [evil], `%${evil.toLowerCase()}%`]);
    expect(sql).toBe(
      `(lower(a.street) = $1::text) AND ((a.material::text = ANY($2::text[])))` + `(lower(a.asset_code) LIKE $3)`,
    );
  });

  it('LIKE wildcards in a term match themselves', () => {
    const p = new Params();
    compileTerm(ASSET_COLUMNS, '50%_off\\', ['street'], p);
    expect(p.values).toEqual(['%50\\%\\_off\\\\%']);
  });

  it('an empty list of conditions matches everything; a property outside the whitelist is refused', () => {
    expect(compileNodes(ASSET_COLUMNS, 'or', [], new Params())).toBe('TRUE');
    expect(() =>
      compileNodes(ASSET_COLUMNS, 'and', [{ property: 'password_hash', operator: 'isEmpty' }], new Params()),
    ).toThrow(/not filterable/);
  });
});
