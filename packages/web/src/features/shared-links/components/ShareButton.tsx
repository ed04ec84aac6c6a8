/**
 * Share… beside what can be shared: opens the Share dialog. Guests open links but make none, so
 * they are not offered it.
 */
import { useState } from 'react';
import { useAppSelector } from '../../../shell/store/hooks';
import { Button, type ButtonVariant } from '../../../ui/controls/Button';
import { ShareDialog, type ShareDialogProps } from './ShareDialog';

export interface ShareButtonProps extends Omit<ShareDialogProps, 'onClose'> {
  variant?: ButtonVariant;
  /** The button's accessible name where its text alone would be ambiguous ("Share Node MH-1023"). */
  ariaLabel?: string;
}

export function ShareButton({ variant = 'secondary', ariaLabel, ...dialog }: ShareButtonProps) {
  const isGuest = useAppSelector((state) => state.settings.data?.isGuest ?? true);
  const [open, setOpen] = useState(false);
  if (isGuest) return null;
  return (
    <>
      <Button variant={variant} aria-label={ariaLabel} onClick={() => setOpen(true)}>
        Share…
      </Button>
      {open && <ShareDialog {...dialog} onClose={() => setOpen(false)} />}
    </>
  );
}
