import type { FormValue, FormValues, ValidatorName } from './template';
import type { FormContext } from './validate';

export const FORM_VALIDATORS: Record<
  ValidatorName,
  (value: FormValue | undefined, values: FormValues, ctx: FormContext) => string | null
> = {
  'not-in-future': () => null,
  'year-not-in-future': () => null,
  'different-from-node': () => null,
  'code-of-standard': () => null,
  'characterisation-of-code': () => null,
  'quantification-of-code': () => null,
  'clock-of-code': () => null,
  'continuous-of-code': () => null,
};
