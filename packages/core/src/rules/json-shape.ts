/**
 * Limits on the shape of a parsed JSON document, checked without recursion so that a document of
 * any depth is safe to inspect: a validator that recurses (zod on a nested filter) can be sent into
 * a stack overflow by a document a few hundred levels deep.
 */

export interface JsonShapeLimits {
  /** Levels of arrays and objects allowed; a value nested deeper is an offence. */
  maxDepth: number;
  /** Characters no string or key may contain. */
  forbidden?: RegExp;
}

export interface JsonOffence {
  /** Where: keys and indexes from the document down; empty for the document itself. */
  path: (string | number)[];
  problem: 'forbidden-character' | 'too-deep';
}

/** The first place a document breaks the limits, or undefined when it keeps them. */
export function jsonOffence(value: unknown, limits: JsonShapeLimits): JsonOffence | undefined {
  const { maxDepth, forbidden } = limits;
  const stack: { value: unknown; path: (string | number)[]; depth: number }[] = [{ value, path: [], depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: v, path, depth } = next;
    if (typeof v === 'string') {
      if (forbidden?.test(v)) return { path, problem: 'forbidden-character' };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) return { path, problem: 'too-deep' };
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: [...path, i], depth: depth + 1 }));
      continue;
    }
    for (const [key, item] of Object.entries(v)) {
      if (forbidden?.test(key)) return { path, problem: 'forbidden-character' };
      stack.push({ value: item, path: [...path, key], depth: depth + 1 });
    }
  }
  return undefined;
}

/** A path as the client names fields: `items[2].remark`. */
export function pathText(path: readonly (string | number)[]): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : acc ? `${acc}.${key}` : key),
    '',
  );
}
