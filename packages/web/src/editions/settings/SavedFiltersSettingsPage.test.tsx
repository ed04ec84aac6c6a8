import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AvailableFilter, SavedFilterSummary } from '@manway/core/api/filters';
import {
  CONFLICT_TEXT,
  NAME_TAKEN_TEXT,
  NO_AVAILABLE_TEXT,
  NO_GLOBAL_TEXT,
  NO_PERSONAL_TEXT,
} from '../../features/filter-admin/components/SavedFiltersAdminPage';
import { generalSettings } from '../../testing/fixtures';
import { FakeServer, type RecordedCall } from '../../testing/fakeServer';
import { renderEdition } from '../../testing/renderEdition';
import { SavedFiltersSettingsPage } from './SavedFiltersSettingsPage';
import { SettingsHome } from './SettingsHome';
import { SETTINGS_PAGES } from './settingsPages';

const SAVED = '/api/filters/saved-filters';

const filter = (name: string, over: Partial<SavedFilterSummary> = {}): SavedFilterSummary => ({
  name,
  objectType: 'Section',
  shared: false,
  advanced: false,
  importedFrom: null,
  position: 0,
  version: 1,
  editable: true,
  ...over,
});

// The administrator's own filters, global and personal interleaved as their positions have them.
const OWN: SavedFilterSummary[] = [
  filter('Very poor sections', { shared: true, version: 3 }),
  filter('My laterals', { objectType: 'Lateral' }),
  filter('Uninspected manholes', { shared: true, objectType: 'Node' }),
  filter('Old or brittle sections', { shared: true, advanced: true, version: 2 }),
  filter('Imported gullies', { objectType: 'Node', importedFrom: 'Gullies' }),
].map((f, position) => ({ ...f, position }));

const AVAILABLE: AvailableFilter[] = [
  { name: 'Gullies', objectType: 'Node', advanced: false, nameTaken: false },
  { name: 'My laterals', objectType: 'Lateral', advanced: true, nameTaken: true },
];

/** A server whose saved filters change as the calls to it would change them. */
function filtersServer(own: SavedFilterSummary[] = OWN, available: AvailableFilter[] = AVAILABLE) {
  let filters = own;
  const changeFilter = (name: string, change: Partial<SavedFilterSummary>) => {
    filters = filters.map((f) => (f.name === name ? { ...f, ...change } : f));
  };
  const full = (f: SavedFilterSummary) => ({ ...f, definition: {}, hash: 'abc', updatedAt: '2025-03-03T08:00:00Z' });
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', `${SAVED}/list`, () => ({ json: filters }))
    .on('GET', `${SAVED}/available-filters`, () => ({ json: available }))
    .on('POST', `${SAVED}/order`, (call) => {
      const { names } = bodyOf(call) as { names: string[] };
      filters = names.map((name, position) => ({ ...filters.find((f) => f.name === name)!, position }));
      return { json: filters };
    })
    .on('POST', `${SAVED}/import-filter`, (call) => {
      const name = call.url.searchParams.get('filterName')!;
      const imported = filter(name, { objectType: 'Node', importedFrom: name, position: filters.length });
      filters = [...filters, imported];
      available = available.map((a) => (a.name === name ? { ...a, nameTaken: true } : a));
      return { json: full(imported) };
    });
  for (const f of own) {
    const path = `${SAVED}/${encodeURIComponent(f.name)}`;
    server.on('PUT', path, (call) => {
      const { shared, version } = bodyOf(call) as { shared: boolean; version: number };
      const current = filters.find((other) => other.name === f.name)!;
      if (version !== current.version) return { status: 409, json: { code: 'concurrency/modified-by-another-user' } };
      changeFilter(f.name, { shared, version: version + 1 });
      return { json: full(filters.find((other) => other.name === f.name)!) };
    });
    server.on('DELETE', path, () => {
      filters = filters.filter((other) => other.name !== f.name);
      return { status: 204 };
    });
  }
  return { server, changeFilter };
}

async function open(server: FakeServer) {
  return renderEdition({
    server,
    edition: 'web-settings',
    path: '/saved-filters',
    pages: [{ path: 'saved-filters', label: 'Saved filters', element: <SavedFiltersSettingsPage /> }],
  });
}

const bodyOf = (call: RecordedCall | undefined) => JSON.parse(String(call?.body)) as unknown;
const table = (name: string) => screen.findByRole('table', { name });
/** The names in a table, in the order shown. */
const namesIn = (list: HTMLElement) =>
  within(list)
    .getAllByRole('rowheader')
    .map((cell) => cell.firstChild?.textContent);

describe('the saved filters page', () => {
  it('lists the global filters apart from the personal ones, each with its object type and kind', async () => {
    const { server } = filtersServer();
    await open(server);

    expect(screen.getByRole('heading', { level: 1, name: 'Saved filters' })).toBeInTheDocument();
    const global = await table('Global filters');
    expect(namesIn(global)).toEqual(['Very poor sections', 'Uninspected manholes', 'Old or brittle sections']);
    const rows = within(global).getAllByRole('row').slice(1);
    expect(within(rows[1]!).getByRole('cell', { name: 'Node' })).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('cell', { name: 'Advanced' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('cell', { name: 'Simple' })).toBeInTheDocument();
    expect(within(global).getByRole('button', { name: 'Make Uninspected manholes personal' })).toBeEnabled();

    const personal = await table('Personal filters');
    expect(namesIn(personal)).toEqual(['My laterals', 'Imported gullies']);
    expect(within(personal).getByText('Imported from Gullies')).toBeInTheDocument();
    expect(within(personal).getByRole('button', { name: 'Make My laterals global' })).toBeEnabled();
    // The first of a list cannot go up, its last cannot go down.
    expect(within(personal).getByRole('button', { name: 'Move My laterals up' })).toBeDisabled();
    expect(within(personal).getByRole('button', { name: 'Move Imported gullies down' })).toBeDisabled();
  });

  it("moving a filter sends every one of the administrator's names in the new order, and keeps the keyboard on it", async () => {
    const user = userEvent.setup();
    const { server } = filtersServer();
    await open(server);
    const global = await table('Global filters');

    within(global).getByRole('button', { name: 'Move Old or brittle sections up' }).focus();
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(namesIn(global)).toEqual(['Very poor sections', 'Old or brittle sections', 'Uninspected manholes']),
    );
    expect(server.callsTo('POST', `${SAVED}/order`)).toHaveLength(1);
    // The personal filters keep their places between them.
    expect(bodyOf(server.callsTo('POST', `${SAVED}/order`)[0])).toEqual({
      names: [
        'Very poor sections',
        'My laterals',
        'Old or brittle sections',
        'Uninspected manholes',
        'Imported gullies',
      ],
    });
    expect(within(global).getByRole('button', { name: 'Move Old or brittle sections up' })).toHaveFocus();

    // At the top, the filter's up arrow is disabled: the keyboard goes to its down arrow.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(namesIn(global)[0]).toBe('Old or brittle sections'));
    expect(within(global).getByRole('button', { name: 'Move Old or brittle sections down' })).toHaveFocus();
    expect(bodyOf(server.callsTo('POST', `${SAVED}/order`)[1])).toEqual({
      names: [
        'Old or brittle sections',
        'My laterals',
        'Very poor sections',
        'Uninspected manholes',
        'Imported gullies',
      ],
    });
  });

  it('Make global sends shared: true with the version read, and the filter joins the global filters', async () => {
    const user = userEvent.setup();
    const { server } = filtersServer();
    const { store } = await open(server);

    await user.click(within(await table('Personal filters')).getByRole('button', { name: 'Make My laterals global' }));

    await waitFor(() =>
      expect(namesIn(screen.getByRole('table', { name: 'Global filters' }))).toContain('My laterals'),
    );
    expect(bodyOf(server.callsTo('PUT', `${SAVED}/My%20laterals`)[0])).toEqual({ shared: true, version: 1 });
    expect(namesIn(screen.getByRole('table', { name: 'Personal filters' }))).toEqual(['Imported gullies']);
    expect(store.getState().notifications.items.map((n) => n.title)).toEqual(['Filter made global']);
  });

  it('Make personal sends shared: false with the version read', async () => {
    const user = userEvent.setup();
    const { server } = filtersServer();
    await open(server);

    await user.click(
      within(await table('Global filters')).getByRole('button', { name: 'Make Very poor sections personal' }),
    );

    await waitFor(() =>
      expect(namesIn(screen.getByRole('table', { name: 'Personal filters' }))).toContain('Very poor sections'),
    );
    expect(bodyOf(server.callsTo('PUT', `${SAVED}/Very%20poor%20sections`)[0])).toEqual({ shared: false, version: 3 });
  });

  it('a filter another administrator changed meanwhile says so and is read again', async () => {
    const user = userEvent.setup();
    const { server, changeFilter } = filtersServer();
    await open(server);
    const personal = await table('Personal filters');
    changeFilter('My laterals', { version: 2, objectType: 'Node' });
    const reads = server.callsTo('GET', `${SAVED}/list`).length;

    await user.click(within(personal).getByRole('button', { name: 'Make My laterals global' }));

    expect(await screen.findByText(CONFLICT_TEXT)).toHaveAttribute('role', 'alert');
    expect(bodyOf(server.callsTo('PUT', `${SAVED}/My%20laterals`)[0])).toEqual({ shared: true, version: 1 });
    await waitFor(() => expect(server.callsTo('GET', `${SAVED}/list`).length).toBeGreaterThan(reads));
    expect(namesIn(await table('Personal filters'))).toContain('My laterals');
  });

  it('Delete asks first: Cancel deletes nothing, Delete deletes the filter', async () => {
    const user = userEvent.setup();
    const { server } = filtersServer();
    await open(server);
    const global = await table('Global filters');

    await user.click(within(global).getByRole('button', { name: 'Delete Uninspected manholes' }));
    const asked = await screen.findByRole('alertdialog', { name: 'Delete global filter' });
    expect(asked).toHaveTextContent('Delete the global filter "Uninspected manholes"?');
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await user.click(within(global).getByRole('button', { name: 'Delete Uninspected manholes' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(namesIn(global)).toEqual(['Very poor sections', 'Old or brittle sections']));
    expect(server.callsTo('DELETE', `${SAVED}/Uninspected%20manholes`)).toHaveLength(1);
  });

  it('Import calls import-filter with the name, and the copy joins the personal filters', async () => {
    const user = userEvent.setup();
    const { server } = filtersServer();
    await open(server);
    const available = await table('Available filters');

    await user.click(within(available).getByRole('button', { name: 'Import Gullies' }));

    await waitFor(() => expect(namesIn(screen.getByRole('table', { name: 'Personal filters' }))).toContain('Gullies'));
    const call = server.callsTo('POST', `${SAVED}/import-filter`);
    expect(call).toHaveLength(1);
    expect(call[0]!.url.searchParams.get('filterName')).toBe('Gullies');
    // Now the name is taken, so it cannot be imported twice.
    await waitFor(() => expect(within(available).getByRole('button', { name: 'Import Gullies' })).toBeDisabled());
  });

  it('a filter whose name the administrator already has cannot be imported, and the page says why', async () => {
    const { server } = filtersServer();
    await open(server);

    const taken = within(await table('Available filters')).getByRole('button', { name: 'Import My laterals' });
    expect(taken).toBeDisabled();
    expect(taken).toHaveAccessibleDescription(NAME_TAKEN_TEXT);
    expect(within(await table('Available filters')).getByRole('button', { name: 'Import Gullies' })).toBeEnabled();
  });

  it('empty lists say so', async () => {
    const { server } = filtersServer([], []);
    await open(server);

    expect(await screen.findByText(NO_GLOBAL_TEXT)).toBeInTheDocument();
    expect(screen.getByText(NO_PERSONAL_TEXT)).toBeInTheDocument();
    expect(await screen.findByText(NO_AVAILABLE_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists that cannot be read say so', async () => {
    const { server } = filtersServer();
    server.on('GET', `${SAVED}/list`, { status: 500 }).on('GET', `${SAVED}/available-filters`, { status: 500 });
    await open(server);

    expect(
      await screen.findAllByText('The saved filters could not be loaded. Please try refreshing the page.'),
    ).toHaveLength(2);
    expect(
      await screen.findByText('The available filters could not be loaded. Please try refreshing the page.'),
    ).toBeInTheDocument();
  });

  it('the settings home links to the page, which the navigation lists after Licences', async () => {
    const user = userEvent.setup();
    const { server } = filtersServer();
    await renderEdition({ server, edition: 'web-settings', home: <SettingsHome />, pages: SETTINGS_PAGES });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels.indexOf('Saved filters')).toBeGreaterThan(labels.indexOf('Licences'));
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Saved filters' }));

    // The page's code loads on first visit.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Saved filters' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(await table('Global filters')).toBeInTheDocument();
  });
});
