import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler } from './serializer';

const compile = (schema: z.ZodType) =>
  compiledSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' }) as (data: unknown) => string;

describe('the compiled response serialiser', () => {
  it('writes only the fields the schema names: a hash or a path on the row never crosses the wire', () => {
    const User = z.object({ id: z.string(), login: z.string(), lastSeen: z.string().nullable().optional() });
    const text = compile(User)({ id: 'u1', login: 'ann', passwordHash: '$argon2id$…', file: '/data/x' });
    expect(JSON.parse(text)).toEqual({ id: 'u1', login: 'ann' });
  });

  it('keeps nulls, nested lists and discriminated unions as zod would', () => {
    const Item = z.discriminatedUnion('$type', [
      z.object({ $type: z.literal('A'), a: z.number() }),
      z.object({ $type: z.literal('B'), b: z.array(z.string()) }),
    ]);
    const List = z.array(z.object({ item: Item, note: z.string().nullable() }));
    const value = [
      { item: { $type: 'A', a: 1 }, note: null },
      { item: { $type: 'B', b: ['x', 'y'] }, note: 'n' },
    ];
    expect(JSON.parse(compile(List)(value))).toEqual(value);
  });

  it('refuses an answer that lacks a required field instead of sending half of it', () => {
    const Thing = z.object({ id: z.number(), name: z.string() });
    expect(() => compile(Thing)({ id: 1 })).toThrow();
  });

  it('falls back to checked serialisation for a schema JSON Schema cannot express', () => {
    const Shouting = z.object({ name: z.string().transform((s) => s.toUpperCase()) });
    expect(JSON.parse(compile(Shouting)({ name: 'quiet' }))).toEqual({ name: 'QUIET' });
  });
});
