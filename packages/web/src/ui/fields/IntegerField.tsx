import { numberToText, toNumber } from '@manway/core/rules/text-input';
import { InputField } from './InputField';
import { numberInputMode, type NumberFieldProps, type NumberFieldRules } from './numberFieldProps';

export type IntegerFieldRules = NumberFieldRules;

export interface IntegerFieldProps extends NumberFieldProps {
  rules?: IntegerFieldRules;
}

const parseInteger = (text: string) => toNumber(text, 0);
const formatInteger = (value: number | null) => numberToText(value, 0);

/** Whole numbers only: digits and a leading minus can be typed, nothing else. */
export function IntegerField({ rules, ...props }: IntegerFieldProps) {
  return (
    <InputField<number>
      {...props}
      kind="integer"
      parse={parseInteger}
      format={formatInteger}
      rules={rules}
      inputMode={numberInputMode(rules, 'numeric')}
    />
  );
}
