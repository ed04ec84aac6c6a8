/** Test helpers: a template field with sensible defaults, and FormFieldView holding its own value. */
import { useState } from 'react';
import type { FormField, FormValue } from '@manway/core/forms/template';
import { FormFieldView, type FormFieldViewProps } from './FormFieldView';

export function formField(overrides: Partial<FormField> & Pick<FormField, 'id' | 'label'>): FormField {
  return { kind: 'simple', valueModelType: 'String', rules: {}, ...overrides };
}

export type HeldFormFieldProps = Omit<FormFieldViewProps, 'value' | 'onChange' | 'readOnly'> & {
  initialValue?: FormValue;
  onChange?: (value: FormValue) => void;
  readOnly?: boolean;
};

/** FormFieldView as a form uses it: the value it reports comes back as its value. */
export function HeldFormField({ initialValue, onChange, readOnly = false, ...props }: HeldFormFieldProps) {
  const [value, setValue] = useState<FormValue | undefined>(initialValue);
  return (
    <FormFieldView
      {...props}
      readOnly={readOnly}
      value={value}
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    />
  );
}
