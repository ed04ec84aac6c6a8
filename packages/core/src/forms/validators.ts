/**
 * The custom validators templates name (spec section 5, rule 7), in one registry so that a template
 * stays data: it names a validator, the page and the server run the same function. Each answers its
 * message, or null when the value passes. They see every value of the form, because what is right for
 * one field often depends on another (an observation code decides which of its details are needed).
 * They run on empty values too: "this code needs a clock position" is about a value that is missing.
 */
import type { ObservationCodeDef } from '../domain/standard';
import { isEmptyValue } from '../rules/field-validation';
import type { FormValue, FormValues, ValidatorName } from './template';
import type { FormContext } from './validate';

export type FormValidator = (value: FormValue | undefined, values: FormValues, ctx: FormContext) => string | null;

/** A value of the form by key, never one inherited from Object's prototype (`constructor`). */
export function ownValue(values: FormValues, key: string): FormValue | undefined {
  return values !== null && typeof values === 'object' && Object.hasOwn(values, key) ? values[key] : undefined;
}

/**
 * The definition of the form's observation code. Without codes in the context nothing is looked up
 * and the code validators stay silent: the server always passes the standard's codes.
 */
function codeOf(values: FormValues, ctx: FormContext): ObservationCodeDef | undefined {
  const code = ownValue(values, 'code');
  if (typeof code !== 'string' || !Array.isArray(ctx.codes)) return undefined;
  return ctx.codes.find((c) => c.code === code);
}

/** The id of a lookup value ({id, readableId}); undefined for anything else. */
function lookupId(value: FormValue | undefined): number | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !('id' in value)) return undefined;
  return typeof value.id === 'number' ? value.id : undefined;
}

function notInFuture(value: FormValue | undefined, _values: FormValues, ctx: FormContext): string | null {
  if (typeof value !== 'string') return null;
  const time = Date.parse(value);
  return Number.isFinite(time) && time > ctx.now.getTime() ? 'The date cannot be in the future' : null;
}

function yearNotInFuture(value: FormValue | undefined, _values: FormValues, ctx: FormContext): string | null {
  return typeof value === 'number' && value > ctx.now.getUTCFullYear() ? 'The year cannot be in the future' : null;
}

function differentFromNode(value: FormValue | undefined, values: FormValues): string | null {
  const to = lookupId(value);
  return to !== undefined && to === lookupId(ownValue(values, 'fromNode'))
    ? 'The to node must differ from the from node'
    : null;
}

function codeOfStandard(value: FormValue | undefined, _values: FormValues, ctx: FormContext): string | null {
  if (typeof value !== 'string' || value === '' || !Array.isArray(ctx.codes)) return null;
  return ctx.codes.some((c) => c.code === value) ? null : `Unknown code "${value}" in this standard`;
}

function characterisationOfCode(value: FormValue | undefined, values: FormValues, ctx: FormContext): string | null {
  const code = codeOf(values, ctx);
  if (!code) return null;
  if (isEmptyValue(value))
    return code.characterisationRequired ? `Code ${code.code} requires a characterisation` : null;
  if (!code.characterisations) return `Code ${code.code} takes no characterisation`;
  return typeof value === 'string' && Object.hasOwn(code.characterisations, value)
    ? null
    : `This is not a characterisation of code ${code.code}`;
}

function quantificationOfCode(value: FormValue | undefined, values: FormValues, ctx: FormContext): string | null {
  const code = codeOf(values, ctx);
  if (!code?.quantificationRequired || !isEmptyValue(value)) return null;
  const unit = code.quantificationUnit ? ` (${code.quantificationUnit})` : '';
  return `Code ${code.code} requires a quantification${unit}`;
}

function clockOfCode(value: FormValue | undefined, values: FormValues, ctx: FormContext): string | null {
  const code = codeOf(values, ctx);
  return code?.clockRequired && isEmptyValue(value) ? `Code ${code.code} requires a clock position` : null;
}

function continuousOfCode(value: FormValue | undefined, values: FormValues, ctx: FormContext): string | null {
  const code = codeOf(values, ctx);
  return code && !code.continuousAllowed && !isEmptyValue(value)
    ? `Code ${code.code} cannot be recorded as a continuous defect`
    : null;
}

export const FORM_VALIDATORS: Record<ValidatorName, FormValidator> = {
  'not-in-future': notInFuture,
  'year-not-in-future': yearNotInFuture,
  'different-from-node': differentFromNode,
  'code-of-standard': codeOfStandard,
  'characterisation-of-code': characterisationOfCode,
  'quantification-of-code': quantificationOfCode,
  'clock-of-code': clockOfCode,
  'continuous-of-code': continuousOfCode,
};
