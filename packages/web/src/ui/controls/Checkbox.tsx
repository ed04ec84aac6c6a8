import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import './Checkbox.css';

export interface CheckboxProps {
  /** A boolean makes the checkbox controlled; leave it out and the checkbox keeps its own state. */
  checked?: boolean;
  /** Starting state when uncontrolled. */
  defaultChecked?: boolean;
  /** Shows a dash for "some but not all"; the next click checks it. */
  indeterminate?: boolean;
  disabled?: boolean;
  label: ReactNode;
  /** Keeps the label for screen readers only, for a checkbox whose column or row already says it. */
  hideLabel?: boolean;
  onChange?: (checked: boolean, event: ChangeEvent<HTMLInputElement>) => void;
  id?: string;
  name?: string;
  className?: string;
}

/** A native checkbox (so keyboard, forms and screen readers work as usual) in the theme's colours. */
export function Checkbox({
  checked,
  defaultChecked = false,
  indeterminate = false,
  disabled = false,
  label,
  hideLabel = false,
  onChange,
  id,
  name,
  className,
}: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const inputRef = useRef<HTMLInputElement>(null);
  const [ownChecked, setOwnChecked] = useState(defaultChecked);
  const isControlled = typeof checked === 'boolean';
  const shownChecked = isControlled ? checked : ownChecked;

  // indeterminate exists only as a DOM property, never as an attribute.
  useEffect(() => {
    if (inputRef.current) inputRef.current.indeterminate = indeterminate;
  }, [indeterminate]);

  const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (disabled) return;
    if (!isControlled) setOwnChecked(event.target.checked);
    onChange?.(event.target.checked, event);
  };

  const classes = ['mw-checkbox', disabled && 'mw-checkbox--disabled', className].filter(Boolean).join(' ');
  return (
    <label className={classes} htmlFor={inputId}>
      <input
        ref={inputRef}
        id={inputId}
        name={name}
        type="checkbox"
        className="mw-checkbox__input"
        checked={shownChecked}
        disabled={disabled}
        aria-checked={indeterminate ? 'mixed' : undefined}
        onChange={onInputChange}
      />
      <span className={hideLabel ? 'mw-visually-hidden' : 'mw-checkbox__label'}>{label}</span>
    </label>
  );
}
