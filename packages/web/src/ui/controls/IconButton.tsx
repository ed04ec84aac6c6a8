import type { CSSProperties, ReactNode } from 'react';
import { Button, type ButtonProps } from './Button';
import './IconButton.css';

export type IconButtonSize = 'small' | 'medium' | 'large';

export const DEFAULT_ICON_BUTTON_SIZE: IconButtonSize = 'small';

/** Icons in the kit run from 12 to 30 pixels; these are the steps icon buttons use. */
export const ICON_SIZE_PX: Record<IconButtonSize, number> = { small: 16, medium: 22, large: 30 };

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'aria-label'> {
  /** The accessible name, also shown as a tooltip: an icon alone says nothing to a screen reader. */
  label: string;
  icon: ReactNode;
  size?: IconButtonSize;
}

/** A square button holding only an icon; small unless asked otherwise. */
export function IconButton({
  label,
  icon,
  size = DEFAULT_ICON_BUTTON_SIZE,
  variant = 'ghost',
  className,
  style,
  title,
  ...props
}: IconButtonProps) {
  const iconStyle = { ...style, '--mw-icon-size': `${ICON_SIZE_PX[size]}px` } as CSSProperties;
  return (
    <Button
      {...props}
      variant={variant}
      aria-label={label}
      title={title ?? label}
      className={['mw-icon-button', `mw-icon-button--${size}`, className].filter(Boolean).join(' ')}
      style={iconStyle}
    >
      <span className="mw-icon-button__icon" aria-hidden="true">
        {icon}
      </span>
    </Button>
  );
}
