import type { CustomValidator, RegexRule } from '@manway/core/rules/field-validation';
import { InputField, type CommonFieldProps } from './InputField';

export interface TextFieldRules {
  required?: boolean;
  maxLength?: number;
  /** Must match the whole value; its message, or the default mask message, is shown otherwise. */
  regex?: RegexRule;
  readonly?: boolean;
  disabled?: boolean;
  /** Leaving the field empty puts defaultValue back. */
  resetDefault?: boolean;
  customValidators?: readonly CustomValidator<string | null>[];
}

export interface TextFieldProps extends CommonFieldProps {
  value: string | null;
  /** Called on every accepted keystroke with the whole text; typing past maxLength is refused. */
  onChange: (value: string) => void;
  rules?: TextFieldRules;
  defaultValue?: string;
}

const parseText = (text: string) => text;
const formatText = (value: string | null) => value ?? '';

export function TextField({ value, onChange, rules, defaultValue, ...props }: TextFieldProps) {
  return (
    <InputField<string>
      {...props}
      kind="text"
      value={value}
      onChange={(next) => onChange(next ?? '')}
      parse={parseText}
      format={formatText}
      rules={rules}
      defaultValue={defaultValue}
    />
  );
}
