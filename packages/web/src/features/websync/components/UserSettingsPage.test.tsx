import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SYNC_SETTINGS } from '@manway/core/api/websync';
import { ShellApp } from '../../../shell/app/ShellApp';
import { ACCESS_DENIED_PAGE } from '../../../shell/errors/errorPages';
import { loadGeneralSettings } from '../../../shell/settings/loadSettings';
import { FakeServer } from '../../../testing/fakeServer';
import { createTestShell, generalSettings } from '../../../testing/fixtures';
import { ConsoleSessionProvider } from './ConsoleSession';
import { USERS_CAPTION, UserSettingsPage } from './UserSettingsPage';

const SAM = '00000000-0000-4000-8000-000000000001';
const ADA = '00000000-0000-4000-8000-000000000002';

function fakeServer() {
  return new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', '/api/settings/userByLogin', { json: { userName: 'Sam Syncer', login: 'syncer' } })
    .on('GET', '/api/filter', {
      json: {
        jobs: [{ FilterName: 'Planned', DisplayName: 'Planned (Node)' }],
        subjects: [{ FilterName: 'Old pipes', DisplayName: 'Old pipes (Section)' }],
        projects: [],
      },
    })
    .on('GET', '/api/settings/webSyncUsers', {
      json: [
        { id: SAM, userName: 'Sam Syncer', organization: 'Town works', login: 'syncer' },
        { id: ADA, userName: 'Ada Admin', organization: '', login: 'admin' },
      ],
    })
    .on('GET', '/api/syncUserSettings', (call) => ({
      json: {
        userId: call.url.searchParams.get('userId'),
        ...DEFAULT_SYNC_SETTINGS,
        // A section never saved comes without a model: the page applies the defaults.
        gettingProjectsSettings: null,
        gettingAssetsSettings: {
          AllAssetsExport: false,
          IncludeLateralsForAssetsExport: true,
          AssetsFilterName: 'Old pipes',
        },
      },
    }))
    .on('POST', '/api/syncUserSettings', { status: 204 });
}

async function openPage(server = fakeServer()) {
  const shell = createTestShell({ server, edition: 'web-websync' });
  const router = createMemoryRouter([
    {
      path: '/',
      element: <ConsoleSessionProvider>{() => <UserSettingsPage />}</ConsoleSessionProvider>,
    },
  ]);
  render(<ShellApp store={shell.store} config={shell.config} router={router} />);
  await act(() => shell.store.dispatch(loadGeneralSettings()));
  await screen.findByRole('heading', { level: 1, name: 'User settings' });
  return shell;
}

const section = (name: string) => within(screen.getByRole('group', { name }));
const saves = (server: FakeServer) =>
  server.callsTo('POST', '/api/syncUserSettings').map((c) => JSON.parse(String(c.body)) as Record<string, any>);

describe('user settings page', () => {
  it('lists the sync users with the caption, and keeps every setting disabled until a user is chosen', async () => {
    await openPage();
    const table = await screen.findByRole('table', { name: USERS_CAPTION });
    for (const name of ['Username', 'Organization', 'Login'])
      expect(within(table).getByRole('columnheader', { name })).toBeInTheDocument();
    expect(await within(table).findByText('Town works')).toBeInTheDocument();
    expect(section('When getting assets').getByRole('checkbox', { name: 'All assets' })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(within(table).getByText('Ada Admin'));
    expect(screen.getByRole('heading', { level: 2, name: 'Ada Admin' })).toBeInTheDocument();
    await waitFor(() =>
      expect(section('When getting assets').getByRole('checkbox', { name: 'All assets' })).toBeEnabled(),
    );
  });

  it("shows the spec's defaults for a section without a model", async () => {
    const user = userEvent.setup();
    await openPage();
    await user.click(await screen.findByText('Sam Syncer', { selector: 'td' }));
    await waitFor(() => expect(section('When getting projects').getByLabelText('All projects')).toBeEnabled());
    expect(section('When getting projects').getByLabelText('All projects')).not.toBeChecked();
    const getting = section('When getting tasks from Office to Field');
    for (const name of ['Accept', 'Download images', 'Download video', 'Download fusion files', 'Download attachments'])
      expect(getting.getByRole('checkbox', { name })).toBeChecked();
    expect(getting.getByRole('checkbox', { name: 'Skip if asset missing in the field' })).not.toBeChecked();
    const sending = section('When sending completed tasks from Field to Office');
    expect(sending.getByLabelText('When a Completed or In-Progress task already exists')).toHaveDisplayValue(
      'Skip updating existing office task',
    );
    expect(sending.getByRole('checkbox', { name: 'Skip if task missing in the office' })).toBeChecked();
  });

  it("saves every change at once with the whole settings object, then shows 'Changes saved'", async () => {
    const user = userEvent.setup();
    const { server, store } = await openPage();
    await user.click(await screen.findByText('Sam Syncer', { selector: 'td' }));
    const getting = section('When getting tasks from Office to Field');
    await waitFor(() => expect(getting.getByRole('checkbox', { name: 'Download video' })).toBeEnabled());
    await user.click(getting.getByRole('checkbox', { name: 'Download video' }));
    await user.selectOptions(getting.getByLabelText('Filter'), 'Planned');

    await waitFor(() => expect(saves(server)).toHaveLength(2));
    const [first, second] = saves(server);
    expect(first).toMatchObject({ userId: SAM, gettingTasksSettings: { DownloadVideo: false, FilterName: null } });
    expect(Object.keys(first!).sort()).toEqual([
      'gettingAssetsSettings',
      'gettingProjectsSettings',
      'gettingTasksSettings',
      'sendingCompletedTasksSettings',
      'userId',
    ]);
    expect(first!.gettingProjectsSettings).toEqual(DEFAULT_SYNC_SETTINGS.gettingProjectsSettings);
    expect(second).toMatchObject({ gettingTasksSettings: { DownloadVideo: false, FilterName: 'Planned' } });
    await waitFor(() =>
      expect(store.getState().notifications.items).toContainEqual(
        expect.objectContaining({ type: 'success', title: 'Changes saved', autoHide: true }),
      ),
    );
  });

  it("shows no 'Changes saved' when the save answers a non-empty payload", async () => {
    const server = fakeServer().on('POST', '/api/syncUserSettings', { json: { Message: 'Not applied' } });
    const user = userEvent.setup();
    const { store } = await openPage(server);
    await user.click(await screen.findByText('Sam Syncer', { selector: 'td' }));
    const projects = section('When getting projects');
    await waitFor(() => expect(projects.getByLabelText('All projects')).toBeEnabled());
    await user.click(projects.getByLabelText('All projects'));
    await waitFor(() => expect(saves(server)).toHaveLength(1));
    expect(store.getState().notifications.items.filter((n) => n.title === 'Changes saved')).toHaveLength(0);
  });

  it('All assets disables and clears the assets filter and the include-laterals option', async () => {
    const user = userEvent.setup();
    const { server } = await openPage();
    await user.click(await screen.findByText('Sam Syncer', { selector: 'td' }));
    const assets = section('When getting assets');
    await waitFor(() => expect(assets.getByLabelText('All assets')).toBeEnabled());
    expect(assets.getByLabelText('Filter')).toHaveValue('Old pipes');
    expect(assets.getByLabelText('Include laterals')).toBeChecked();
    // The assets filter is required only while all assets is off (no message is shown).
    expect(assets.getByLabelText('Filter')).toHaveAttribute('aria-required', 'true');

    await user.click(assets.getByLabelText('All assets'));
    expect(assets.getByLabelText('Filter')).not.toHaveAttribute('aria-required');
    expect(assets.getByLabelText('Filter')).toBeDisabled();
    expect(assets.getByLabelText('Filter')).toHaveValue('');
    expect(assets.getByLabelText('Include laterals')).toBeDisabled();
    expect(assets.getByLabelText('Include laterals')).not.toBeChecked();
    await waitFor(() => expect(saves(server)).toHaveLength(1));
    expect(saves(server)[0]!.gettingAssetsSettings).toEqual({
      AllAssetsExport: true,
      AssetsFilterName: null,
      IncludeLateralsForAssetsExport: false,
    });
  });
});

describe('console start-up', () => {
  it('a 403 on the filters shows the access-denied page instead of the console', async () => {
    const server = fakeServer().on('GET', '/api/filter', { status: 403, json: { message: 'No' } });
    const shell = createTestShell({ server, edition: 'web-websync' });
    const router = createMemoryRouter([
      { path: '/', element: <ConsoleSessionProvider>{() => <UserSettingsPage />}</ConsoleSessionProvider> },
    ]);
    render(<ShellApp store={shell.store} config={shell.config} router={router} />);
    await act(() => shell.store.dispatch(loadGeneralSettings()));
    await waitFor(() => expect(shell.store.getState().errorPage.info).toEqual(ACCESS_DENIED_PAGE));
    expect(screen.queryByRole('heading', { level: 1, name: 'User settings' })).not.toBeInTheDocument();
  });
});
