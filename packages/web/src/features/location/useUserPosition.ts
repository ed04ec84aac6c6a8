/**
 * Follows the device's position while switched on (watchPosition), and sends it to the server at
 * most every USER_LOCATION_SEND_INTERVAL_MS, always including the first and the latest fix.
 */
import { useEffect, useState } from 'react';
import type { UserLocationFix } from '@manway/core/api/locations';
import { useAppSelector } from '../../shell/store/hooks';
import { throttle } from '../../ui/responsive/throttle';
import { useSendUserLocationMutation } from './api/userLocations';
import { failureOf, fixFromPosition, type GeolocationFailure } from './positionFix';

/** Often enough to follow a walking inspector, seldom enough not to flood the server. */
export const USER_LOCATION_SEND_INTERVAL_MS = 15_000;

export interface UserPositionState {
  fix: UserLocationFix | null;
  failure: GeolocationFailure | null;
  /** The last sending failed; the next fix tries again. */
  sendFailed: boolean;
}

const IDLE: UserPositionState = { fix: null, failure: null, sendFailed: false };

export function useUserPosition(on: boolean, geolocation: Geolocation | undefined = navigator.geolocation) {
  const [sendUserLocation] = useSendUserLocationMutation();
  // Guests keep no trail on the server (it refuses them), but still see where they are.
  const isGuest = useAppSelector((state) => state.settings.data?.isGuest ?? true);
  const [state, setState] = useState<UserPositionState>(IDLE);

  useEffect(() => {
    if (!on || !geolocation) return;
    const send = throttle((fix: UserLocationFix) => {
      sendUserLocation(fix)
        .unwrap()
        .then(
          () => setState((s) => ({ ...s, sendFailed: false })),
          () => setState((s) => ({ ...s, sendFailed: true })),
        );
    }, USER_LOCATION_SEND_INTERVAL_MS);
    const watchId = geolocation.watchPosition(
      (position) => {
        const fix = fixFromPosition(position);
        setState((s) => ({ ...s, fix, failure: null }));
        if (!isGuest) send(fix);
      },
      (error) => setState((s) => ({ ...s, failure: failureOf(error) })),
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
    );
    return () => {
      geolocation.clearWatch(watchId);
      send.cancel();
      setState(IDLE);
    };
  }, [on, geolocation, sendUserLocation, isGuest]);

  if (!on) return IDLE;
  if (!geolocation) return { ...IDLE, failure: 'unsupported' as const };
  return state;
}
