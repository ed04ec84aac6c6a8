/**
 * The page's seat (main-app sections 7 "Seats" and 8 "Licence"). A page of the Office, Inspect or
 * WebSync takes one of its application's seats once its settings are in, keeps it while someone
 * works on it, and gives it back when it goes away. Without the last step a closed tab would hold
 * its seat until the server's idle time frees it (SEAT_IDLE_MINUTES), keeping a colleague out.
 */
import { createAction } from '@reduxjs/toolkit';
import { SEAT_RENEW_AFTER_MS, takesSeat } from '@manway/core/api/licensing';
import { APPLICATION_EDITION_HEADER, SESSION_ID_HEADER } from '@manway/core/editions';
import { userActivity } from '../activity/activity';
import { applicationName } from '../config';
import { showErrorPage } from '../errors/errorPageSlice';
import { licensingCodeOf, licensingPage } from '../errors/errorPages';
import { buildUrl, isRequestError, performRequest } from '../request/request';
import { settingsReceived } from '../settings/settingsSlice';
import type { ShellExtra } from '../store/extra';
import type { AppDispatch, AppStartListening } from '../store/types';
import type { RootState } from '../store/rootReducer';

/** POST takes the page's seat (or renews the one it holds); DELETE gives it back. */
export const SEATS_URL = 'api/seats';

/** The page is going away, or into the back/forward cache (pagehide). */
export const pageHidden = createAction('seats/pageHidden');
/** The page came back from the back/forward cache (pageshow, persisted). */
export const pageRestored = createAction('seats/pageRestored');

type EventTargetLike = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/**
 * Tells the store when the page is hidden and restored; answers the function that stops it.
 * pagehide rather than unload or beforeunload: it fires on mobile too, and keeps the page eligible
 * for the back/forward cache.
 */
export function watchPageLifecycle(
  dispatch: (action: ReturnType<typeof pageHidden | typeof pageRestored>) => unknown,
  target: EventTargetLike,
): () => void {
  const hidden = () => dispatch(pageHidden());
  const shown = (event: Event) => {
    if ((event as PageTransitionEvent).persisted) dispatch(pageRestored());
  };
  target.addEventListener('pagehide', hidden);
  target.addEventListener('pageshow', shown);
  return () => {
    target.removeEventListener('pagehide', hidden);
    target.removeEventListener('pageshow', shown);
  };
}

/**
 * Gives the seat back from a page that is going away. A plain fetch with keepalive, not the request
 * layer: nothing is left to hear the answer, and sendBeacon can send neither DELETE nor headers,
 * which the server needs to find the page's seat (with the session cookie).
 */
function releaseSeat({ config, sessionId, fetch }: ShellExtra): void {
  fetch(buildUrl(config.apiBaseUrl, SEATS_URL), {
    method: 'DELETE',
    keepalive: true,
    credentials: 'same-origin',
    headers: { [APPLICATION_EDITION_HEADER]: config.edition, [SESSION_ID_HEADER]: sessionId },
  }).catch(() => {
    // The page is gone; the server's idle time frees the seat instead.
  });
}

interface SeatListenerApi {
  dispatch: AppDispatch;
  getState: () => RootState;
  extra: ShellExtra;
}

/**
 * Takes the seat (the same call renews it). No seat left, or no licence for it, is the licensing
 * code's page: the page cannot be used. Any other failure is left alone: a 401 already leads to sign
 * in, and a page whose seat call failed on the way tries again on the next renewal.
 */
async function takeSeat({ dispatch, getState, extra }: SeatListenerApi): Promise<void> {
  try {
    await performRequest({ url: SEATS_URL, method: 'POST', ignoreGlobal: true }, { dispatch, ...extra });
  } catch (error) {
    if (!isRequestError(error) || error.status !== 400) return;
    const code = licensingCodeOf(error.data);
    if (!code || getState().errorPage.errorOccurred) return;
    dispatch(showErrorPage(licensingPage(code, applicationName(extra.config.edition))));
  }
}

/**
 * Registered before the session keep-alive: a renewal is a call, so activity that renews the seat
 * needs no keep-alive call besides.
 */
export function registerSeatLifecycle(startListening: AppStartListening): void {
  /** none: not asked for yet (settings not in, or an edition without seats); held: asked for; released: given back. */
  let seat: 'none' | 'held' | 'released' = 'none';
  let lastSeatCallAt = 0;

  const take = (api: SeatListenerApi) => {
    seat = 'held';
    lastSeatCallAt = Date.now();
    void takeSeat(api);
  };

  startListening({
    actionCreator: settingsReceived,
    effect: (_action, api) => {
      // The settings are received again when the map's choices change; the seat is taken once.
      if (seat !== 'none' || !takesSeat(api.extra.config.edition)) return;
      take(api);
    },
  });

  startListening({
    actionCreator: userActivity,
    effect: (action, api) => {
      if (seat === 'none' || api.getState().errorPage.errorOccurred) return;
      // A seat given back is taken again at once: the page is in use after all.
      if (seat === 'held' && action.payload.at - lastSeatCallAt < SEAT_RENEW_AFTER_MS) return;
      take(api);
    },
  });

  startListening({
    actionCreator: pageRestored,
    effect: (_action, api) => {
      if (seat !== 'released' || api.getState().errorPage.errorOccurred) return;
      take(api);
    },
  });

  startListening({
    actionCreator: pageHidden,
    // Synchronous on purpose: the listener runs inside the pagehide handler, the last moment to send.
    effect: (_action, { extra }) => {
      if (seat !== 'held') return;
      seat = 'released';
      releaseSeat(extra);
    },
  });
}
