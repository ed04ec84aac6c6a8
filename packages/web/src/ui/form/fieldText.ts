/** How a form value reads as text: read-only details, chips and summaries. */
import type { FormLocation, SubjectInfo } from '@manway/core/forms/template';
import type { SelectOption } from '../select-modal/selection';

export const EMPTY_TEXT = '—';
/** Spec section 9: coordinates keep 5 decimals; section 5: the mask shows all 5. */
export const COORDINATE_PRECISION = 5;

export function booleanText(value: boolean): string {
  return value ? 'Yes' : 'No';
}

/** An option's label; an id no option has is shown as it is rather than hidden. */
export function optionLabel(options: readonly SelectOption[] | undefined, id: string): string {
  return options?.find((option) => option.id === id)?.value ?? id;
}

export function coordinateText(value: number | null | undefined): string {
  return value === null || value === undefined ? EMPTY_TEXT : value.toFixed(COORDINATE_PRECISION);
}

/** Longitude first, as the values hold it. */
export function locationText(location: FormLocation | null): string {
  if (!location || (location.longitude === null && location.latitude === null)) return EMPTY_TEXT;
  return `${coordinateText(location.longitude)}, ${coordinateText(location.latitude)}`;
}

export function subjectText(subject: SubjectInfo | null): string {
  if (!subject) return EMPTY_TEXT;
  return subject.kind ? `${subject.label} (${subject.kind})` : subject.label;
}
