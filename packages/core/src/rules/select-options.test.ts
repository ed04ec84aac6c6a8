import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toSelectOptions } from './select-options';

describe('select options are built from an id-to-label map', () => {
  it('pairs each id with its label, in the map order', () => {
    expect(toSelectOptions({ pdf: 'PDF', xls: 'XLS' })).toEqual([
      { id: 'pdf', value: 'PDF' },
      { id: 'xls', value: 'XLS' },
    ]);
  });

  it('reads a Map as well as a record', () => {
    const labels = new Map([
      ['2', 'Second'],
      ['1', 'First'],
    ]);
    expect(toSelectOptions(labels)).toEqual([
      { id: '2', value: 'Second' },
      { id: '1', value: 'First' },
    ]);
  });

  it('gives an empty list for an empty map', () => {
    expect(toSelectOptions({})).toEqual([]);
  });

  it('keeps every pair and adds none', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(fc.string(), fc.string()), { selector: ([id]) => id }), (pairs) => {
        const options = toSelectOptions(new Map(pairs));
        expect(options.map((o) => [o.id, o.value])).toEqual(pairs);
      }),
    );
  });
});
