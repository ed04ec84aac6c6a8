import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../ui/controls/Button';
import type { LocationMap } from '../mapSurface';
import { useUserPosition } from '../useUserPosition';
import { GpsPositionPanel } from './GpsPositionPanel';
import './location.css';

/** The "my location" tool: follows the device, marks it on the map with its accuracy, and details it. */
export function MyLocationControl({ map, geolocation }: { map: LocationMap; geolocation?: Geolocation }) {
  const [on, setOn] = useState(false);
  const { fix, failure, sendFailed } = useUserPosition(on, geolocation);
  const centred = useRef(false);

  useEffect(() => {
    if (!on || !fix) {
      map.setUserPosition(null);
      return;
    }
    const lonLat: [number, number] = [fix.longitude, fix.latitude];
    map.setUserPosition({ lonLat, accuracyMetres: fix.horizontalAccuracy ?? null });
    // The first fix brings the user into view; later ones must not drag the map from under them.
    if (!centred.current) {
      centred.current = true;
      map.centreOn(lonLat);
    }
  }, [on, fix, map]);

  const toggle = () => {
    centred.current = false;
    setOn((o) => !o);
  };

  return (
    <>
      <Button
        aria-pressed={on}
        variant={on ? 'primary' : 'secondary'}
        onClick={toggle}
        title="Show where I am and keep following my position"
      >
        My location
      </Button>
      {on && (
        <GpsPositionPanel
          fix={fix}
          failure={failure}
          sendFailed={sendFailed}
          format={map.coordinateFormat}
          onCentre={() => fix && map.centreOn([fix.longitude, fix.latitude])}
          onClose={toggle}
        />
      )}
    </>
  );
}
