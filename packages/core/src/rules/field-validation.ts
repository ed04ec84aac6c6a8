/**
 * Form-field validation as spec section 5 orders it. The order matters: a user sees only the first
 * problem, so an empty required field says "required" rather than "does not match the mask".
 */

/** The spec does not show the required wording; this is ours. */
export const REQUIRED_MESSAGE = 'This field is required';
export const MAX_LENGTH_MESSAGE = 'The value exceeds the maximum allowed length (%value%)';
export const MIN_MESSAGE = 'The value is less than allowed minimum (%value%)';
export const MAX_MESSAGE = 'The value exceeds the allowed maximum (%value%)';
export const MASK_MESSAGE = 'The value does not match the mask';
export const DATE_TIME_FORMAT_MESSAGE = 'Invalid date/time format';

export type ValidationResult = { valid: true } | { valid: false; message: string };

const VALID: ValidationResult = { valid: true };
const invalid = (message: string): ValidationResult => ({ valid: false, message });

/** Puts `value` wherever the template says %value%. */
export function formatMessage(template: string, value: string | number): string {
  return template.replaceAll('%value%', String(value));
}

/** Answers the message when the value fails, and nothing when it passes. */
export type CustomValidator<V> = (value: V) => string | null | undefined;

export interface RegexRule {
  /** Matched against the whole value: `\d{4}` accepts 1234 but not 12345. */
  expression: string | RegExp;
  message?: string;
}

export type FieldValue = string | number | null | undefined;

export interface FieldRules<V = FieldValue> {
  required?: boolean;
  disabled?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  regex?: RegexRule;
  customValidators?: readonly CustomValidator<V>[];
}

export function isEmptyValue(value: unknown): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

/**
 * Builds a pattern that must match the value from its first character to its last. A pattern that
 * does not compile answers null: it comes from configuration, and a typo there must not crash a form.
 */
export function wholeValuePattern(expression: string | RegExp): RegExp | null {
  const source = typeof expression === 'string' ? expression : expression.source;
  // g and y make test() stateful between calls; a validator must answer the same twice.
  const flags = typeof expression === 'string' ? '' : expression.flags.replace(/[gy]/g, '');
  try {
    return new RegExp(`^(?:${source})$`, flags);
  } catch {
    return null;
  }
}

/** Numbers, and text that reads as one, are checked against min and max. */
function numericValue(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : null;
}

export function validateField<V extends FieldValue>(value: V, rules?: FieldRules<V> | null): ValidationResult {
  if (!rules || rules.disabled) return VALID;
  if (isEmptyValue(value)) {
    if (rules.required) return invalid(REQUIRED_MESSAGE);
  } else {
    const text = String(value);
    if (rules.maxLength !== undefined && text.length > rules.maxLength)
      return invalid(formatMessage(MAX_LENGTH_MESSAGE, rules.maxLength));
    const number = numericValue(value);
    if (number !== null && rules.min !== undefined && number < rules.min)
      return invalid(formatMessage(MIN_MESSAGE, rules.min));
    if (number !== null && rules.max !== undefined && number > rules.max)
      return invalid(formatMessage(MAX_MESSAGE, rules.max));
    if (rules.regex) {
      // An uncompilable mask fails closed: accepting anything would let through what it was meant to stop.
      const pattern = wholeValuePattern(rules.regex.expression);
      if (!pattern?.test(text)) return invalid(rules.regex.message || MASK_MESSAGE);
    }
  }
  return runCustomValidators(value, rules.customValidators);
}

function runCustomValidators<V>(value: V, validators: readonly CustomValidator<V>[] | undefined): ValidationResult {
  for (const validator of validators ?? []) {
    const message = validator(value);
    if (message) return invalid(message);
  }
  return VALID;
}

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/;

/**
 * Whether the text is an ISO 8601 date or date-time that exists on the calendar: 2024-02-29 does,
 * 2023-02-29 and 24:00 do not.
 */
export function isIsoDateTime(text: string): boolean {
  const match = ISO_DATE_TIME.exec(text.trim());
  if (!match) return false;
  const [, year, month, day, hours = '0', minutes = '0', seconds = '0', , offsetHours = '0', offsetMinutes = '0'] =
    match;
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return false;
  return (
    Number(hours) <= 23 &&
    Number(minutes) <= 59 &&
    Number(seconds) <= 59 &&
    Number(offsetHours) <= 23 &&
    Number(offsetMinutes) <= 59
  );
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export type DateTimeRules = Pick<FieldRules<string | null | undefined>, 'required' | 'disabled' | 'customValidators'>;

/**
 * Date fields hold ISO text. A malformed date is reported even without rules: unlike a too-long
 * text, it is not a value the field can hold at all.
 */
export function validateDateTime(value: string | null | undefined, rules?: DateTimeRules | null): ValidationResult {
  if (rules?.disabled) return VALID;
  if (isEmptyValue(value))
    return rules?.required ? invalid(REQUIRED_MESSAGE) : runCustomValidators(value, rules?.customValidators);
  if (!isIsoDateTime(value)) return invalid(DATE_TIME_FORMAT_MESSAGE);
  return runCustomValidators(value, rules?.customValidators);
}

// Composite fields: their value is a record, so only required and the custom validators apply.

export interface CompositeRules<V> {
  required?: boolean;
  disabled?: boolean;
  customValidators?: readonly CustomValidator<V>[];
}

export interface LocationValue {
  longitude: number | null | undefined;
  latitude: number | null | undefined;
}

/** The spec does not show this wording either; it names what is missing. */
export const LOCATION_REQUIRED_MESSAGE = 'Both longitude and latitude are required';

function hasCoordinate(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function hasBothCoordinates(location: LocationValue | null | undefined): boolean {
  return !!location && hasCoordinate(location.longitude) && hasCoordinate(location.latitude);
}

export function validateLocation(
  value: LocationValue | null | undefined,
  rules?: CompositeRules<LocationValue | null | undefined> | null,
): ValidationResult {
  if (!rules || rules.disabled) return VALID;
  if (rules.required && !hasBothCoordinates(value)) {
    const nothingEntered = !value || (!hasCoordinate(value.longitude) && !hasCoordinate(value.latitude));
    return invalid(nothingEntered ? REQUIRED_MESSAGE : LOCATION_REQUIRED_MESSAGE);
  }
  return runCustomValidators(value, rules.customValidators);
}

export interface SubjectConnectionValue<Subject = unknown> {
  subject: Subject | null | undefined;
  location?: LocationValue | null;
}

export interface SubjectConnectionRules<Subject = unknown> extends CompositeRules<
  SubjectConnectionValue<Subject> | null | undefined
> {
  /** The connection must carry where it was made, not only to what. */
  gpsRequired?: boolean;
}

export function validateSubjectConnection<Subject>(
  value: SubjectConnectionValue<Subject> | null | undefined,
  rules?: SubjectConnectionRules<Subject> | null,
): ValidationResult {
  if (!rules || rules.disabled) return VALID;
  const subject = value?.subject;
  if (rules.required && (subject === null || subject === undefined)) return invalid(REQUIRED_MESSAGE);
  if (rules.gpsRequired && !hasBothCoordinates(value?.location)) return invalid(LOCATION_REQUIRED_MESSAGE);
  return runCustomValidators(value, rules.customValidators);
}

export interface SubjectValue<Subject = unknown> {
  subject: Subject | null | undefined;
}

/** The subject field's own validators look at the subject itself, not at its wrapper. */
export function validateSubject<Subject>(
  value: SubjectValue<Subject> | null | undefined,
  rules?: CompositeRules<Subject | null | undefined> | null,
): ValidationResult {
  if (!rules || rules.disabled) return VALID;
  const subject = value?.subject;
  if (rules.required && (subject === null || subject === undefined)) return invalid(REQUIRED_MESSAGE);
  return runCustomValidators(subject, rules.customValidators);
}
