/**
 * Dashboard conflicts come back as 409, which the global failure handling leaves to the caller
 * (spec section 8): the codes worth asking about (another user's commit, a widget title taken) are
 * asked about by the editor; the others are told here with the catalogue's words.
 */
import { useState } from 'react';
import { KNOWN_ERROR_CODES, type KnownErrorCode } from '@manway/core/api/errors';
import { KNOWN_ERROR_MESSAGES } from '../../shell/errors/catalogue';
import { showNotification } from '../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../shell/store/hooks';
import type { AppDispatch } from '../../shell/store/types';

/** The error code a failed call answered, if it answered one. */
export function failureCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return undefined;
  const code = (data as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export function isConflict(error: unknown, code: KnownErrorCode): boolean {
  return (error as { status?: unknown } | null)?.status === 409 && failureCode(error) === code;
}

/** Tells a 409 with a catalogued code (the name taken, say); other failures were told globally. */
export function tellConflict(dispatch: AppDispatch, error: unknown): void {
  if ((error as { status?: unknown } | null)?.status !== 409) return;
  const code = failureCode(error);
  if (!(KNOWN_ERROR_CODES as readonly (string | undefined)[]).includes(code)) return;
  const message = KNOWN_ERROR_MESSAGES[code as KnownErrorCode];
  dispatch(showNotification({ type: 'error', title: message.title, text: message.text }));
}

/**
 * One call at a time from a toolbar: `busy` while it runs (its buttons wait), and a 409 with a
 * catalogued code told when it fails; the other failures were told by the global handling.
 */
export function useBusyRun(): { busy: boolean; run(action: () => Promise<void>): Promise<void> } {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      tellConflict(dispatch, error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
