import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './ColorPicker.css';

export const DEFAULT_COLOR = '#000000';

/** The colour input speaks lower-case #rrggbb; anything else (empty, named colours) is the default. */
export function normaliseColor(value: string | null | undefined): string {
  const trimmed = value?.trim().toLowerCase() ?? '';
  return /^#[0-9a-f]{6}$/.test(trimmed) ? trimmed : DEFAULT_COLOR;
}

export interface ColorPickerProps {
  /** #rrggbb; empty or missing shows the default, #000000. */
  value: string | null | undefined;
  /** Called once per committed colour, never twice for the same one. */
  onChange: (color: string) => void;
  label: ReactNode;
  disabled?: boolean;
  id?: string;
  className?: string;
}

/**
 * Keeps the colour being picked locally and reports it when the choice is committed: on the
 * native change event, or on focus loss because Firefox's picker may fire change only then or on
 * a second click. Whichever comes first reports; the other finds nothing new.
 */
export function ColorPicker({ value, onChange, label, disabled = false, id, className }: ColorPickerProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const inputRef = useRef<HTMLInputElement>(null);
  const given = normaliseColor(value);
  const [localColor, setLocalColor] = useState(given);
  const [lastGiven, setLastGiven] = useState(given);
  const lastReported = useRef(given);

  // A new value from the owner replaces whatever was being picked.
  if (given !== lastGiven) {
    setLastGiven(given);
    setLocalColor(given);
  }
  useEffect(() => {
    lastReported.current = given;
  }, [given]);

  // Read through a ref so the native listener below is attached once and still sees fresh props.
  const report = useRef((_color: string) => undefined as void);
  useEffect(() => {
    report.current = (color: string) => {
      const normalised = normaliseColor(color);
      if (normalised === lastReported.current) return;
      lastReported.current = normalised;
      onChange(normalised);
    };
  });

  // React's onChange is the native input event (every drag step); the commit is the native change.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const onNativeChange = () => report.current(input.value);
    input.addEventListener('change', onNativeChange);
    return () => input.removeEventListener('change', onNativeChange);
  }, []);

  return (
    <label className={['mw-color-picker', className].filter(Boolean).join(' ')} htmlFor={inputId}>
      <input
        ref={inputRef}
        id={inputId}
        type="color"
        className="mw-color-picker__input"
        value={localColor}
        disabled={disabled}
        onChange={(event) => setLocalColor(normaliseColor(event.target.value))}
        onBlur={(event) => report.current(event.target.value)}
      />
      <span className="mw-color-picker__label">{label}</span>
    </label>
  );
}
