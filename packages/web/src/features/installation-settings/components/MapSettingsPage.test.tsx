import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InstallationMap } from '@manway/core/api/installation-settings';
import { RESTART_BUTTON_TEXT } from '../../../shell/errors/ErrorPage';
import { generalSettings } from '../../../testing/fixtures';
import { FakeServer, type RecordedCall } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { MAP_CONFLICT_TEXT, MapSettingsPage } from './MapSettingsPage';
import { RESTART_NOTE_TEXT } from './RestartNote';

const MAP: InstallationMap = {
  basemaps: [
    { id: 'none', name: 'No basemap', kind: 'none' },
    {
      id: 'osm',
      name: 'OpenStreetMap',
      kind: 'xyz',
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    },
  ],
  defaultBasemapId: 'none',
  initialExtent: null,
  version: 2,
  networkExtent: [5.05, 51.95, 5.25, 52.15],
};
const PATH = '/api/admin/settings/map';

function mapServer(initial: InstallationMap = MAP) {
  let stored = initial;
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', PATH, () => ({ json: stored }));
  const change = (next: Partial<InstallationMap>) => {
    stored = { ...stored, ...next };
  };
  return { server, change };
}

async function open(server: FakeServer) {
  const shell = await renderEdition({
    server,
    edition: 'web-settings',
    path: '/map',
    pages: [{ path: 'map', label: 'Map', element: <MapSettingsPage /> }],
  });
  await screen.findByRole('list', { name: 'Basemaps' });
  return shell;
}

const bodyOf = (call: RecordedCall | undefined) => JSON.parse(String(call?.body)) as Record<string, unknown>;
const basemap = (name: string) => screen.getByRole('listitem', { name });

describe('the map settings page', () => {
  it('lists the basemaps with the offline one first and the default chosen; the map opens on the whole network', async () => {
    const { server } = mapServer();
    const { store } = await open(server);

    const items = within(screen.getByRole('list', { name: 'Basemaps' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('No basemap'),
      expect.stringContaining('OpenStreetMap'),
    ]);
    expect(screen.getByRole('radio', { name: 'Default basemap: No basemap' })).toBeChecked();
    // The offline choice can be neither edited nor removed.
    expect(within(basemap('No basemap')).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /The whole network/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(store.getState().unsaved.locks).toEqual([]);
  });

  it('adds a WMS basemap, makes it the default, sets the start extent from the network and saves it all with the version', async () => {
    const user = userEvent.setup();
    const { server, change } = mapServer();
    server.on('PUT', PATH, (call) => {
      const sent = bodyOf(call) as unknown as InstallationMap;
      change({ ...sent, version: 3 });
      return { json: { ...sent, version: 3, networkExtent: MAP.networkExtent } };
    });
    const { store, browser } = await open(server);

    await user.click(screen.getByRole('button', { name: 'Add WMS' }));
    const added = basemap('New basemap');
    await user.type(within(added).getByRole('textbox', { name: 'Name' }), 'Orthophoto');
    await user.type(within(added).getByRole('textbox', { name: 'Service address' }), 'https://wms.example.org/wms');
    await user.type(within(added).getByRole('textbox', { name: 'Layers' }), 'ortho_2024');
    await user.selectOptions(within(added).getByRole('combobox', { name: 'Image format' }), 'JPEG');
    await user.type(within(added).getByRole('textbox', { name: 'Attribution' }), '© Example Survey');
    await user.click(screen.getByRole('radio', { name: 'Default basemap: Orthophoto' }));
    await user.click(screen.getByRole('radio', { name: /This extent/ }));
    await user.click(screen.getByRole('button', { name: "Use the network's extent" }));
    await user.clear(screen.getByRole('textbox', { name: 'North' }));
    await user.type(screen.getByRole('textbox', { name: 'North' }), '52.2');
    expect(store.getState().unsaved.locks).toEqual(['installation-settings:map']);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(server.callsTo('PUT', PATH)).toHaveLength(1));
    expect(bodyOf(server.callsTo('PUT', PATH)[0])).toEqual({
      basemaps: [
        ...MAP.basemaps,
        {
          id: 'wms-1',
          name: 'Orthophoto',
          kind: 'wms',
          url: 'https://wms.example.org/wms',
          layer: 'ortho_2024',
          format: 'image/jpeg',
          attribution: '© Example Survey',
        },
      ],
      defaultBasemapId: 'wms-1',
      initialExtent: [5.05, 51.95, 5.25, 52.2],
      version: 2,
    });
    expect(await screen.findByText(RESTART_NOTE_TEXT)).toBeInTheDocument();
    expect(store.getState().unsaved.locks).toEqual([]);
    await user.click(screen.getByRole('button', { name: RESTART_BUTTON_TEXT }));
    expect(browser.reloads).toBe(1);
  });

  it('a basemap that cannot be drawn is not sent: it opens with the problem at its field', async () => {
    const user = userEvent.setup();
    const { server } = mapServer();
    await open(server);

    await user.click(screen.getByRole('button', { name: 'Add XYZ tiles' }));
    const added = basemap('New basemap');
    await user.type(within(added).getByRole('textbox', { name: 'Name' }), 'Tiles');
    await user.type(within(added).getByRole('textbox', { name: 'Tile address' }), 'https://tiles.example.org/tile.png');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(within(basemap('Tiles')).getByRole('textbox', { name: 'Tile address' })).toHaveAccessibleDescription(
      /The address needs \{z\}, \{x\} and \{y\}/,
    );
    expect(server.callsTo('PUT', PATH)).toHaveLength(0);
  });

  it("the server's 400 shows at the basemap and field it names, opening that basemap", async () => {
    const user = userEvent.setup();
    const { server } = mapServer();
    server.on('PUT', PATH, {
      status: 400,
      json: { Message: 'The request is invalid.', ModelState: { 'basemaps.1.url': ['That server does not answer.'] } },
    });
    await open(server);

    await user.click(within(basemap('OpenStreetMap')).getByRole('button', { name: 'Edit OpenStreetMap' }));
    const osm = basemap('OpenStreetMap');
    await user.clear(within(osm).getByRole('textbox', { name: 'Attribution' }));
    await user.click(within(osm).getByRole('button', { name: 'Close OpenStreetMap' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(
        within(basemap('OpenStreetMap')).getByRole('textbox', { name: 'Tile address' }),
      ).toHaveAccessibleDescription(/That server does not answer\./),
    );
    expect(bodyOf(server.callsTo('PUT', PATH)[0]).basemaps).toEqual([
      MAP.basemaps[0],
      { ...MAP.basemaps[1], attribution: undefined },
    ]);
  });

  it('settings saved meanwhile by another administrator: says so and reads them again', async () => {
    const user = userEvent.setup();
    const { server, change } = mapServer();
    server.on('PUT', PATH, () => {
      change({ defaultBasemapId: 'osm', version: 3 });
      return { status: 409, json: { code: 'concurrency/modified-by-another-user' } };
    });
    const { store } = await open(server);

    await user.click(within(basemap('OpenStreetMap')).getByRole('button', { name: 'Remove OpenStreetMap' }));
    expect(screen.queryByRole('listitem', { name: 'OpenStreetMap' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MAP_CONFLICT_TEXT);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Default basemap: OpenStreetMap' })).toBeChecked());
    expect(bodyOf(server.callsTo('PUT', PATH)[0])).toMatchObject({ version: 2, basemaps: [MAP.basemaps[0]] });
    expect(store.getState().unsaved.locks).toEqual([]);
  });

  it('a start extent inside out is not sent', async () => {
    const user = userEvent.setup();
    const { server } = mapServer();
    await open(server);

    await user.click(screen.getByRole('radio', { name: /This extent/ }));
    await user.clear(screen.getByRole('textbox', { name: 'West' }));
    await user.type(screen.getByRole('textbox', { name: 'West' }), '6');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('West must be less than east');
    expect(server.callsTo('PUT', PATH)).toHaveLength(0);
  });
});
