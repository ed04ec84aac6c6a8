import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '@manway/core/api/settings';
import { generalSettings } from '../../../testing/fixtures';
import { FakeServer, type RecordedCall } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { InspectionProfileSection, profileToSave } from './InspectionProfileSection';

const STANDARDS = [
  { id: 'crew-b', name: 'Crew standard B', version: '2' },
  { id: 'manway-demo', name: 'Manway Demo Standard (invented)', version: '1.0' },
];

const STORED: UserSettings = {
  ...DEFAULT_USER_SETTINGS,
  basemapId: 'osm',
  visibleLayers: ['Node'],
  inspectionProfile: { standardId: 'manway-demo', camera: 'Crawler CX-2', direction: null },
};

const bodyOf = (call: RecordedCall | undefined): unknown => JSON.parse(String(call?.body));

async function open({ guest = false, save = { json: STORED } as { status?: number; json: unknown } } = {}) {
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings({ isGuest: guest }) })
    .on('GET', '/api/settings/user', { json: STORED })
    .on('GET', '/api/settings/standards', { json: STANDARDS })
    .on('PUT', '/api/settings/user', (call) => (save.status ? save : { json: bodyOf(call) }));
  const shell = await renderEdition({ server, home: <InspectionProfileSection /> });
  return { server, shell, user: userEvent.setup() };
}

describe('the inspection profile', () => {
  it('shows the stored standard, camera and direction', async () => {
    await open();
    expect(await screen.findByLabelText('Standard')).toHaveValue('manway-demo');
    expect(screen.getByLabelText('Camera')).toHaveValue('Crawler CX-2');
    expect(screen.getByLabelText('Direction')).toHaveValue('');
    const options = within(screen.getByLabelText('Standard')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '—',
      'Crew standard B (2)',
      'Manway Demo Standard (invented) (1.0)',
    ]);
  });

  it("Save sends the whole settings with the profile chosen, the map's choices untouched, and says it saved", async () => {
    const { server, user } = await open();
    await user.selectOptions(await screen.findByLabelText('Standard'), 'crew-b');
    await user.clear(screen.getByLabelText('Camera'));
    await user.type(screen.getByLabelText('Camera'), '  Pan-tilt P1 ');
    await user.selectOptions(screen.getByLabelText('Direction'), 'upstream');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Inspection profile saved')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('PUT', '/api/settings/user')[0])).toEqual({
      ...STORED,
      inspectionProfile: { standardId: 'crew-b', camera: 'Pan-tilt P1', direction: 'upstream' },
    });
    expect(screen.getByLabelText('Camera')).toHaveValue('Pan-tilt P1');
  });

  it('emptying a field sends none: the server then applies its own default', async () => {
    const { server, user } = await open();
    await user.selectOptions(await screen.findByLabelText('Standard'), '');
    await user.clear(screen.getByLabelText('Camera'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Inspection profile saved');
    expect(bodyOf(server.callsTo('PUT', '/api/settings/user')[0])).toMatchObject({
      inspectionProfile: { standardId: null, camera: null, direction: null },
    });
  });

  it('a refused save shows no success and keeps what was typed', async () => {
    const { server, user } = await open({
      save: {
        status: 400,
        json: {
          Message: 'The request is invalid.',
          ModelState: { 'inspectionProfile.standardId': ['No such standard.'] },
        },
      },
    });
    await user.selectOptions(await screen.findByLabelText('Direction'), 'upstream');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => server.callsTo('PUT', '/api/settings/user').length).toBe(1);
    expect(screen.queryByText('Inspection profile saved')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Direction')).toHaveValue('upstream');
  });

  it('a guest cannot save a profile', async () => {
    const { server } = await open({ guest: true });
    expect(await screen.findByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText('Guests cannot save a profile.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/settings/user')).toHaveLength(0);
  });

  it('changes not yet saved hold the unsaved-changes lock until saved', async () => {
    const { shell, user } = await open();
    await user.selectOptions(await screen.findByLabelText('Direction'), 'downstream');
    expect(shell.store.getState().unsaved.locks).toEqual(['inspection-profile']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Inspection profile saved');
    expect(shell.store.getState().unsaved.locks).toEqual([]);
  });
});

describe('what a profile stores', () => {
  it('a camera without the spaces typed around it, and a blank one as none', () => {
    const profile = { standardId: null, camera: '  CX-2 ', direction: null };
    expect(profileToSave(profile).camera).toBe('CX-2');
    expect(profileToSave({ ...profile, camera: '   ' }).camera).toBeNull();
  });
});
