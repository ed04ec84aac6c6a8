/**
 * The order call takes every one of the caller's filters, while the page shows the global and the
 * personal ones apart. A move within one list swaps the filter with its neighbour in that list and
 * leaves the other list's filters where they are.
 */
export function moveWithin(
  all: readonly string[],
  section: readonly string[],
  name: string,
  by: -1 | 1,
): string[] | null {
  const neighbour = section[section.indexOf(name) + by];
  const from = all.indexOf(name);
  const to = neighbour === undefined ? -1 : all.indexOf(neighbour);
  if (from < 0 || to < 0) return null;
  const next = [...all];
  next[from] = neighbour!;
  next[to] = name;
  return next;
}
