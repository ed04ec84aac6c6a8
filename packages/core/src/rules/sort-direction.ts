export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const SORT_DIRECTION_LABELS: Readonly<Record<SortDirection, string>> = {
  asc: 'Ascending',
  desc: 'Descending',
};

export function sortDirectionLabel(direction: SortDirection): string {
  return SORT_DIRECTION_LABELS[direction];
}

/** Reads either form, in any case, since saved filters and the server have used both. */
export function parseSortDirection(text: string | null | undefined): SortDirection | null {
  const wanted = text?.trim().toLowerCase();
  if (!wanted) return null;
  return SORT_DIRECTIONS.find((d) => d === wanted || SORT_DIRECTION_LABELS[d].toLowerCase() === wanted) ?? null;
}

export function oppositeSortDirection(direction: SortDirection): SortDirection {
  return direction === 'asc' ? 'desc' : 'asc';
}
