import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SYNC_SETTINGS, type SaveScheduledTask } from '@manway/core/api/websync';
import {
  deleteSchedule,
  deleteTasks,
  getScheduleById,
  getScheduleIds,
  getScheduleNames,
  getSchedulesByIds,
  getSyncUserSettings,
  getSyncUsers,
  getTaskIds,
  getTasksByIds,
  saveSchedule,
  saveSyncUserSettings,
} from '../../features/websync/api/websyncApi';
import { ShellApp } from '../../shell/app/ShellApp';
import { FATAL_ERROR_PAGE } from '../../shell/errors/errorPages';
import { loadGeneralSettings } from '../../shell/settings/loadSettings';
import type { AppThunk } from '../../shell/store/types';
import { FakeServer } from '../../testing/fakeServer';
import { createTestShell, generalSettings } from '../../testing/fixtures';
import { websyncRoutes } from './websyncRoutes';

const USER = '00000000-0000-4000-8000-000000000001';

function consoleServer() {
  return new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
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
  const calls: [string, string, string, () => AppThunk<Promise<unknown>>][] = [
    [
      'schedule list ids',
      'GET',
      '/api/syncAgentScheduler/getIdsByQuery',
      () => getScheduleIds({ Path: 'NextStartTime', SortDirection: 'Asc' } as never),
    ],
    ['schedule list rows', 'GET', '/api/syncAgentScheduler/getTaskInfoByIds', () => getSchedulesByIds([1])],
    ['schedule names', 'GET', '/api/syncAgentScheduler/getNames', () => getScheduleNames()],
    ['schedule edit', 'GET', '/api/syncAgentScheduler/getTaskById', () => getScheduleById(1)],
    ['schedule save', 'POST', '/api/syncAgentScheduler/saveTask', () => saveSchedule({} as SaveScheduledTask)],
    ['schedule delete', 'DELETE', '/api/syncAgentScheduler', () => deleteSchedule(1)],
    ['log list ids', 'GET', '/api/syncAgentTask/getIds', () => getTaskIds({})],
    ['log list rows', 'GET', '/api/syncAgentTask/getByIds', () => getTasksByIds([1])],
    ['log delete', 'PUT', '/api/syncAgentTask/deleteTasks', () => deleteTasks([1])],
    ['users list', 'GET', '/api/settings/webSyncUsers', () => getSyncUsers()],
    ['user settings', 'GET', '/api/syncUserSettings', () => getSyncUserSettings(USER)],
    [
      'user settings save',
      'POST',
      '/api/syncUserSettings',
      () => saveSyncUserSettings({ userId: USER, ...DEFAULT_SYNC_SETTINGS }),
    ],
  ];

  it.each(calls)(
    'failures of the list, name, edit, save, delete and settings requests are only recorded in the request state (%s)',
    async (_name, method, path, thunk) => {
      const server = new FakeServer().on(method, path, { status: 500, json: { message: 'Broken' } });
      const shell = createTestShell({ server, edition: 'web-websync' });

      await expect(shell.store.dispatch(thunk())).rejects.toMatchObject({ status: 500 });

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
