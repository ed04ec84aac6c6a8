import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SYNC_SETTINGS, type SaveScheduledTask } from '@manway/core/api/websync';
import { schedulesApi } from '../../features/websync/api/schedules';
import { syncUsersApi } from '../../features/websync/api/syncUsers';
import { tasksApi } from '../../features/websync/api/tasks';
import { userSettingsApi } from '../../features/websync/api/userSettings';
import { ShellApp } from '../../shell/app/ShellApp';
import { FATAL_ERROR_PAGE } from '../../shell/errors/errorPages';
import { loadGeneralSettings } from '../../shell/settings/loadSettings';
import type { AppDispatch } from '../../shell/store/types';
import { FakeServer } from '../../testing/fakeServer';
import { createTestShell, generalSettings } from '../../testing/fixtures';
import { websyncRoutes } from './websyncRoutes';

const USER = '00000000-0000-4000-8000-000000000001';
/** The console's page takes a WebSync seat once its settings are in. */
const SEAT = { token: USER, application: 'web-websync', editing: false, since: '2025-03-01T08:00:00Z' };

function consoleServer() {
  return new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('POST', '/api/seats', { json: SEAT })
    .on('GET', '/api/settings/userByLogin', { json: { userName: 'Sam Syncer', login: 'syncer' } })
    .on('GET', '/api/filter', { json: { jobs: [], subjects: [], projects: [] } })
    .on('GET', '/api/syncAgentScheduler/getNames', { json: [] })
    .on('GET', '/api/settings/webSyncUsers', { json: [] });
}

async function openConsole(server: FakeServer, path = '/Home/Log') {
  const shell = createTestShell({ server, edition: 'web-websync' });
  const router = createMemoryRouter(websyncRoutes(), { initialEntries: [path] });
  render(<ShellApp store={shell.store} config={shell.config} router={router} />);
  await act(() => shell.store.dispatch(loadGeneralSettings()));
  return shell;
}

const failures = (shell: ReturnType<typeof createTestShell>) =>
  shell.store.getState().requests.actions.filter((a) => a.stage === 'failure');

describe('websync console error handling', () => {
  const { endpoints: schedules } = schedulesApi;
  const { endpoints: tasks } = tasksApi;
  const { endpoints: settings } = userSettingsApi;
  const calls: [string, string, string, (dispatch: AppDispatch) => Promise<unknown>][] = [
    [
      'schedule list ids',
      'GET',
      '/api/syncAgentScheduler/getIdsByQuery',
      (d) => d(schedules.scheduleIds.initiate({ Path: 'NextStartTime', SortDirection: 'Asc' } as never)).unwrap(),
    ],
    [
      'schedule list rows',
      'GET',
      '/api/syncAgentScheduler/getTaskInfoByIds',
      (d) => d(schedules.schedulesByIds.initiate([1])).unwrap(),
    ],
    [
      'schedule names',
      'GET',
      '/api/syncAgentScheduler/getNames',
      (d) => d(schedules.scheduleNames.initiate(undefined)).unwrap(),
    ],
    [
      'schedule edit',
      'GET',
      '/api/syncAgentScheduler/getTaskById',
      (d) => d(schedules.scheduleById.initiate(1)).unwrap(),
    ],
    [
      'schedule save',
      'POST',
      '/api/syncAgentScheduler/saveTask',
      (d) => d(schedules.saveSchedule.initiate({} as SaveScheduledTask)).unwrap(),
    ],
    ['schedule delete', 'DELETE', '/api/syncAgentScheduler', (d) => d(schedules.deleteSchedule.initiate(1)).unwrap()],
    ['log list ids', 'GET', '/api/syncAgentTask/getIds', (d) => d(tasks.syncTaskIds.initiate({})).unwrap()],
    ['log list rows', 'GET', '/api/syncAgentTask/getByIds', (d) => d(tasks.syncTasksByIds.initiate([1])).unwrap()],
    ['log delete', 'PUT', '/api/syncAgentTask/deleteTasks', (d) => d(tasks.deleteSyncTasks.initiate([1])).unwrap()],
    ['users list', 'GET', '/api/settings/webSyncUsers', (d) => d(syncUsersApi.endpoints.syncUsers.initiate()).unwrap()],
    ['user settings', 'GET', '/api/syncUserSettings', (d) => d(settings.syncUserSettings.initiate(USER)).unwrap()],
    [
      'user settings save',
      'POST',
      '/api/syncUserSettings',
      (d) => d(settings.saveSyncUserSettings.initiate({ userId: USER, ...DEFAULT_SYNC_SETTINGS })).unwrap(),
    ],
  ];

  it.each(calls)(
    'failures of the list, name, edit, save, delete and settings requests are only recorded in the request state (%s)',
    async (_name, method, path, call) => {
      const server = new FakeServer().on(method, path, { status: 500, json: { message: 'Broken' } });
      const shell = createTestShell({ server, edition: 'web-websync' });

      await expect(call(shell.store.dispatch)).rejects.toMatchObject({ status: 500 });

      expect(shell.store.getState().notifications.items).toEqual([]);
      expect(failures(shell)).toEqual([
        expect.objectContaining({
          method,
          url: expect.stringContaining(path),
          status: 500,
          error: expect.objectContaining({ data: { message: 'Broken' } }),
        }),
      ]);
    },
  );

  it('no user-facing message is shown when the log list fails', async () => {
    const server = consoleServer().on('GET', '/api/syncAgentTask/getIds', { status: 500 });
    const shell = await openConsole(server);

    await screen.findByRole('heading', { level: 1, name: 'WebSync Log' });
    await waitFor(() =>
      expect(failures(shell)).toEqual([
        expect.objectContaining({ url: expect.stringContaining('/api/syncAgentTask/getIds'), status: 500 }),
      ]),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(shell.store.getState().notifications.items).toEqual([]);
  });

  it('any unexpected failure during startup: fatal error page', async () => {
    const server = consoleServer().on('GET', '/api/filter', { status: 500 });
    const shell = await openConsole(server);

    await waitFor(() => expect(shell.store.getState().errorPage.info).toEqual(FATAL_ERROR_PAGE));
    expect(screen.getByRole('heading', { name: 'Application crashed' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'WebSync Log' })).not.toBeInTheDocument();
  });
});
