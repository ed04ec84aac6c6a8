import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Edition } from '@manway/core/editions';
import { generalSettings } from '../testing/fixtures';
import { FakeServer } from '../testing/fakeServer';
import { renderEdition } from '../testing/renderEdition';
import { startInfo } from '../features/tasks/components/taskFixtures';
import { InspectHome } from './inspect/InspectHome';
import { INSPECT_PAGES } from './inspect/inspectPages';
import { OfficeHome } from './office/OfficeHome';
import { OFFICE_PAGES } from './office/officePages';
import { SettingsHome } from './settings/SettingsHome';
import { SETTINGS_PAGES } from './settings/settingsPages';

const EDITION_HOMES: [Edition, string, ReactNode][] = [
  ['web-office', 'Office', <OfficeHome key="office" />],
  ['web-inspect', 'Inspect', <InspectHome key="inspect" />],
  ['web-settings', 'Settings', <SettingsHome key="settings" />],
];

describe('editions', () => {
  it.each(EDITION_HOMES)('%s opens on its home page under its own header', async (edition, name, home) => {
    const server = new FakeServer().on('GET', '/api/settings/general', { json: generalSettings() });
    await renderEdition({ server, edition, home });

    expect(within(screen.getByRole('banner')).getByText(name)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(server.calls[0]?.headers.get('x-application-edition')).toBe(edition);
  });

  it("the settings edition lists the administrator's pages in its navigation and shows the widget gallery there", async () => {
    const server = new FakeServer().on('GET', '/api/settings/general', { json: generalSettings() });
    await renderEdition({
      server,
      edition: 'web-settings',
      home: <SettingsHome />,
      pages: SETTINGS_PAGES,
      path: '/widgets',
    });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Home',
      'Licences',
      'Users',
      'Saved filters',
      'General',
      'Map',
      'Audit',
      'Shared links',
      'Widgets',
      'About',
    ]);
    expect(within(nav).getByRole('link', { name: 'Licences' })).toHaveAttribute('href', '/licences');
    expect(within(nav).getByRole('link', { name: 'Widgets' })).toHaveAttribute('href', '/widgets');
    // The gallery's code loads on first visit.
    const heading = await screen.findByRole('heading', { level: 1, name: 'Widget gallery' }, { timeout: 10_000 });
    expect(heading).toBeInTheDocument();
  });

  it('the office edition lists Inspections in its navigation and opens the pending inspections there', async () => {
    const server = new FakeServer()
      .on('GET', '/api/settings/general', { json: generalSettings() })
      .on('GET', '/api/inspections/grid', { json: { items: [], total: 0, pageIndex: 0, pageSize: 25 } });
    await renderEdition({
      server,
      edition: 'web-office',
      home: <OfficeHome />,
      pages: OFFICE_PAGES,
      path: '/inspections',
    });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Inspections', 'Projects', 'Reports', 'Dashboards', 'Shared links', 'About']);
    // The page's code loads on first visit.
    const heading = await screen.findByRole('heading', { level: 1, name: 'Inspections' }, { timeout: 10_000 });
    expect(heading).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Pending (0)' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No pending inspections')).toBeInTheDocument();
  });

  it('the office edition lists Projects in its navigation and shows the projects with their progress there', async () => {
    const server = new FakeServer()
      .on('GET', '/api/settings/general', { json: generalSettings() })
      .on('GET', '/api/projects', { json: [] });
    await renderEdition({
      server,
      edition: 'web-office',
      home: <OfficeHome />,
      pages: OFFICE_PAGES,
      path: '/projects',
    });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    // The page's code loads on first visit.
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('No projects')).toBeInTheDocument();
  });

  it.each([
    ['web-office', <OfficeHome key="office" />, OFFICE_PAGES],
    ['web-inspect', <InspectHome key="inspect" />, INSPECT_PAGES],
  ] as const)('the %s edition opens the Reports page at its address', async (edition, home, pages) => {
    localStorage.setItem('manway.reports.queue.jdoe', 'q-thisbrowser');
    const server = new FakeServer()
      .on('GET', '/api/settings/general', { json: generalSettings() })
      .on('HEAD', '/report-api/reports/queues', { status: 200 })
      .on('GET', '/report-api/reports/queues/q-thisbrowser/tasks', { json: { items: [], total: 0 } });
    await renderEdition({ server, edition, home, pages, path: '/reports' });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
    // The page's code loads on first visit.
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('No results')).toBeInTheDocument();
    localStorage.clear();
  });

  it("the inspect edition lists its Profile, not a task's page, and opens a task of My work at its address", async () => {
    const server = new FakeServer()
      .on('GET', '/api/settings/general', { json: generalSettings() })
      .on('GET', '/api/tasks/31/start-info', { json: startInfo() })
      .on('GET', '/api/inspection-sessions', { json: [] });
    await renderEdition({
      server,
      edition: 'web-inspect',
      home: <InspectHome />,
      pages: INSPECT_PAGES,
      path: '/tasks/31',
    });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Inspections', 'Reports', 'Shared links', 'Profile', 'About']);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inspect S-00001' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← My work' })).toHaveAttribute('href', '/');
  });

  it('a task address that names no task is not found', async () => {
    const server = new FakeServer().on('GET', '/api/settings/general', { json: generalSettings() });
    await renderEdition({
      server,
      edition: 'web-inspect',
      home: <InspectHome />,
      pages: INSPECT_PAGES,
      path: '/tasks/x1',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Not found' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
