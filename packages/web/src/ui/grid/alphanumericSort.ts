import type { Row, SortingFn } from '@tanstack/react-table';

/** A piece of a value between digit runs: text, or the number a run of digits spells. */
type Chunk = string | number;

const DIGIT_RUNS = /([0-9]+)/;

function toText(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return typeof value === 'string' ? value : '';
}

function chunksOf(value: unknown): Chunk[] {
  return toText(value)
    .toLowerCase()
    .split(DIGIT_RUNS)
    .filter(Boolean)
    .map((part) => (DIGIT_RUNS.test(part) ? parseInt(part, 10) : part));
}

// Keyed on the row's data object: TanStack copies its row objects on every sort, but the data
// objects stay the same until the data changes, and their entries go when they do.
const chunkCache = new WeakMap<object, Map<string, Chunk[]>>();

function cachedChunks(row: Row<unknown>, columnId: string): Chunk[] {
  const data = row.original;
  if (typeof data !== 'object' || data === null) return chunksOf(row.getValue(columnId));
  let byColumn = chunkCache.get(data);
  if (!byColumn) {
    byColumn = new Map();
    chunkCache.set(data, byColumn);
  }
  let chunks = byColumn.get(columnId);
  if (!chunks) {
    chunks = chunksOf(row.getValue(columnId));
    byColumn.set(columnId, chunks);
  }
  return chunks;
}

/**
 * TanStack Table's 'alphanumeric' order ('Asset 2' before 'Asset 10', text before numbers, case
 * ignored), computed once per row instead of once per comparison: the built-in splits both strings
 * with a regular expression on every comparison, which took a quarter of a second on 10,000 rows.
 */
export const alphanumericSort: SortingFn<unknown> = (rowA, rowB, columnId) => {
  const a = cachedChunks(rowA, columnId);
  const b = cachedChunks(rowB, columnId);
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) {
    const x = a[i] as Chunk;
    const y = b[i] as Chunk;
    if (typeof x === typeof y) {
      if (x > y) return 1;
      if (x < y) return -1;
    } else {
      return typeof x === 'string' ? -1 : 1;
    }
  }
  return a.length - b.length;
};
