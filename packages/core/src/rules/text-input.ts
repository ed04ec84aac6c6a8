/**
 * What a text, integer or decimal input lets a person type (spec section 5, "Text fields"). The
 * check runs on the text the input would hold after the keystroke or paste, so an edit in the
 * middle is judged as fairly as one at the end. Half-typed numbers such as '-', '12.' and '.5' pass:
 * nobody types -3 without first typing '-'.
 */
import { roundToDecimals } from './rounding';

export type TextInputKind = 'text' | 'integer' | 'decimal';

export interface TypingRules {
  maxLength?: number;
  max?: number;
  /** Decimal places a decimal field keeps; 0 makes it accept whole numbers only. */
  precision?: number;
}

const INTEGER_IN_PROGRESS = /^-?\d*$/;
const DECIMAL_IN_PROGRESS = /^-?\d*(?:\.\d*)?$/;
const COMPLETE_NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

function allowsDecimalPoint(kind: TextInputKind, rules: TypingRules): boolean {
  return kind === 'decimal' && rules.precision !== 0;
}

export function acceptsTyping(nextText: string, rules: TypingRules, kind: TextInputKind): boolean {
  if (rules.maxLength !== undefined && nextText.length > rules.maxLength) return false;
  if (kind === 'text') return true;

  const shape = allowsDecimalPoint(kind, rules) ? DECIMAL_IN_PROGRESS : INTEGER_IN_PROGRESS;
  if (!shape.test(nextText)) return false;

  const decimals = nextText.split('.')[1]?.length ?? 0;
  if (rules.precision !== undefined && decimals > rules.precision) return false;

  const number = toNumber(nextText);
  // More digits only take a negative number further down, so '-1' may still become -10 under max -5.
  if (number !== null && rules.max !== undefined && number > rules.max && number >= 0) return false;
  return true;
}

/**
 * The number the text stands for, rounded to `precision` places when given; null when the text is
 * not a whole number (empty, '-', '.', '1e5', '12abc'). An invalid number emits null on blur.
 */
export function toNumber(text: string, precision?: number): number | null {
  const trimmed = text.trim();
  if (!COMPLETE_NUMBER.test(trimmed)) return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return null;
  if (precision !== undefined) return roundToDecimals(value, precision);
  return value === 0 ? 0 : value;
}

/** How a number reads back in the input, without exponents for very small or large values. */
export function numberToText(value: number | null | undefined, precision?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const rounded = precision === undefined ? value : roundToDecimals(value, precision);
  const text = String(rounded);
  if (!text.includes('e')) return text;
  // toFixed stops at 100 places; no field keeps more than that.
  const fixed = rounded.toFixed(Math.min(100, precision ?? 20));
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}
