/**
 * The rules a form on the page follows between what the template says and what is sent: which
 * fields the user may write, which messages show under which fields, and what a save carries.
 */
import { isModelStateBody } from '@manway/core/api/errors';
import { applicableFields, validateFormField, type FormContext } from '@manway/core/forms/validate';
import type { FormField, FormValues } from '@manway/core/forms/template';

/** The field that asks, on an existing asset, whether to create a new asset or change this one. */
export const SUBTYPE_FIELD = 'subtype';

/** A field others depend on waits this long after the last change before the server recalculates. */
export const CALCULATE_DELAY_MS = 300;

/** Kinds that only show something: nothing the user types goes into them. */
const DISPLAY_ONLY_KINDS: readonly FormField['kind'][] = ['placeholder', 'dateModified'];

/** System values, derived values, disabled fields and, once created, create-only fields stay as they are. */
export function isFieldWritable(field: FormField, creating: boolean): boolean {
  if (field.readOnly || field.rules.disabled) return false;
  if (field.createOnly && !creating) return false;
  return !DISPLAY_ONLY_KINDS.includes(field.kind);
}

/**
 * The fields a form draws for these values: those that apply to them (a subtype's own fields), and
 * the notes (placeholders) of the same subtypes, which core leaves out of what it checks.
 */
export function shownFields(fields: readonly FormField[], values: FormValues): FormField[] {
  return fields.filter(
    (field) =>
      applicableFields([field.kind === 'placeholder' ? { ...field, kind: 'simple' } : field], values).length === 1,
  );
}

/**
 * The first failing rule's message of each field the user can write, in the spec's order (core
 * validates; the server checks the same again). A field the user cannot change is not held
 * against the form: nothing on the page could fix it.
 */
export function fieldErrors(
  fields: readonly FormField[],
  values: FormValues,
  context: FormContext,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of applicableFields(fields, values)) {
    if (!isFieldWritable(field, context.creating)) continue;
    const result = validateFormField(field, values, context);
    if (!result.valid) errors[field.id] = result.message;
  }
  return errors;
}

/**
 * What a save sends: every writable field that applies, empty ones as null so that a value the
 * user cleared is cleared on the server too.
 */
export function writableValues(fields: readonly FormField[], values: FormValues, creating: boolean): FormValues {
  const sent: FormValues = {};
  for (const field of applicableFields(fields, values)) {
    if (isFieldWritable(field, creating)) sent[field.id] = values[field.id] ?? null;
  }
  return sent;
}

/**
 * A 400's ModelState as the message under each field: the first message of each. Keys may be
 * written as the body's path (`values.material`); the field is the part after `values.`.
 */
export function modelStateErrors(data: unknown): Record<string, string> | null {
  if (!isModelStateBody(data)) return null;
  const errors: Record<string, string> = {};
  for (const [key, messages] of Object.entries(data.ModelState)) {
    const first = messages[0];
    if (first !== undefined) errors[key.replace(/^values\./i, '')] = first;
  }
  return errors;
}

/** The status of a failed mutation, when it came from the server rather than from the client. */
export function failureStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : null;
}

export function failureData(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : undefined;
}
