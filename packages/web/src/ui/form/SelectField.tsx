import { useState } from 'react';
import { Button } from '../controls/Button';
import { ChevronDownIcon } from '../controls/icons';
import { SelectModal } from '../select-modal/SelectModal';
import { SEARCH_BOX_MIN_OPTIONS, type SelectOption } from '../select-modal/selection';
import { buttonControl, FieldFrame } from './FieldFrame';
import { EMPTY_TEXT, optionLabel } from './fieldText';

export interface FramedFieldProps {
  label: string;
  unit?: string | null;
  required?: boolean;
  hint?: string;
  error?: string | null;
  showError?: boolean;
}

export interface SelectFieldProps extends FramedFieldProps {
  options: readonly SelectOption[];
  value: string | null;
  onChange: (id: string | null) => void;
}

/**
 * One option of a fixed list. A short list is a native select (the phone's own picker); a long one
 * opens the select modal with its search box. A field that is not required can be emptied.
 */
export function SelectField({ options, value, onChange, ...frame }: SelectFieldProps) {
  const [picking, setPicking] = useState(false);
  const long = options.length > SEARCH_BOX_MIN_OPTIONS;

  return (
    <FieldFrame {...frame}>
      {(control) =>
        long ? (
          <>
            <Button {...buttonControl(control)} className="mw-form-field__picker" onClick={() => setPicking(true)}>
              <span>{value ? optionLabel(options, value) : EMPTY_TEXT}</span>
              <ChevronDownIcon aria-hidden="true" />
            </Button>
            {picking && (
              <SelectModal
                title={frame.label}
                options={options}
                searchable
                value={value}
                onChange={onChange}
                onClose={() => setPicking(false)}
              />
            )}
          </>
        ) : (
          <select
            {...control}
            className="mw-field__input"
            value={value ?? ''}
            onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
          >
            {(!frame.required || value === null) && <option value="">{EMPTY_TEXT}</option>}
            {value !== null && !options.some((option) => option.id === value) && <option value={value}>{value}</option>}
            {options.map((option) => (
              <option key={option.id} value={option.id}>
                {option.value}
              </option>
            ))}
          </select>
        )
      }
    </FieldFrame>
  );
}
