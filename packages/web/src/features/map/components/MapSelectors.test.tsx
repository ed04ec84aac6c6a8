import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS, type MapSettings, type UserSettings } from '@manway/core/api/settings';
import { generalSettings } from '../../../testing/fixtures';
import { FakeServer, type RecordedCall } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { MapSelectors } from './MapSelectors';

const MAP: MapSettings = {
  basemaps: [
    { id: 'none', name: 'No basemap', kind: 'none' },
    { id: 'osm', name: 'OpenStreetMap', kind: 'xyz', url: 'https://tile.example/{z}/{x}/{y}.png' },
  ],
  defaultBasemapId: 'none',
  initialExtent: [-1, -1, 1, 1],
};

const PROFILE = { standardId: 'manway-demo', camera: 'Crawler CX-2', direction: 'upstream' } as const;

const bodyOf = (call: RecordedCall | undefined): unknown => JSON.parse(String(call?.body));

async function open(stored: UserSettings, { guest = false } = {}) {
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings({ isGuest: guest }) })
    .on('GET', '/api/settings/map', { json: MAP })
    .on('GET', '/api/settings/user', { json: stored })
    .on('PUT', '/api/settings/user', (call) => ({ json: bodyOf(call) }));
  await renderEdition({ server, home: <MapSelectors /> });
  return { server, user: userEvent.setup() };
}

describe('the map selectors', () => {
  it('a user who never chose sees every layer on and the default basemap', async () => {
    await open(DEFAULT_USER_SETTINGS);
    for (const layer of ['Manholes and nodes', 'Pipe sections', 'Laterals'])
      expect(await screen.findByRole('checkbox', { name: layer })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'No basemap' })).toBeChecked();
  });

  it('show the layers and basemap stored', async () => {
    await open({ ...DEFAULT_USER_SETTINGS, basemapId: 'osm', visibleLayers: ['Section'] });
    expect(await screen.findByRole('checkbox', { name: 'Pipe sections' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Manholes and nodes' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'OpenStreetMap' })).toBeChecked();
  });

  it('hiding a layer saves at once what the map reads, the inspection profile kept, and says so', async () => {
    const { server, user } = await open({ ...DEFAULT_USER_SETTINGS, inspectionProfile: PROFILE });
    await user.click(await screen.findByRole('checkbox', { name: 'Laterals' }));
    expect(bodyOf(server.callsTo('PUT', '/api/settings/user')[0])).toEqual({
      ...DEFAULT_USER_SETTINGS,
      basemapId: 'none',
      visibleLayers: ['Node', 'Section'],
      inspectionProfile: PROFILE,
    });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('choosing a basemap saves it with the layers on', async () => {
    const { server, user } = await open({ ...DEFAULT_USER_SETTINGS, basemapId: 'none', visibleLayers: ['Node'] });
    await user.click(await screen.findByRole('radio', { name: 'OpenStreetMap' }));
    expect(bodyOf(server.callsTo('PUT', '/api/settings/user')[0])).toMatchObject({
      basemapId: 'osm',
      visibleLayers: ['Node'],
    });
  });

  it("a guest's choices are not saved, and the page says so", async () => {
    const { server, user } = await open(DEFAULT_USER_SETTINGS, { guest: true });
    await user.click(await screen.findByRole('checkbox', { name: 'Manholes and nodes' }));
    expect(screen.getByRole('checkbox', { name: 'Manholes and nodes' })).not.toBeChecked();
    expect(server.callsTo('PUT', '/api/settings/user')).toHaveLength(0);
    expect(screen.getByTestId('map-selectors-status')).toHaveTextContent(/Guests’ choices are not kept/);
  });
});
