import { numberToText, toNumber } from '@manway/core/rules/text-input';
import { InputField } from './InputField';
import { numberInputMode, type NumberFieldProps, type NumberFieldRules } from './numberFieldProps';

export interface DecimalFieldRules extends NumberFieldRules {
  /** Decimal places kept: typing more is refused and numbers are reported rounded to it. 0 allows no point. */
  precision?: number;
}

export interface DecimalFieldProps extends NumberFieldProps {
  rules?: DecimalFieldRules;
}

/** Digits, a leading minus and one decimal point (none when precision is 0). */
export function DecimalField({ rules, ...props }: DecimalFieldProps) {
  const precision = rules?.precision;
  return (
    <InputField<number>
      {...props}
      kind="decimal"
      parse={(text) => toNumber(text, precision)}
      format={(value) => numberToText(value, precision)}
      rules={rules}
      inputMode={numberInputMode(rules, 'decimal')}
    />
  );
}
