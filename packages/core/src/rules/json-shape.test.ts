import { describe, expect, it } from 'vitest';
import { jsonOffence, pathText } from './json-shape';

const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

describe('jsonOffence', () => {
  it('measures any depth without overflowing the stack (100,000 levels)', () => {
    expect(jsonOffence(nested(100_000), { maxDepth: 32 })).toEqual({ path: Array(32).fill(0), problem: 'too-deep' });
  });

  it('accepts a document exactly as deep as allowed', () => {
    expect(jsonOffence(nested(32), { maxDepth: 32 })).toBeUndefined();
    expect(jsonOffence(nested(33), { maxDepth: 32 })?.problem).toBe('too-deep');
  });

  it('names the field that holds a forbidden character, keys included', () => {
    const forbidden = /\0/;
    const offence = jsonOffence({ items: [{ remark: 'ok' }, { remark: 'a\u0000b' }] }, { maxDepth: 8, forbidden });
    expect(offence).toEqual({ path: ['items', 1, 'remark'], problem: 'forbidden-character' });
    expect(pathText(offence!.path)).toBe('items[1].remark');
    expect(jsonOffence({ a: { 'k\u0000': 1 } }, { maxDepth: 8, forbidden })).toEqual({
      path: ['a'],
      problem: 'forbidden-character',
    });
    expect(jsonOffence('x\u0000', { maxDepth: 8, forbidden })).toEqual({ path: [], problem: 'forbidden-character' });
  });
});
