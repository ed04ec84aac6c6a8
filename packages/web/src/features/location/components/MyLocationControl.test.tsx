import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { generalSettings } from '../../../testing/fixtures';
import { FakeServer } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import type { LocationMap } from '../mapSurface';
import { FAILURE_TEXTS } from '../positionFix';
import { MyLocationControl } from './MyLocationControl';

/** A device whose fixes and refusals the test hands out. */
class FakeGeolocation {
  success: PositionCallback | null = null;
  failure: PositionErrorCallback | null = null;
  readonly clearWatch = vi.fn();
  readonly getCurrentPosition = vi.fn();
  watchPosition = (success: PositionCallback, failure?: PositionErrorCallback | null) => {
    this.success = success;
    this.failure = failure ?? null;
    return 1;
  };
  move(latitude: number, longitude: number, accuracy: number) {
    act(() =>
      this.success?.({
        timestamp: Date.UTC(2026, 10, 23, 12),
        coords: { latitude, longitude, accuracy, altitude: null } as GeolocationCoordinates,
      } as GeolocationPosition),
    );
  }
  refuse() {
    act(() => this.failure?.({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as never));
  }
}

async function open(isGuest = false) {
  const map: LocationMap = {
    coordinateFormat: 'DecimalDegrees',
    setUserPosition: vi.fn(),
    setEditedLocation: vi.fn(),
    centreOn: vi.fn(),
    pickPoint: vi.fn(),
    cancelPick: vi.fn(),
  };
  const geolocation = new FakeGeolocation();
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings({ isGuest }) })
    .on('POST', '/api/user-locations', { status: 201, json: { id: 1, receivedAt: '2026-11-23T12:00:00.000Z' } });
  const shell = await renderEdition({
    server,
    home: <MyLocationControl map={map} geolocation={geolocation as unknown as Geolocation} />,
  });
  return { ...shell, map, geolocation, user: userEvent.setup() };
}

describe('my location', () => {
  it('marks the position with its accuracy, centres on the first fix and sends it to the server', async () => {
    const { user, map, geolocation, server } = await open();
    await user.click(screen.getByRole('button', { name: 'My location' }));
    expect(screen.getByRole('status')).toHaveTextContent('Finding your position…');

    geolocation.move(47.37653, 8.54114, 12);
    expect(map.setUserPosition).toHaveBeenLastCalledWith({ lonLat: [8.54114, 47.37653], accuracyMetres: 12 });
    expect(map.centreOn).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('gps-position')).toHaveTextContent('Latitude47.37653Longitude8.54114Accuracy± 12.0 m');
    await vi.waitFor(() => expect(server.callsTo('POST', '/api/user-locations')).toHaveLength(1));
    expect(JSON.parse(String(server.callsTo('POST', '/api/user-locations')[0]!.body))).toMatchObject({
      latitude: 47.37653,
      longitude: 8.54114,
      horizontalAccuracy: 12,
      capturedTime: '2026-11-23T12:00:00.000Z',
    });

    // Later fixes move the mark, not the map, and are sent at most every interval.
    geolocation.move(47.3766, 8.5412, 8);
    expect(map.centreOn).toHaveBeenCalledTimes(1);
    expect(server.callsTo('POST', '/api/user-locations')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'All details' }));
    expect(screen.getByText('HDOP')).toBeInTheDocument();
    expect(screen.getByText('3D fix')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'My location' }));
    expect(geolocation.clearWatch).toHaveBeenCalledWith(1);
    expect(map.setUserPosition).toHaveBeenLastCalledWith(null);
    expect(screen.queryByTestId('gps-position')).not.toBeInTheDocument();
  });

  it('says so gracefully when the permission is denied', async () => {
    const { user, geolocation } = await open();
    await user.click(screen.getByRole('button', { name: 'My location' }));
    geolocation.refuse();
    expect(screen.getByRole('alert')).toHaveTextContent(FAILURE_TEXTS.denied);
  });

  it('keeps a guest’s position off the server', async () => {
    const { user, geolocation, server, map } = await open(true);
    await user.click(screen.getByRole('button', { name: 'My location' }));
    geolocation.move(47.37653, 8.54114, 12);
    expect(map.setUserPosition).toHaveBeenCalled();
    expect(server.callsTo('POST', '/api/user-locations')).toHaveLength(0);
  });
});
