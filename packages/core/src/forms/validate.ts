import type { ObservationCodeDef } from '../domain/standard';
import type { ValidationResult } from '../rules/field-validation';
import type { FormField, FormValues } from './template';

export interface FormContext {
  now: Date;
  creating: boolean;
  codes?: readonly ObservationCodeDef[];
}

/** Field id → messages (first failing rule only, spec order); {} when valid. Never throws on any input. */
export function validateForm(
  _fields: readonly FormField[],
  _values: FormValues,
  _ctx: FormContext,
): Record<string, string[]> {
  return {};
}

export function validateFormField(_field: FormField, _values: FormValues, _ctx: FormContext): ValidationResult {
  return { valid: true };
}

/** The fields that apply to these values: appliesTo matches values.subtype; placeholders skipped. */
export function applicableFields(fields: readonly FormField[], _values: FormValues): FormField[] {
  return [...fields];
}
