import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InstallationGeneral } from '@manway/core/api/installation-settings';
import { RESTART_BUTTON_TEXT } from '../../../shell/errors/ErrorPage';
import { generalSettings } from '../../../testing/fixtures';
import { FakeServer, type RecordedCall } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { GENERAL_CONFLICT_TEXT, GeneralSettingsPage } from './GeneralSettingsPage';
import { RESTART_NOTE_TEXT } from './RestartNote';

const GENERAL: InstallationGeneral = {
  coordinateDisplayFormat: 'DecimalDegrees',
  stillImageFormat: 'jpeg',
  accuracy: { threshold: 5, unit: 'm' },
  licenceWarningDays: 30,
  version: 3,
};
const PATH = '/api/admin/settings/general';

function generalServer(initial: InstallationGeneral = GENERAL) {
  let stored = initial;
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', PATH, () => ({ json: stored }));
  const change = (next: Partial<InstallationGeneral>) => {
    stored = { ...stored, ...next };
  };
  return { server, change };
}

async function open(server: FakeServer) {
  return renderEdition({
    server,
    edition: 'web-settings',
    path: '/general',
    pages: [{ path: 'general', label: 'General', element: <GeneralSettingsPage /> }],
  });
}

const bodyOf = (call: RecordedCall | undefined) => JSON.parse(String(call?.body)) as unknown;
const field = (name: string) => screen.getByRole('textbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name });

describe('the general settings page', () => {
  it('shows the installation defaults as read, with nothing to save', async () => {
    const { server } = generalServer();
    const { store } = await open(server);

    expect(screen.getByRole('heading', { level: 1, name: 'General settings' })).toBeInTheDocument();
    await waitFor(() => expect(select('Coordinate display format')).toHaveValue('DecimalDegrees'));
    expect(select('Still image format')).toHaveValue('jpeg');
    expect(field('Accuracy threshold')).toHaveValue('5');
    expect(select('Unit')).toHaveValue('m');
    expect(field('Licence warning days')).toHaveValue('30');
    // An example of the chosen format helps to choose.
    expect(select('Coordinate display format')).toHaveAccessibleDescription(/52\.09060, 5\.12146/);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(store.getState().unsaved.locks).toEqual([]);
  });

  it('saving sends every value with the version read, holds the unsaved lock until then, and offers a restart', async () => {
    const user = userEvent.setup();
    const { server, change } = generalServer();
    server.on('PUT', PATH, (call) => {
      change({ ...(bodyOf(call) as InstallationGeneral), version: 4 });
      return { json: { ...(bodyOf(call) as InstallationGeneral), version: 4 } };
    });
    const { store, browser } = await open(server);
    await waitFor(() => expect(select('Coordinate display format')).toHaveValue('DecimalDegrees'));

    await user.selectOptions(select('Coordinate display format'), 'Degrees, minutes, seconds');
    await user.selectOptions(select('Still image format'), 'PNG');
    await user.clear(field('Accuracy threshold'));
    await user.type(field('Accuracy threshold'), '2.5');
    await user.selectOptions(select('Unit'), 'Feet');
    await user.clear(field('Licence warning days'));
    await user.type(field('Licence warning days'), '14');
    expect(store.getState().unsaved.locks).toEqual(['installation-settings:general']);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(server.callsTo('PUT', PATH)).toHaveLength(1));
    expect(bodyOf(server.callsTo('PUT', PATH)[0])).toEqual({
      coordinateDisplayFormat: 'DegreesMinutesSeconds',
      stillImageFormat: 'png',
      accuracy: { threshold: 2.5, unit: 'ft' },
      licenceWarningDays: 14,
      version: 3,
    });
    expect(await screen.findByText(RESTART_NOTE_TEXT)).toBeInTheDocument();
    expect(store.getState().unsaved.locks).toEqual([]);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(field('Licence warning days')).toHaveValue('14');

    await user.click(screen.getByRole('button', { name: RESTART_BUTTON_TEXT }));
    expect(browser.reloads).toBe(1);
  });

  it('settings saved meanwhile by another administrator: says so, reads them again and drops the edits', async () => {
    const user = userEvent.setup();
    const { server, change } = generalServer();
    server.on('PUT', PATH, () => {
      change({ licenceWarningDays: 60, version: 4 });
      return { status: 409, json: { code: 'concurrency/modified-by-another-user', message: 'Modified.' } };
    });
    const { store } = await open(server);
    await waitFor(() => expect(field('Licence warning days')).toHaveValue('30'));

    await user.clear(field('Licence warning days'));
    await user.type(field('Licence warning days'), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(GENERAL_CONFLICT_TEXT);
    await waitFor(() => expect(field('Licence warning days')).toHaveValue('60'));
    expect(store.getState().unsaved.locks).toEqual([]);
    expect(screen.queryByText(RESTART_NOTE_TEXT)).not.toBeInTheDocument();
  });

  it("a value the server refuses shows the server's message at its field", async () => {
    const user = userEvent.setup();
    const { server } = generalServer();
    server.on('PUT', PATH, {
      status: 400,
      json: { Message: 'The request is invalid.', ModelState: { 'accuracy.threshold': ['Too coarse for a survey.'] } },
    });
    await open(server);
    await waitFor(() => expect(field('Accuracy threshold')).toHaveValue('5'));

    await user.clear(field('Accuracy threshold'));
    await user.type(field('Accuracy threshold'), '900');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(field('Accuracy threshold')).toHaveAccessibleDescription(/Too coarse for a survey\./));
    // The edits stay for another try.
    expect(field('Accuracy threshold')).toHaveValue('900');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('an empty number is not sent: the field says what it needs', async () => {
    const user = userEvent.setup();
    const { server } = generalServer();
    await open(server);
    await waitFor(() => expect(field('Licence warning days')).toHaveValue('30'));

    await user.clear(field('Licence warning days'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(field('Licence warning days')).toHaveAttribute('aria-invalid', 'true'));
    expect(server.callsTo('PUT', PATH)).toHaveLength(0);
  });
});
