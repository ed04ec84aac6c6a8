import { useState } from 'react';
import { Button } from '../controls/Button';
import { ChevronDownIcon } from '../controls/icons';
import { SelectModal } from '../select-modal/SelectModal';
import type { SelectOption } from '../select-modal/selection';
import { buttonControl, FieldFrame } from './FieldFrame';
import { EMPTY_TEXT, optionLabel } from './fieldText';
import type { FramedFieldProps } from './SelectField';

export interface MultiCodeFieldProps extends FramedFieldProps {
  options: readonly SelectOption[];
  value: readonly string[];
  onChange: (codes: string[]) => void;
}

/** Several codes: the chosen ones as chips, changed in the select modal (applied when it closes). */
export function MultiCodeField({ options, value, onChange, ...frame }: MultiCodeFieldProps) {
  const [picking, setPicking] = useState(false);

  return (
    <FieldFrame {...frame}>
      {(control) => (
        <>
          <Button {...buttonControl(control)} className="mw-form-field__picker" onClick={() => setPicking(true)}>
            <span className="mw-form-field__chips">
              {value.length === 0
                ? EMPTY_TEXT
                : value.map((id) => (
                    <span key={id} className="mw-form-field__chip">
                      {optionLabel(options, id)}
                    </span>
                  ))}
            </span>
            <ChevronDownIcon aria-hidden="true" />
          </Button>
          {picking && (
            <SelectModal
              multiple
              searchable
              title={frame.label}
              options={options}
              value={value}
              onChange={onChange}
              onClose={() => setPicking(false)}
            />
          )}
        </>
      )}
    </FieldFrame>
  );
}
