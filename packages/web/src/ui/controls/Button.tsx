import type { ComponentPropsWithRef } from 'react';
import { usePressed } from './usePressed';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
}

/** A button that shows a pressed state while a pointer or finger is down on it. */
export function Button({ variant = 'secondary', className, type = 'button', disabled = false, ...props }: ButtonProps) {
  // handlers call the caller's own pointer and touch handlers too, so they go after props.
  const { pressed, handlers } = usePressed<HTMLButtonElement>(disabled, props);
  const classes = ['mw-button', `mw-button--${variant}`, pressed && 'mw-button--pressed', className]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled}
      data-pressed={pressed || undefined}
      {...props}
      {...handlers}
    />
  );
}
