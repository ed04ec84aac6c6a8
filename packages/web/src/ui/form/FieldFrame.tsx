/**
 * Label, unit, hint and error around the form widgets that are not a single text input (TextField and
 * its kin draw their own). It keeps the touched and focused state, because spec section 5 shows an
 * error only once the field was left or showError is set, and never while the user is in it.
 */
import { useId, useState, type ReactNode } from 'react';
import '../fields/fields.css';
import './form.css';

/** What the control inside the frame puts on its input, so the label and messages belong to it. */
export interface FramedControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid': boolean;
  'aria-required'?: boolean;
}

/** A picker button's share: ARIA allows aria-required only on inputs, and a button is none. */
export function buttonControl(control: FramedControlProps): Omit<FramedControlProps, 'aria-required'> {
  return { id: control.id, 'aria-describedby': control['aria-describedby'], 'aria-invalid': control['aria-invalid'] };
}

export interface FieldFrameProps {
  label: string;
  unit?: string | null;
  required?: boolean;
  hint?: string;
  error?: string | null;
  showError?: boolean;
  /**
   * 'input': one control named by a <label>; 'group': several controls (or one naming itself, like a
   * checkbox) inside a group named by the label.
   */
  layout?: 'input' | 'group';
  className?: string;
  children: (control: FramedControlProps) => ReactNode;
}

export function FieldFrame({
  label,
  unit,
  required = false,
  hint,
  error,
  showError = false,
  layout = 'input',
  className,
  children,
}: FieldFrameProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const unitId = `${id}-unit`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [focused, setFocused] = useState(false);
  const [touched, setTouched] = useState(false);

  const errorShown = Boolean(error) && (touched || showError) && !focused;
  const describedBy = [unit && unitId, hint && hintId, errorShown && errorId].filter(Boolean).join(' ') || undefined;
  const control: FramedControlProps = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': errorShown,
    'aria-required': required || undefined,
  };

  const labelContent = (
    <>
      {label}
      {required && (
        <span className="mw-field__required" aria-hidden="true">
          *
        </span>
      )}
      {unit && (
        <span id={unitId} className="mw-field__unit" aria-hidden="true">
          ({unit})
        </span>
      )}
    </>
  );
  const classes = ['mw-field', 'mw-form-field', errorShown && 'mw-field--invalid', className].filter(Boolean);

  return (
    <div
      className={classes.join(' ')}
      role={layout === 'group' ? 'group' : undefined}
      aria-labelledby={layout === 'group' ? labelId : undefined}
      aria-describedby={layout === 'group' ? describedBy : undefined}
      // Focus events bubble through React portals, so a picker modal opened from the field keeps it focused.
      onFocus={() => setFocused(true)}
      onBlur={() => {
        setFocused(false);
        setTouched(true);
      }}
    >
      {layout === 'group' ? (
        <span id={labelId} className="mw-field__label">
          {labelContent}
        </span>
      ) : (
        <label id={labelId} className="mw-field__label" htmlFor={id}>
          {labelContent}
        </label>
      )}
      {children(control)}
      {hint && (
        <p id={hintId} className="mw-field__hint">
          {hint}
        </p>
      )}
      {errorShown && (
        <p id={errorId} className="mw-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
