/**
 * Checks a form's values against its template, the same on the page and on the server (spec section
 * 5): per field the rules in the spec's order (required, maxLength, min, max, regex, custom
 * validators), the first failure being the field's one message. Values come from a request body, so
 * any shape can arrive under any field: a value of the wrong shape is a message under that field,
 * never an exception, and templates (data, perhaps edited) are read as defensively as values.
 */
import type { ObservationCodeDef } from '../domain/standard';
import {
  DATE_TIME_FORMAT_MESSAGE,
  REQUIRED_MESSAGE,
  isEmptyValue,
  validateDateTime,
  validateField,
  validateLocation,
  validateSubject,
  validateSubjectConnection,
  type FieldRules,
  type ValidationResult,
} from '../rules/field-validation';
import {
  FormLocation,
  GpsPositionValue,
  LookupValue,
  SubjectConnectionFormValue,
  SubjectFormValue,
  VALIDATOR_NAMES,
  type FormField,
  type FormFieldRules,
  type FormValue,
  type FormValues,
  type ValidatorName,
} from './template';
import { FORM_VALIDATORS, ownValue } from './validators';

export interface FormContext {
  now: Date;
  /** A new object: its create-only fields are written, so they are checked. */
  creating: boolean;
  /** The standard's observation codes, for the validators that depend on a code. */
  codes?: readonly ObservationCodeDef[];
}

export const CHOOSE_LISTED_MESSAGE = 'Choose one of the listed values';
export const CHOOSE_LISTED_MANY_MESSAGE = 'Choose from the listed values';
export const NUMBER_MESSAGE = 'Enter a number';
export const WHOLE_NUMBER_MESSAGE = 'Enter a whole number';
export const TEXT_MESSAGE = 'Enter text';
export const YES_NO_MESSAGE = 'Choose yes or no';
export const LOCATION_SHAPE_MESSAGE = 'Enter a longitude (-180 to 180) and a latitude (-90 to 90)';
export const GPS_POSITION_SHAPE_MESSAGE = 'The GPS position is not valid';
export const LOOKUP_SHAPE_MESSAGE = 'Choose one of the objects found';
export const SUBJECT_SHAPE_MESSAGE = 'Choose a subject';

const VALID: ValidationResult = { valid: true };
const invalid = (message: string): ValidationResult => ({ valid: false, message });

/** The fields that apply to these values: appliesTo matches values.subtype; placeholders skipped. */
export function applicableFields(fields: readonly FormField[], values: FormValues): FormField[] {
  const subtype = ownValue(values, 'subtype');
  return fields.filter(
    (field) =>
      field !== null &&
      typeof field === 'object' &&
      field.kind !== 'placeholder' &&
      !(typeof subtype === 'string' && Array.isArray(field.appliesTo) && !field.appliesTo.includes(subtype)),
  );
}

/** Whether the user writes this field in this form: not system values, not create-only ones after creation. */
function isWritten(field: FormField, ctx: FormContext): boolean {
  return !field.readOnly && field.kind !== 'dateModified' && (!field.createOnly || ctx.creating);
}

/** Field id → messages (first failing rule only, spec order); {} when valid. Never throws on any input. */
export function validateForm(
  fields: readonly FormField[],
  values: FormValues,
  ctx: FormContext,
): Record<string, string[]> {
  const errors = new Map<string, string[]>();
  for (const field of applicableFields(fields, values)) {
    if (!isWritten(field, ctx) || errors.has(field.id)) continue;
    const result = validateFormField(field, values, ctx);
    if (!result.valid) errors.set(field.id, [result.message]);
  }
  // Built from entries so that a field id such as __proto__ is a key like any other.
  return Object.fromEntries(errors);
}

/** One field's first failure in the spec's order, the custom validators last. */
export function validateFormField(field: FormField, values: FormValues, ctx: FormContext): ValidationResult {
  const rules = readRules(field.rules);
  if (!rules || rules.disabled) return VALID;
  const value = ownValue(values, field.id);
  const own = checkByKind(field, value, rules);
  if (!own.valid) return own;
  for (const name of rules.validators) {
    const message = FORM_VALIDATORS[name](value, values, ctx);
    if (message) return invalid(message);
  }
  return VALID;
}

/** Rules as the checks need them; anything of the wrong type in template data counts as not given. */
interface ReadRules extends Omit<FieldRules<string | number>, 'customValidators' | 'regex'> {
  regex?: { expression: string; message?: string };
  gpsRequired: boolean;
  /** Names the registry does not know are dropped: a newer template may name a newer validator. */
  validators: ValidatorName[];
}

const isValidatorName = (name: unknown): name is ValidatorName =>
  typeof name === 'string' && (VALIDATOR_NAMES as readonly string[]).includes(name);

function readRules(raw: FormFieldRules | null | undefined): ReadRules | null {
  if (raw === null || typeof raw !== 'object') return null;
  const number = (n: unknown) => (typeof n === 'number' && !Number.isNaN(n) ? n : undefined);
  const rules: ReadRules = {
    required: raw.required === true,
    disabled: raw.disabled === true,
    maxLength: number(raw.maxLength),
    min: number(raw.min),
    max: number(raw.max),
    gpsRequired: raw.gpsRequired === true,
    validators: Array.isArray(raw.validators) ? raw.validators.filter(isValidatorName) : [],
  };
  const regex: unknown = raw.regex;
  if (regex !== null && typeof regex === 'object' && 'expression' in regex) {
    const { expression, message } = regex as { expression: unknown; message?: unknown };
    // A mask that is not text cannot compile; validateField fails closed on an uncompilable one.
    rules.regex = {
      expression: typeof expression === 'string' ? expression : '(',
      message: typeof message === 'string' ? message : undefined,
    };
  }
  return rules;
}

function checkByKind(field: FormField, value: FormValue | undefined, rules: ReadRules): ValidationResult {
  switch (field.kind) {
    case 'location':
      return checkLocation(value, rules);
    case 'gpsPosition':
      return checkGpsPosition(value, rules);
    case 'subjectConnection': {
      if (isAbsent(value)) return validateSubjectConnection(null, rules);
      const parsed = SubjectConnectionFormValue.safeParse(value);
      return parsed.success ? validateSubjectConnection(parsed.data, rules) : invalid(SUBJECT_SHAPE_MESSAGE);
    }
    case 'subject': {
      if (isAbsent(value)) return validateSubject(null, rules);
      const parsed = SubjectFormValue.safeParse(value);
      return parsed.success ? validateSubject(parsed.data, rules) : invalid(SUBJECT_SHAPE_MESSAGE);
    }
    case 'lookup':
      if (isEmptyValue(value)) return requiredOnly(rules);
      return LookupValue.safeParse(value).success ? VALID : invalid(LOOKUP_SHAPE_MESSAGE);
    case 'simple':
      return checkSimple(field, value, rules);
    // Placeholders hold nothing; the date modified is the system's to write; a kind this version does
    // not know has no rules to apply.
    case 'placeholder':
    case 'dateModified':
    default:
      return VALID;
  }
}

const isAbsent = (value: FormValue | undefined): value is null | undefined => value === null || value === undefined;

const requiredOnly = (rules: ReadRules): ValidationResult => (rules.required ? invalid(REQUIRED_MESSAGE) : VALID);

function checkLocation(value: FormValue | undefined, rules: ReadRules): ValidationResult {
  if (isAbsent(value)) return validateLocation(null, rules);
  const parsed = FormLocation.safeParse(value);
  if (!parsed.success) return invalid(LOCATION_SHAPE_MESSAGE);
  return validateLocation(parsed.data, rules);
}

/** A GPS position is a location with its fix: required, or GPS required, means both coordinates. */
function checkGpsPosition(value: FormValue | undefined, rules: ReadRules): ValidationResult {
  const locationRules = { required: rules.required || rules.gpsRequired };
  if (isAbsent(value)) return validateLocation(null, locationRules);
  const parsed = GpsPositionValue.safeParse(value);
  if (!parsed.success) return invalid(GPS_POSITION_SHAPE_MESSAGE);
  return validateLocation(parsed.data, locationRules);
}

function checkSimple(field: FormField, value: FormValue | undefined, rules: ReadRules): ValidationResult {
  switch (field.valueModelType) {
    case 'String':
      if (isEmptyValue(value)) return requiredOnly(rules);
      return typeof value === 'string' ? validateField(value, rules) : invalid(TEXT_MESSAGE);
    case 'DateTimeRange':
      if (isEmptyValue(value)) return requiredOnly(rules);
      return typeof value === 'string' ? validateDateTime(value, rules) : invalid(DATE_TIME_FORMAT_MESSAGE);
    case 'MappedEnum':
    case 'ModifierEnum':
    case 'CodeEnum':
      if (isEmptyValue(value)) return requiredOnly(rules);
      return typeof value === 'string' && isListed(field, value) ? VALID : invalid(CHOOSE_LISTED_MESSAGE);
    case 'MultiCodeEnum':
      if (isEmptyValue(value) || (Array.isArray(value) && value.length === 0)) return requiredOnly(rules);
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && isListed(field, v))
        ? VALID
        : invalid(CHOOSE_LISTED_MANY_MESSAGE);
    case 'IntegerRange':
    case 'FloatEnumRange':
    case 'DoubleRange':
    case 'DoubleEnumRange':
    case 'GpsAccuracyRange':
    case 'GpsAccuracy':
      if (isEmptyValue(value)) return requiredOnly(rules);
      if (typeof value !== 'number' || !Number.isFinite(value)) return invalid(NUMBER_MESSAGE);
      if (field.valueModelType === 'IntegerRange' && !Number.isInteger(value)) return invalid(WHOLE_NUMBER_MESSAGE);
      return validateField(value, rules);
    case 'Boolean':
      if (isEmptyValue(value)) return requiredOnly(rules);
      return typeof value === 'boolean' ? VALID : invalid(YES_NO_MESSAGE);
    default:
      // A value model type this version does not know: only required can be judged.
      return isEmptyValue(value) ? requiredOnly(rules) : VALID;
  }
}

/** Fixed options bound the value; options the server resolves are not here to check against. */
function isListed(field: FormField, id: string): boolean {
  if (!Array.isArray(field.options)) return true;
  return field.options.some((option) => option !== null && typeof option === 'object' && option.id === id);
}
