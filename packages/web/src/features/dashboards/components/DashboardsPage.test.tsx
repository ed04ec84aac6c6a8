import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DASHBOARD_NAME_MAX_LENGTH } from '@manway/core/api/dashboards';
import { readSearchHandOver } from '../../../shell/app/searchHandOver';
import type { FakeServer } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { CONFLICT_TEXT } from './DashboardEditor';
import {
  bodyOf,
  dashboardsServer,
  session,
  SESSION_ID,
  SESSIONS,
  summary,
  widget,
  widgetConfig,
} from './dashboardFixtures';
import { DashboardsPage } from './DashboardsPage';

// ECharts draws on a canvas jsdom does not have: the chart stands in as its label and one button per item.
vi.mock('./EChart', () => ({
  EChart: ({ ariaLabel, onItemClick }: { ariaLabel: string; onItemClick?: (i: number) => void }) => (
    <div role="img" aria-label={ariaLabel}>
      {[0, 1, 2].map((i) => (
        <button key={i} type="button" onClick={() => onItemClick?.(i)}>
          item {i}
        </button>
      ))}
    </div>
  ),
}));

/** The map's home, showing the search another page handed over. */
function Home() {
  const handOver = readSearchHandOver(useLocation().state);
  return <h1>Map{handOver ? `: ${handOver.title}` : ''}</h1>;
}

async function open(server: FakeServer) {
  return renderEdition({
    server,
    home: <Home />,
    path: '/dashboards',
    pages: [{ path: 'dashboards', label: 'Dashboards', element: <DashboardsPage /> }],
  });
}

describe('the dashboards page', () => {
  it('opens the default dashboard and draws each widget from its own call', async () => {
    const server = dashboardsServer([
      summary({ name: 'Mine', isDefault: false, global: false, mine: true }),
      summary(),
    ]);
    await open(server);
    expect(await screen.findByRole('combobox', { name: 'Dashboard' })).toHaveValue('Network overview');
    expect(await screen.findByRole('img', { name: /^Length by grade: Grade 1 1,200 m/ })).toBeInTheDocument();
    const total = await screen.findByRole('group', { name: 'Inspections this month: 120' });
    expect(within(total).getByTestId('total-value')).toHaveTextContent('120');
    expect(within(total).getByLabelText('Up 20% on the previous period')).toHaveTextContent('▲ +20%');
    // The default dashboard is asked for without a name.
    expect(server.callsTo('GET', '/api/dashboard/template')[0]!.url.searchParams.has('dashboardName')).toBe(false);
    expect(server.callsTo('GET', '/api/dashboard/widgets/w-bar')).toHaveLength(1);
    expect(server.callsTo('GET', '/api/dashboard/widgets/w-total')).toHaveLength(1);
  });

  it('shows ‘No widgets’ on an empty dashboard', async () => {
    await open(dashboardsServer([summary()], []));
    expect(await screen.findByText('No widgets')).toBeInTheDocument();
  });

  it('shows a widget’s failure in the widget alone, with Retry', async () => {
    const server = dashboardsServer().on('GET', '/api/dashboard/widgets/w-bar', { status: 500 });
    await open(server);
    const bar = await screen.findByRole('region', { name: 'Length by grade' });
    expect(await within(bar).findByRole('alert')).toHaveTextContent('could not be loaded');
    expect(await screen.findByRole('group', { name: 'Inspections this month: 120' })).toBeInTheDocument();
    server.on('GET', '/api/dashboard/widgets/w-bar', {
      json: { widget: widget(), data: { items: [], total: 0, count: 0 } },
    });
    await userEvent.click(within(bar).getByRole('button', { name: 'Retry' }));
    expect(await within(bar).findByText('No data')).toBeInTheDocument();
  });

  it('offers Edit, Make global and Delete only as the summary allows, and Copy to edit otherwise', async () => {
    await open(dashboardsServer([summary({ canEdit: false })]));
    await screen.findByRole('combobox', { name: 'Dashboard' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy to edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Make (global|personal)/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('makes a personal dashboard global when the user may', async () => {
    const mine = summary({
      name: 'Mine',
      isDefault: true,
      global: false,
      mine: true,
      canChangeGlobal: true,
      canDelete: true,
    });
    const server = dashboardsServer([mine]).on('PUT', '/api/dashboard', { status: 204 });
    await open(server);
    await userEvent.click(await screen.findByRole('button', { name: 'Make global' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/dashboard')).toHaveLength(1));
    expect(Object.fromEntries(server.callsTo('PUT', '/api/dashboard')[0]!.url.searchParams)).toEqual({
      dashboardName: 'Mine',
      global: 'true',
    });
  });

  it('imports a dashboard under a new name, refusing a name past the limit before sending it', async () => {
    const server = dashboardsServer([
      summary(),
      summary({ name: 'Olga’s', isDefault: false, global: false, ownerName: 'Olga' }),
    ]).on('POST', '/api/dashboard/import', { status: 409, json: { code: 'dashboard/name-exists' } });
    await open(server);
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a dashboard' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Dashboard to import' }), 'Olga’s');
    const name = within(dialog).getByRole('textbox', { name: 'Dashboard name' });
    await userEvent.clear(name);
    await userEvent.click(name);
    await userEvent.paste('x'.repeat(DASHBOARD_NAME_MAX_LENGTH + 1));
    expect(within(dialog).getByText(/Dashboard name is too long/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(server.callsTo('POST', '/api/dashboard/import')).toHaveLength(0);

    await userEvent.clear(name);
    await userEvent.type(name, 'Harbour');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/dashboard/import')).toHaveLength(1));
    expect(Object.fromEntries(server.callsTo('POST', '/api/dashboard/import')[0]!.url.searchParams)).toEqual({
      dashboardName: 'Olga’s',
      newDashboardName: 'Harbour',
    });
    expect(await screen.findByText('Dashboard name already exists')).toBeInTheDocument();
  });

  it('opens the map with a bar’s group as a search result, but not for “Other”', async () => {
    const server = dashboardsServer().on('POST', '/api/dashboard/drill', {
      json: {
        filter: { objectType: 'Section', combine: 'and', conditions: [] },
        title: 'Length by grade: Grade 5',
        truncated: false,
      },
    });
    await open(server);
    const chart = await screen.findByRole('img', { name: /^Length by grade/ });
    await userEvent.click(within(chart).getByRole('button', { name: 'item 2' }));
    expect(server.callsTo('POST', '/api/dashboard/drill')).toHaveLength(0);
    await userEvent.click(within(chart).getByRole('button', { name: 'item 1' }));
    expect(await screen.findByRole('heading', { name: 'Map: Length by grade: Grade 5' })).toBeInTheDocument();
    expect(bodyOf(server.callsTo('POST', '/api/dashboard/drill')[0]!)).toEqual({ Widget: widget(), Key: '5' });
  });
});

describe('editing a dashboard', () => {
  it('starts a session, adds and configures a pie, saves, and on a conflict overwrites when told to', async () => {
    const pie = widget({
      id: 'w-new',
      type: 'bar',
      title: 'Sections by material',
      measure: { kind: 'count' },
      groupBy: 'material',
      layout: { x: 0, y: 5, w: 6, h: 5 },
    });
    let commits = 0;
    const server = dashboardsServer()
      .on('POST', `${SESSIONS}/start`, { json: session([widget()]) })
      .on('POST', `${SESSIONS}/${SESSION_ID}/widgets`, { status: 201, json: pie })
      .on('GET', `${SESSIONS}/${SESSION_ID}/widgets/w-new/config`, { json: widgetConfig(pie) })
      .on('PUT', `${SESSIONS}/${SESSION_ID}/widgets/w-new`, (call) => ({ json: bodyOf(call) }))
      .on('POST', `${SESSIONS}/${SESSION_ID}/commit`, () =>
        ++commits === 1 ? { status: 409, json: { code: 'concurrency/modified-by-another-user' } } : { status: 204 },
      );
    const { store } = await open(server);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('toolbar', { name: 'Edit dashboard' })).toBeInTheDocument();
    expect(Object.fromEntries(server.callsTo('POST', `${SESSIONS}/start`)[0]!.url.searchParams)).toEqual({
      isGallery: 'false',
    });
    expect(store.getState().unsaved.locks).toContain('dashboard-editor');

    await userEvent.click(screen.getByRole('button', { name: 'Add widget' }));
    await userEvent.click(await screen.findByRole('button', { name: /Pie chart/ }));
    const added = bodyOf(server.callsTo('POST', `${SESSIONS}/${SESSION_ID}/widgets`)[0]!) as {
      Widget: { type: string };
    };
    expect(added.Widget.type).toBe('pie');

    const dialog = await screen.findByRole('dialog', { name: 'Configure Sections by material' });
    const title = await within(dialog).findByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    expect(within(dialog).getByText('Give the widget a title.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save widget' })).toBeDisabled();
    await userEvent.type(title, 'Pipes by material');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'Pie chart');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Saved filter' }), 'Old pipes');
    expect(within(dialog).queryByRole('option', { name: 'Harbour manholes' })).toBeNull();
    await waitFor(
      () => expect(server.callsTo('POST', `${SESSIONS}/${SESSION_ID}/widgets/preview`).length).toBeGreaterThan(0),
      { timeout: 3000 },
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save widget' }));
    await waitFor(() => expect(server.callsTo('PUT', `${SESSIONS}/${SESSION_ID}/widgets/w-new`)).toHaveLength(1));
    expect(bodyOf(server.callsTo('PUT', `${SESSIONS}/${SESSION_ID}/widgets/w-new`)[0]!)).toMatchObject({
      type: 'pie',
      title: 'Pipes by material',
      savedFilter: 'Old pipes',
    });
    expect(await screen.findByRole('region', { name: 'Pipes by material' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const question = await screen.findByRole('alertdialog', { name: 'Another user modified the same item' });
    expect(question).toHaveTextContent(CONFLICT_TEXT);
    expect(
      within(question)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel', 'Save as new dashboard', 'Overwrite']);
    await userEvent.click(within(question).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(server.callsTo('POST', `${SESSIONS}/${SESSION_ID}/commit`)).toHaveLength(2));
    const [first, forced] = server.callsTo('POST', `${SESSIONS}/${SESSION_ID}/commit`);
    expect(first!.url.searchParams.has('force')).toBe(false);
    expect(forced!.url.searchParams.get('force')).toBe('true');
    const sent = bodyOf(forced!) as { widgets: { id: string; title: string }[] };
    expect(sent.widgets.map((w) => w.title)).toEqual(['Length by grade', 'Pipes by material']);
    expect(await screen.findByRole('toolbar', { name: 'Dashboard actions' })).toBeInTheDocument();
    expect(store.getState().unsaved.locks).not.toContain('dashboard-editor');
  });

  it('saves as a new dashboard when the user chooses so after a conflict', async () => {
    const server = dashboardsServer()
      .on('POST', `${SESSIONS}/start`, { json: session([widget()]) })
      .on('POST', `${SESSIONS}/${SESSION_ID}/commit`, (call) =>
        call.url.searchParams.has('newDashboardName')
          ? { status: 204 }
          : { status: 409, json: { code: 'concurrency/modified-by-another-user' } },
      );
    await open(server);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const question = await screen.findByRole('alertdialog', { name: 'Another user modified the same item' });
    await userEvent.click(within(question).getByRole('button', { name: 'Save as new dashboard' }));
    const name = await screen.findByRole('textbox', { name: 'Dashboard name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'My overview{Enter}');
    await waitFor(() => expect(server.callsTo('POST', `${SESSIONS}/${SESSION_ID}/commit`)).toHaveLength(2));
    expect(
      server.callsTo('POST', `${SESSIONS}/${SESSION_ID}/commit`)[1]!.url.searchParams.get('newDashboardName'),
    ).toBe('My overview');
  });

  it('discards the session after asking, when something changed', async () => {
    const server = dashboardsServer()
      .on('POST', `${SESSIONS}/start`, { json: session([widget()]) })
      .on('POST', `${SESSIONS}/${SESSION_ID}/widgets`, {
        status: 201,
        json: widget({ id: 'w-copy', title: 'Length by grade (2)' }),
      })
      .on('DELETE', `${SESSIONS}/${SESSION_ID}`, { status: 204 });
    await open(server);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Length by grade' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Duplicate' }));
    expect(await screen.findByRole('region', { name: 'Length by grade (2)' })).toBeInTheDocument();
    expect(bodyOf(server.callsTo('POST', `${SESSIONS}/${SESSION_ID}/widgets`)[0]!)).toEqual({ WidgetId: 'w-bar' });
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(server.callsTo('DELETE', `${SESSIONS}/${SESSION_ID}`)).toHaveLength(1));
    expect(await screen.findByRole('toolbar', { name: 'Dashboard actions' })).toBeInTheDocument();
  });
});
