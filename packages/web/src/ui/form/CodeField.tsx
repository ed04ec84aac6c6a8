import { useRef, useState } from 'react';
import { Button } from '../controls/Button';
import { ChevronDownIcon } from '../controls/icons';
import { BoundedModal } from '../modal/Modal';
import { SearchBox } from '../search-box/SearchBox';
import type { SelectOption } from '../select-modal/selection';
import { DEFAULT_NO_RESULTS_TEXT } from '../select-modal/SelectModal';
import { codeText, familyByFirstLetter, groupCodes, type CodeGroupOf } from './codeFamilies';
import { buttonControl, FieldFrame } from './FieldFrame';
import { EMPTY_TEXT } from './fieldText';
import type { FramedFieldProps } from './SelectField';

export type { CodeGroupOf } from './codeFamilies';

export interface CodeFieldProps extends FramedFieldProps {
  options: readonly SelectOption[];
  value: string | null;
  onChange: (code: string | null) => void;
  /** The family an option belongs to; by default the code's first letter says it. */
  groupOf?: CodeGroupOf;
}

/** An observation code, picked from the standard's codes grouped by family, searchable by code or name. */
export function CodeField({ options, value, onChange, groupOf = familyByFirstLetter, ...frame }: CodeFieldProps) {
  const [picking, setPicking] = useState(false);
  const chosen = options.find((option) => option.id === value);

  return (
    <FieldFrame {...frame}>
      {(control) => (
        <>
          <Button {...buttonControl(control)} className="mw-form-field__picker" onClick={() => setPicking(true)}>
            <span>{chosen ? codeText(chosen) : (value ?? EMPTY_TEXT)}</span>
            <ChevronDownIcon aria-hidden="true" />
          </Button>
          {picking && (
            <CodePickerModal
              title={frame.label}
              options={options}
              value={value}
              groupOf={groupOf}
              clearable={!frame.required}
              onPick={(code) => {
                if (code !== value) onChange(code);
                setPicking(false);
              }}
              onClose={() => setPicking(false)}
            />
          )}
        </>
      )}
    </FieldFrame>
  );
}

interface CodePickerModalProps {
  title: string;
  options: readonly SelectOption[];
  value: string | null;
  groupOf: CodeGroupOf;
  clearable: boolean;
  onPick: (code: string | null) => void;
  onClose: () => void;
}

function CodePickerModal({ title, options, value, groupOf, clearable, onPick, onClose }: CodePickerModalProps) {
  const [term, setTerm] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const groups = groupCodes(options, term, groupOf);

  return (
    <BoundedModal
      title={title}
      onDismiss={onClose}
      initialFocusRef={searchRef}
      footer={
        clearable && value !== null ? (
          <Button variant="ghost" onClick={() => onPick(null)}>
            Clear
          </Button>
        ) : undefined
      }
    >
      <div className="mw-code-picker">
        {/* A code list in memory filters as fast as the user types. */}
        <SearchBox
          inputRef={searchRef}
          label="Search codes"
          placeholder="Code or name"
          debounceMs={0}
          onSearch={setTerm}
        />
        {groups.length === 0 && (
          <p className="mw-code-picker__empty" role="status">
            {DEFAULT_NO_RESULTS_TEXT}
          </p>
        )}
        {groups.map((group) => (
          <section key={group.family} className="mw-code-picker__family" aria-label={group.family}>
            <h3 className="mw-code-picker__family-title">{group.family}</h3>
            <ul className="mw-code-picker__codes">
              {group.options.map((option) => (
                <li key={option.id}>
                  <Button
                    variant={option.id === value ? 'primary' : 'ghost'}
                    className="mw-code-picker__code"
                    aria-pressed={option.id === value}
                    onClick={() => onPick(option.id)}
                  >
                    {codeText(option)}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </BoundedModal>
  );
}
