/**
 * Activity tracking (spec section 9: "Activity tracking throttle: 1000 ms") and what it is for:
 * keeping the session of someone who is working alive. The server ends a session after an idle
 * time and extends it only when a call arrives, so a user who spends a long while on one form, or
 * panning over tiles already loaded, would otherwise be sent to sign in while busy. User activity
 * is recorded at most once a second; when it comes after a quiet minute without any call, one
 * small call is made so the server sees the session in use.
 */
import { createAction } from '@reduxjs/toolkit';
import { throttle } from '../../ui/responsive/throttle';
import { requestFetch } from '../request/lifecycle';
import { performRequest } from '../request/request';
import type { AppStartListening } from '../store/types';

export const ACTIVITY_THROTTLE_MS = 1000;

/** The server extends a session at most once a minute, so a call more often would add nothing. */
export const KEEP_ALIVE_AFTER_MS = 60_000;

/** Signed-in, small and allowed in every edition. */
export const KEEP_ALIVE_URL = 'api/applications';

/** The user did something: pointer, keys, wheel, touch or scroll. `at` is epoch milliseconds. */
export const userActivity = createAction<{ at: number }>('activity/user');

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

type EventTargetLike = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** Records user activity at most once per ACTIVITY_THROTTLE_MS; answers the function that stops it. */
export function watchActivity(dispatch: (action: ReturnType<typeof userActivity>) => unknown, target: EventTargetLike) {
  const record = throttle(() => dispatch(userActivity({ at: Date.now() })), ACTIVITY_THROTTLE_MS);
  // Capture, so scrolls inside panels (which do not bubble) count too; passive, so nothing waits on us.
  const options = { capture: true, passive: true };
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, record, options);
  return () => {
    record.cancel();
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, record, options);
  };
}

/** Any call keeps the session alive; activity after a quiet spell makes one. */
export function registerSessionKeepAlive(startListening: AppStartListening): void {
  let lastCallAt = Date.now();

  startListening({
    actionCreator: requestFetch,
    effect: () => {
      lastCallAt = Date.now();
    },
  });

  startListening({
    actionCreator: userActivity,
    effect: (action, { dispatch, extra, getState }) => {
      if (action.payload.at - lastCallAt < KEEP_ALIVE_AFTER_MS) return;
      // Behind an error page there is nothing to keep: it ends in a reload, a redirect or a log-off.
      if (getState().errorPage.errorOccurred) return;
      // A failure here is no news to the user; a 401 still takes them to sign in, as it should.
      performRequest({ url: KEEP_ALIVE_URL, ignoreGlobal: true }, { dispatch, ...extra }).catch(() => {});
    },
  });
}
