/**
 * The one input behind TextField, IntegerField and DecimalField. It keeps the text the user typed
 * apart from the value it reports, because a number can be half-typed ('-', '12.') and the form
 * must never receive junk for it.
 */
import { useId, useState, type ChangeEvent, type HTMLAttributes } from 'react';
import { validateField, type FieldRules } from '@manway/core/rules/field-validation';
import { acceptsTyping, type TextInputKind } from '@manway/core/rules/text-input';
import './fields.css';

export interface InputFieldRules<V> extends FieldRules<V | null> {
  /** Shown and focusable but not editable; unlike disabled, still validated and submitted. */
  readonly?: boolean;
  /** Leaving the field empty puts its defaultValue back. */
  resetDefault?: boolean;
  /** Decimal places kept by a decimal field; 0 allows whole numbers only. */
  precision?: number;
}

/** What every field takes besides its value. */
export interface CommonFieldProps {
  label: string;
  /** Shows the error before the field was touched, e.g. after a failed submit. */
  showError?: boolean;
  id?: string;
  name?: string;
  placeholder?: string;
  autoComplete?: string;
  className?: string;
  /** Shown after the label; read as the field's description, so the accessible name stays the label. */
  unit?: string | null;
  /** A short help text under the input. */
  hint?: string;
  /**
   * A message from outside the field (a form's own rules, the server's answer), shown like the field's
   * own: after it is touched or showError is set, never while focused, and after the field's own rules.
   */
  error?: string | null;
  /** The id of a datalist whose entries the input suggests. */
  list?: string;
}

interface InputFieldProps<V extends string | number> extends CommonFieldProps {
  kind: TextInputKind;
  value: V | null;
  onChange: (value: V | null) => void;
  /** The value a finished text stands for; null when it stands for none. */
  parse: (text: string) => V | null;
  format: (value: V | null) => string;
  rules?: InputFieldRules<V>;
  defaultValue?: V;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
}

export function InputField<V extends string | number>({
  kind,
  label,
  value,
  onChange,
  parse,
  format,
  rules = {},
  defaultValue,
  showError = false,
  id,
  name,
  placeholder,
  autoComplete,
  className,
  inputMode,
  unit,
  hint,
  error,
  list,
}: InputFieldProps<V>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const unitId = `${inputId}-unit`;
  const hintId = `${inputId}-hint`;

  const [text, setText] = useState(() => format(value));
  const [valueShown, setValueShown] = useState(value);
  const [focused, setFocused] = useState(false);
  const [touched, setTouched] = useState(false);

  // A value set from outside replaces the text, unless the text already stands for it: '12.' is
  // still 12, and rewriting it to '12' would swallow the point the user just typed.
  if (!Object.is(value, valueShown)) {
    setValueShown(value);
    if (parse(text) !== value) setText(format(value));
  }

  const typingRules = { maxLength: rules.maxLength, max: rules.max, precision: rules.precision };

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    if (!acceptsTyping(next, typingRules, kind)) return;
    setText(next);
    if (kind === 'text') {
      if (next !== value) onChange(parse(next));
      return;
    }
    // A half-typed number reports nothing yet; blur settles it.
    const number = next === '' ? null : parse(next);
    if ((next === '' || number !== null) && number !== value) onChange(number);
  };

  const onInputBlur = () => {
    setFocused(false);
    setTouched(true);
    if (rules.readonly || rules.disabled) return;
    if (text.trim() === '' && rules.resetDefault && defaultValue !== undefined) {
      setText(format(defaultValue));
      if (defaultValue !== value) onChange(defaultValue);
      return;
    }
    if (kind === 'text') return;
    const number = parse(text);
    setText(format(number));
    // An invalid number emits null on blur (spec section 5), even when null is already the value.
    if (number === null ? text !== '' || value !== null : number !== value) onChange(number);
  };

  const result = validateField(parse(text), rules);
  const message = result.valid ? error : result.message;
  const errorShown = Boolean(message) && (touched || showError) && !focused;
  const describedBy = [unit && unitId, hint && hintId, errorShown && errorId].filter(Boolean).join(' ');

  return (
    <div className={['mw-field', errorShown && 'mw-field--invalid', className].filter(Boolean).join(' ')}>
      <label className="mw-field__label" htmlFor={inputId}>
        {label}
        {rules.required && (
          <span className="mw-field__required" aria-hidden="true">
            *
          </span>
        )}
        {unit && (
          <span id={unitId} className="mw-field__unit" aria-hidden="true">
            ({unit})
          </span>
        )}
      </label>
      <input
        id={inputId}
        type="text"
        className="mw-field__input"
        name={name}
        value={text}
        placeholder={placeholder}
        autoComplete={autoComplete}
        inputMode={inputMode}
        list={list}
        readOnly={rules.readonly}
        disabled={rules.disabled}
        aria-required={rules.required || undefined}
        aria-invalid={errorShown}
        aria-describedby={describedBy || undefined}
        onChange={onInputChange}
        onFocus={() => setFocused(true)}
        onBlur={onInputBlur}
      />
      {hint && (
        <p id={hintId} className="mw-field__hint">
          {hint}
        </p>
      )}
      {errorShown && (
        <p id={errorId} className="mw-field__error">
          {message}
        </p>
      )}
    </div>
  );
}
