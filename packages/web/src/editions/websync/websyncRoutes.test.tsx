import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ShellApp } from '../../shell/app/ShellApp';
import { loadGeneralSettings } from '../../shell/settings/loadSettings';
import { FakeServer } from '../../testing/fakeServer';
import { createTestShell, generalSettings } from '../../testing/fixtures';
import { websyncRoutes } from './websyncRoutes';

describe('websync routes', () => {
  async function open(path: string) {
    const server = new FakeServer()
      .on('GET', '/api/settings/general', { json: generalSettings() })
      .on('GET', '/api/syncAgentTask/getIds', { json: [] })
      .on('GET', '/api/settings/userByLogin', { json: { userName: 'Sam Syncer', login: 'syncer' } })
      .on('GET', '/api/filter', { json: { jobs: [], subjects: [], projects: [] } });
    const shell = createTestShell({ server, edition: 'web-websync' });
    const router = createMemoryRouter(websyncRoutes(), { initialEntries: [path] });
    render(<ShellApp store={shell.store} config={shell.config} router={router} />);
    await act(() => shell.store.dispatch(loadGeneralSettings()));
    return router;
  }

  it('/ and anything under /Home go to /Home/Log, replacing the entry', async () => {
    for (const path of ['/', '/Home', '/Home/Other']) {
      const router = await open(path);
      await screen.findByRole('heading', { level: 1, name: 'WebSync Log' });
      expect(router.state.location.pathname).toBe('/Home/Log');
      expect(router.state.historyAction).toBe('REPLACE');
      document.body.innerHTML = '';
    }
  });

  it("any other path shows 'Not found', under the navigation bar", async () => {
    await open('/elsewhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
    for (const name of ['WEBSYNC LOG', 'WEBSYNC USERS', 'SCHEDULE'])
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
  });
});
