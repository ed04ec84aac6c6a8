/** Observation codes start with their family's letter (core's demo catalogue: S, O, I, X). */
import { matchesSearch, type SelectOption } from '../select-modal/selection';

export type CodeGroupOf = (optionId: string) => string;

const FAMILY_BY_LETTER: Record<string, string> = {
  S: 'Structural',
  O: 'Operation & maintenance',
  I: 'Inventory',
};
export const OTHER_FAMILY = 'Other';

export const familyByFirstLetter: CodeGroupOf = (optionId) =>
  FAMILY_BY_LETTER[optionId.charAt(0).toUpperCase()] ?? OTHER_FAMILY;

/** The code and its label, unless the label already starts with the code. */
export function codeText(option: SelectOption): string {
  return option.value.startsWith(option.id) ? option.value : `${option.id} ${option.value}`;
}

export interface CodeGroup {
  family: string;
  options: SelectOption[];
}

/** Options matching the term (by code or label), grouped by family in the order families first appear. */
export function groupCodes(options: readonly SelectOption[], term: string, groupOf: CodeGroupOf): CodeGroup[] {
  const groups = new Map<string, SelectOption[]>();
  for (const option of options) {
    if (!matchesSearch({ id: option.id, value: codeText(option) }, term)) continue;
    const family = groupOf(option.id);
    groups.set(family, [...(groups.get(family) ?? []), option]);
  }
  return [...groups].map(([family, members]) => ({ family, options: members }));
}
