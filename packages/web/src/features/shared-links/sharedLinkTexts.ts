/** How a link's validity and address read, the same in the Share dialog and in the list. */
import { SHARED_LINK_VALIDITY_CHOICES } from '@manway/core/api/shared-links';

export const ALWAYS_VALID = 'Always valid';

/** The Share dialog's choices, by the value of their radio button. */
export type ValidityChoice = `${(typeof SHARED_LINK_VALIDITY_CHOICES)[number]}` | 'always';

export const VALIDITY_OPTIONS: { value: ValidityChoice; label: string }[] = [
  ...SHARED_LINK_VALIDITY_CHOICES.map((days) => ({
    value: String(days) as ValidityChoice,
    label: days === 1 ? '1 day' : `${days} days`,
  })),
  { value: 'always', label: ALWAYS_VALID },
];

export const DEFAULT_VALIDITY: ValidityChoice = '7';

export function validityDaysOf(choice: ValidityChoice): number | null {
  return choice === 'always' ? null : Number(choice);
}

/** The address to hand over: the server's path on this page's own origin. */
export function linkUrl(path: string, origin: string = window.location.origin): string {
  return new URL(path, origin).href;
}
