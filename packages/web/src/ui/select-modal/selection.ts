/** Options are id and value pairs, the value being what the user reads. */
export interface SelectOption {
  id: string;
  value: string;
}

/** The search box appears only for lists longer than this, and only when search is enabled. */
export const SEARCH_BOX_MIN_OPTIONS = 8;

export function showsSearchBox(searchable: boolean, optionCount: number): boolean {
  return searchable && optionCount > SEARCH_BOX_MIN_OPTIONS;
}

/** Case-insensitive match anywhere in the label; surrounding spaces in the term are ignored. */
export function matchesSearch(option: SelectOption, term: string): boolean {
  const needle = term.trim().toLocaleLowerCase();
  return needle === '' || option.value.toLocaleLowerCase().includes(needle);
}

/** Same ids regardless of order: re-picking what was there is not a change worth reporting. */
export function sameSelection(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const inA = new Set(a);
  return b.every((id) => inA.has(id));
}

export function toggled(selection: readonly string[], id: string): string[] {
  return selection.includes(id) ? selection.filter((chosen) => chosen !== id) : [...selection, id];
}
