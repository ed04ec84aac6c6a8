import type { CustomValidator, RegexRule } from '@manway/core/rules/field-validation';
import type { CommonFieldProps } from './InputField';

export interface NumberFieldRules {
  required?: boolean;
  /** Counts the characters typed, minus sign and decimal point included. */
  maxLength?: number;
  min?: number;
  /** Typing a number above it is refused; a value from outside above it shows the too-high message. */
  max?: number;
  regex?: RegexRule;
  readonly?: boolean;
  disabled?: boolean;
  /** Leaving the field empty puts defaultValue back. */
  resetDefault?: boolean;
  customValidators?: readonly CustomValidator<number | null>[];
}

export interface NumberFieldProps extends CommonFieldProps {
  value: number | null;
  /**
   * Called with the number once the text is one (rounded to the precision), with null when the field
   * is emptied, and with null on blur when the text is no number.
   */
  onChange: (value: number | null) => void;
  defaultValue?: number;
}

/**
 * Phones show a keypad without a minus key for numeric and decimal input modes, so the plain
 * keyboard is asked for whenever negative numbers are allowed.
 */
export function numberInputMode(rules: NumberFieldRules | undefined, keypad: 'numeric' | 'decimal') {
  return rules?.min !== undefined && rules.min >= 0 ? keypad : 'text';
}
