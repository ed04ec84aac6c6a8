import type { ConfirmConfig } from '../confirm/confirmSlice';

export const DISCARD_CHANGES_CONFIRM: ConfirmConfig = {
  type: 'normal',
  title: 'Discard unsaved changes?',
  text: 'You have changes that are not saved yet. If you leave now, they will be lost.',
  proceedButtonText: 'Discard changes',
  cancelButtonText: 'Stay here',
};
