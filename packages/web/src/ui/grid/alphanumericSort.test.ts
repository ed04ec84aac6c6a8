import { createColumnHelper, createTable, getCoreRowModel, sortingFns, type Row } from '@tanstack/react-table';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alphanumericSort } from './alphanumericSort';

type Item = { value: unknown };

function rowsFor(values: unknown[]): Row<Item>[] {
  const table = createTable<Item>({
    data: values.map((value) => ({ value })),
    columns: [createColumnHelper<Item>().accessor('value', { id: 'value' })],
    getCoreRowModel: getCoreRowModel(),
    state: {},
    onStateChange: () => undefined,
    renderFallbackValue: null,
  });
  return table.getCoreRowModel().rows;
}

const sign = (n: number) => Math.sign(n);
const values = fc.oneof(
  fc.stringMatching(/^[a-zA-Z0-9 .-]{0,8}$/),
  fc.integer({ min: -50, max: 5000 }),
  fc.constantFrom(null, undefined, Number.NaN, Infinity, 'Asset 2', 'Asset 10', 'asset 2'),
);

describe('alphanumeric sort', () => {
  it("orders like TanStack Table's alphanumeric sort", () => {
    fc.assert(
      fc.property(values, values, (a, b) => {
        const [rowA, rowB] = rowsFor([a, b]) as [Row<Item>, Row<Item>];
        expect(sign(alphanumericSort(rowA as Row<unknown>, rowB as Row<unknown>, 'value'))).toBe(
          sign(sortingFns.alphanumeric(rowA, rowB, 'value')),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('puts Asset 2 before Asset 10 and ignores case', () => {
    const rows = rowsFor(['Asset 10', 'asset 2', 'Asset 1']) as Row<unknown>[];
    const sorted = [...rows].sort((a, b) => alphanumericSort(a, b, 'value')).map((row) => row.getValue('value'));
    expect(sorted).toEqual(['Asset 1', 'asset 2', 'Asset 10']);
  });
});
