import { useEffect, useRef, type ChangeEventHandler } from 'react';
import './SelectionCheckbox.css';

/**
 * The row and select-all checkbox of the grid and the virtual table. The mixed state ('some rows
 * selected') can only be set on the element, not by an attribute.
 */
export function SelectionCheckbox({
  label,
  checked,
  indeterminate = false,
  disabled = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: ChangeEventHandler<HTMLInputElement>;
}) {
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (input.current) input.current.indeterminate = indeterminate;
  }, [indeterminate]);

  return (
    <input
      ref={input}
      type="checkbox"
      className="mw-selection-checkbox"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={onChange}
    />
  );
}
