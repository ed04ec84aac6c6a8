/**
 * A form value arrives as the union of every shape (core `FormValue`); each widget reads the shape its
 * kind holds. A value of the wrong shape reads as empty here, and core's validation says why under
 * the field, so a bad value from the server never crashes the form.
 */
import {
  FormLocation,
  GpsPositionValue,
  LookupValue,
  SubjectConnectionFormValue,
  type FormValue,
  type SubjectInfo,
} from '@manway/core/forms/template';

export function textOf(value: FormValue | undefined): string | null {
  return typeof value === 'string' ? value : null;
}

export function numberOf(value: FormValue | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function booleanOf(value: FormValue | undefined): boolean {
  return value === true;
}

export function codesOf(value: FormValue | undefined): string[] {
  return Array.isArray(value) ? value : [];
}

export function lookupOf(value: FormValue | undefined): LookupValue | null {
  const parsed = LookupValue.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function locationOf(value: FormValue | undefined): FormLocation | null {
  const parsed = FormLocation.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function gpsPositionOf(value: FormValue | undefined): GpsPositionValue | null {
  const parsed = GpsPositionValue.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Both subject kinds hold `{ subject }`; a subject connection adds its location. */
export function subjectOf(value: FormValue | undefined): SubjectInfo | null {
  const parsed = SubjectConnectionFormValue.safeParse(value);
  return parsed.success ? parsed.data.subject : null;
}

export function subjectLocationOf(value: FormValue | undefined): FormLocation | null {
  const parsed = SubjectConnectionFormValue.safeParse(value);
  return parsed.success ? (parsed.data.location ?? null) : null;
}
