import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LocationValue } from '@manway/core/api/locations';
import { generalSettings } from '../../../testing/fixtures';
import { FakeServer, type FakeReply } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import type { LocationMap } from '../mapSurface';
import { ObjectLocation } from './ObjectLocation';

const stored: LocationValue = {
  longitude: 8.5,
  latitude: 47.3,
  altitude: null,
  horizontalAccuracy: null,
  source: 'imported-from-gis',
  capturedTime: null,
  gps: null,
  version: null,
};

function fakeMap(): LocationMap {
  return {
    coordinateFormat: 'DegreesMinutesSeconds',
    setUserPosition: vi.fn(),
    setEditedLocation: vi.fn(),
    centreOn: vi.fn(),
    pickPoint: vi.fn(() => Promise.resolve<[number, number]>([8.6, 47.4])),
    cancelPick: vi.fn(),
  };
}

function fakeGeolocation(accuracy: number): Geolocation {
  return {
    getCurrentPosition: (success: PositionCallback) =>
      success({
        timestamp: Date.UTC(2026, 10, 23, 12),
        coords: { latitude: 47.5, longitude: 8.7, accuracy, altitude: null } as GeolocationCoordinates,
      } as GeolocationPosition),
    watchPosition: vi.fn(),
    clearWatch: vi.fn(),
  } as unknown as Geolocation;
}

async function open({
  mode = 'editor' as const,
  accuracy = 3,
  post = { json: { ...stored, version: 1 } } as FakeReply,
  reads = [stored],
  object = { type: 'Node', id: 7 } as { type: string; id: number },
} = {}) {
  const map = fakeMap();
  let read = 0;
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings({ mode }) })
    .on('GET', '/api/locations/Node/7', () => ({ json: reads[Math.min(read++, reads.length - 1)] }))
    .on('POST', '/api/locations/Node/7', post);
  const shell = await renderEdition({
    server,
    home: <ObjectLocation object={object} map={map} geolocation={fakeGeolocation(accuracy)} />,
  });
  await screen.findByTestId('location-coordinates');
  return { ...shell, map, user: userEvent.setup() };
}

const sent = (server: FakeServer) =>
  server.callsTo('POST', '/api/locations/Node/7').map((c) => JSON.parse(String(c.body)) as Record<string, unknown>);

describe('location editor', () => {
  it('views the location in the user’s format', async () => {
    await open();
    expect(screen.getByTestId('location-coordinates')).toHaveTextContent(`47°18'00.00000"N 8°30'00.00000"E`);
    expect(screen.getByText('Imported from GIS')).toBeInTheDocument();
  });

  it(`accepts 47°22'35.5"N 8°32'28.1"E, marks it on the map and confirms it with the version read`, async () => {
    const { user, server, map } = await open();
    await user.click(screen.getByRole('button', { name: 'Edit location' }));
    const field = screen.getByLabelText('Coordinates');
    await user.clear(field);
    await user.type(field, `47°22'35.5"N 8°32'28.1"E`);
    expect(screen.getByTestId('location-reading')).toHaveTextContent(`Reads as 47°22'35.50800"N 8°32'28.10400"E`);
    expect(map.setEditedLocation).toHaveBeenLastCalledWith([8.54114, 47.37653]);

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Location saved');
    expect(sent(server)).toEqual([
      expect.objectContaining({ latitude: 47.37653, longitude: 8.54114, source: 'collected', version: null }),
    ]);
    expect(screen.queryByLabelText('Coordinates')).not.toBeInTheDocument();
  });

  it('shows the saved location from the answer, placed in the details of the object', async () => {
    const details = { type: 'Node', id: 7, readableId: 'N-7', properties: { sizeMm: 600 }, version: 3 };
    const { user, server } = await open({
      object: details,
      post: { json: { ...stored, latitude: 47.37653, longitude: 8.54114, source: 'collected', version: 1 } },
    });
    await user.click(screen.getByRole('button', { name: 'Edit location' }));
    await user.clear(screen.getByLabelText('Coordinates'));
    await user.type(screen.getByLabelText('Coordinates'), '47.37653, 8.54114');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    await screen.findByText('Location saved');
    expect(screen.getByTestId('location-coordinates')).toHaveTextContent(`47°22'35.50800"N 8°32'28.10400"E`);
    expect(screen.getByText('Collected')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/locations/Node/7')).toHaveLength(1);
  });

  it('clear empties the entry and confirm waits for coordinates; cancel goes back to viewing', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Edit location' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('Coordinates')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.type(screen.getByLabelText('Coordinates'), '47°61');
    expect(screen.getByText(/not coordinates in a known format|Minutes are at most 60/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location-coordinates')).toBeInTheDocument();
  });

  it('takes a point picked on the map', async () => {
    const { user, map } = await open();
    await user.click(screen.getByRole('button', { name: 'Edit location' }));
    await user.click(screen.getByRole('button', { name: 'Pick on map' }));
    expect(map.pickPoint).toHaveBeenCalled();
    expect(screen.getByLabelText('Coordinates')).toHaveValue(`47°24'00.00000"N 8°36'00.00000"E`);
  });

  it('asks "Use these coordinates anyway?" when the GPS fix is worse than the threshold', async () => {
    const { user, server } = await open({ accuracy: 40 });
    await user.click(screen.getByRole('button', { name: 'Edit location' }));
    await user.click(screen.getByRole('button', { name: 'Use my position' }));
    const question = await screen.findByRole('alertdialog', { name: 'Use these coordinates anyway?' });
    await user.click(within(question).getByRole('button', { name: 'Discard' }));
    expect(screen.getByLabelText('Coordinates')).toHaveValue(`47°18'00.00000"N 8°30'00.00000"E`);

    await user.click(screen.getByRole('button', { name: 'Use my position' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Use these coordinates anyway?' })).getByRole('button', {
        name: 'Use them',
      }),
    );
    expect(screen.getByLabelText('Coordinates')).toHaveValue(`47°30'00.00000"N 8°42'00.00000"E`);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Location saved');
    expect(sent(server)[0]).toMatchObject({ horizontalAccuracy: 40, capturedTime: '2026-11-23T12:00:00.000Z' });
  });

  it('does not ask when the fix is accurate enough', async () => {
    const { user } = await open({ accuracy: 3 });
    await user.click(screen.getByRole('button', { name: 'Edit location' }));
    await user.click(screen.getByRole('button', { name: 'Use my position' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location-reading')).toHaveTextContent('(± 3 m)');
  });

  it("a location another user changed meanwhile (409) shows the catalogue's 'Another user modified the same item', then their location", async () => {
    const theirs = { ...stored, latitude: 47.5, source: 'collected' as const, version: 2 };
    const { user, server } = await open({
      post: {
        status: 409,
        json: { code: 'concurrency/modified-by-another-user', message: 'Another user modified the same item.' },
      },
      reads: [stored, theirs],
    });
    await user.click(screen.getByRole('button', { name: 'Edit location' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Another user modified the same item');
    expect(alert).toHaveTextContent('Your changes cannot be saved and will be lost.');
    expect(await screen.findByText('Collected')).toBeInTheDocument();
    expect(screen.getByTestId('location-coordinates')).toHaveTextContent(`47°30'00.00000"N`);
    expect(server.callsTo('GET', '/api/locations/Node/7')).toHaveLength(2);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('offers no editing outside edit mode', async () => {
    await open({ mode: 'viewer' as never });
    expect(screen.queryByRole('button', { name: 'Edit location' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show on map' })).toBeInTheDocument();
  });
});
