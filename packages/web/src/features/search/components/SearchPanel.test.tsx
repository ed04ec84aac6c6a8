import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AvailableFilter, FilterForm, ResultsList, SavedFilterSummary } from '@manway/core/api/filters';
import type { MapResults } from '@manway/core/api/map';
import { generalSettings } from '../../../testing/fixtures';
import { FakeServer, type FakeReply } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import type { SearchMap } from '../searchMap';
import type { FoundAssets } from './ResultsView';
import { SearchPanel, type SearchPanelProps } from './SearchPanel';

const nodeForm: FilterForm = {
  objectType: 'Node',
  label: 'Manhole or node',
  searchFields: ['assetId', 'street'],
  defaultSearchFields: ['assetId'],
  groups: [
    {
      key: 'identity',
      label: 'Identity',
      fields: [
        {
          property: 'subtype',
          label: 'Subtype',
          kind: 'lookup',
          operators: ['eq', 'ne', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
          defaultOperator: 'in',
          unit: null,
          min: null,
          max: null,
          options: [
            { id: 'manhole', value: 'Manhole' },
            { id: 'gully', value: 'Gully' },
          ],
        },
      ],
    },
    {
      key: 'location',
      label: 'Location',
      fields: [
        {
          property: 'street',
          label: 'Street',
          kind: 'text',
          operators: ['eq', 'ne', 'contains', 'startsWith', 'isEmpty', 'isNotEmpty'],
          defaultOperator: 'contains',
          unit: null,
          min: null,
          max: null,
          options: null,
        },
        {
          property: 'coverLevelM',
          label: 'Cover level',
          kind: 'number',
          operators: ['eq', 'lt', 'le', 'gt', 'ge', 'between', 'isEmpty', 'isNotEmpty'],
          defaultOperator: 'eq',
          unit: 'm',
          min: null,
          max: null,
          options: null,
        },
      ],
    },
  ],
};

const row = (id: number, code: string) => ({
  id,
  type: 'Node',
  readableId: code,
  properties: { subtype: 'manhole', street: 'Mill Lane', conditionGrade: 2, material: 'concrete', sizeMm: 1000 },
});

function list(count: ResultsList['count'], rows = [row(7, 'MH-0007')]): ResultsList {
  return { objectType: 'Node', rows, page: 0, pageSize: 25, count };
}

function mapResults(total: number, ids = [7]): MapResults {
  return {
    type: 'FeatureCollection',
    objectType: 'Node',
    features: ids.map((id) => ({
      type: 'Feature',
      id,
      geometry: { type: 'Point', coordinates: [8.5, 47.3] },
      properties: { assetId: `MH-000${id}`, subtype: 'manhole', conditionGrade: 2, material: 'concrete', sizeMm: 1000 },
    })),
    total,
    plusFound: false,
    limit: 5000,
  };
}

function fakeMap(): SearchMap {
  return { showSearchResults: vi.fn(), selectFeature: vi.fn(), centreOn: vi.fn() };
}

async function open({
  results = { json: list({ found: 1, plusFound: false, shown: 'all', shownCount: 1 }) } as FakeReply,
  onMap = { json: mapResults(1) } as FakeReply,
  saved = [] as SavedFilterSummary[],
  available = [] as AvailableFilter[],
  server = new FakeServer(),
  actions = {} as Pick<SearchPanelProps, 'renderResultActions' | 'renderSavedFilterActions' | 'handOver'>,
} = {}) {
  const map = fakeMap();
  server
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', '/api/filters/form/Node', { json: nodeForm })
    .on('POST', '/api/filters/results/list', results)
    .on('GET', '/api/filters/results/map', onMap)
    .on('GET', '/api/filters/saved-filters/list', { json: saved })
    .on('GET', '/api/filters/saved-filters/available-filters', { json: available });
  const shell = await renderEdition({ server, home: <SearchPanel map={map} {...actions} /> });
  await screen.findByRole('searchbox');
  return { ...shell, map, user: userEvent.setup() };
}

const sentFilters = (server: FakeServer) =>
  server
    .callsTo('POST', '/api/filters/results/list')
    .map((c) => JSON.parse((JSON.parse(String(c.body)) as { filter: string }).filter) as unknown);

describe('simple search', () => {
  it('waits for typing to pause, then searches the term in the ticked search fields only once', async () => {
    const { user, server } = await open();
    await user.type(screen.getByRole('searchbox'), 'MH-0007');
    await screen.findByText('1 found');
    expect(sentFilters(server)).toEqual([
      { objectType: 'Node', combine: 'and', conditions: [], term: 'MH-0007', searchFields: ['assetId'] },
    ]);
    await user.click(screen.getByLabelText('Street'));
    await vi.waitFor(() => expect(sentFilters(server)).toHaveLength(2));
    expect(sentFilters(server)[1]).toMatchObject({ term: 'MH-0007', searchFields: ['assetId', 'street'] });
  });

  it('highlights the results on the map and opening one selects it there as a click does', async () => {
    const { user, map } = await open();
    await user.type(screen.getByRole('searchbox'), 'MH-0007');
    await user.click(await screen.findByRole('button', { name: /MH-0007/ }));
    expect(map.showSearchResults).toHaveBeenCalledWith(mapResults(1), 'highlight');
    expect(map.selectFeature).toHaveBeenCalledWith({
      layer: 'Node',
      id: 7,
      properties: mapResults(1).features[0]!.properties,
    });
    expect(map.centreOn).toHaveBeenCalledWith([8.5, 47.3]);
  });

  it('shows plus-found and first N shown, and too many search results asks to refine the criteria', async () => {
    await open({
      results: { json: list({ found: 5000, plusFound: true, shown: 'first', shownCount: 1000 }) },
      onMap: { json: mapResults(6200) },
    });
    await userEvent.type(screen.getByRole('searchbox'), 'MH');
    expect(await screen.findByText('5,000+ found · first 1,000 shown')).toBeInTheDocument();
    const notice = screen.getByTestId('too-many-results');
    expect(notice).toHaveTextContent('Too many search results');
    expect(notice).toHaveTextContent('Only the first 1,000 can be listed. Refine the criteria to see all of them.');
    expect(notice).toHaveTextContent('The map shows the first 1 of 6,200.');
  });
});

describe('result pages', () => {
  it('a term with more results than a page pages through what the server can list', async () => {
    const { user, server } = await open({
      results: { json: list({ found: 60, plusFound: false, shown: 'all', shownCount: 60 }) },
    });
    await user.type(screen.getByRole('searchbox'), 'MH{Enter}');
    await screen.findByText('60 found');
    const pager = screen.getByRole('navigation', { name: 'Result pages' });
    expect(pager).toHaveTextContent('1 of 3');
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    await vi.waitFor(() => expect(server.callsTo('POST', '/api/filters/results/list')).toHaveLength(2));
    const body = JSON.parse(String(server.callsTo('POST', '/api/filters/results/list')[1]!.body)) as object;
    expect(body).toMatchObject({ page: 1, pageSize: 25 });
  });
});

describe('superseded searches', () => {
  it('a newer term cancels the list and map requests of the search it replaces', async () => {
    const server = new FakeServer().hang('POST', '/api/filters/results/list').hang('GET', '/api/filters/results/map');
    const { user, store } = await open({ server });
    await user.type(screen.getByRole('searchbox'), 'MH{Enter}');
    await vi.waitFor(() => expect(server.callsTo('GET', '/api/filters/results/map')).toHaveLength(1));
    await user.type(screen.getByRole('searchbox'), '-1{Enter}');
    await vi.waitFor(() => expect(server.callsTo('GET', '/api/filters/results/map').length).toBeGreaterThan(1));
    const cancelled = store
      .getState()
      .requests.actions.filter((a) => a.stage === 'cancelled')
      .map((a) => a.url);
    expect(cancelled.some((url) => url.includes('/api/filters/results/list'))).toBe(true);
    expect(cancelled.some((url) => url.includes('/api/filters/results/map'))).toBe(true);
    expect(screen.getByTestId('search-count')).toHaveTextContent('Searching…');
    expect(screen.queryByText(/notification|Something unexpected/)).toBeNull();
  });
});

describe('advanced search', () => {
  it('builds each condition from the form’s metadata: grouped properties, their operators and values', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('tab', { name: 'Advanced' }));
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    const property = screen.getByLabelText('Property of condition 1');
    expect([...property.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['Identity', 'Location']);
    const comparison = screen.getByLabelText('Comparison of condition 1');
    expect(
      within(comparison)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['is', 'is not', 'is one of', 'is none of', 'is empty', 'is not empty']);
    expect(within(screen.getByRole('group', { name: 'Value of condition 1' })).getAllByRole('checkbox')).toHaveLength(
      2,
    );

    await user.selectOptions(property, 'coverLevelM');
    expect(screen.getByLabelText('Comparison of condition 1')).toHaveValue('eq');
    expect(screen.getByLabelText('Value of condition 1 (m)')).toBeInTheDocument();
  });

  it('runs AND/OR conditions, filters the map and lists the results in the grid', async () => {
    const { user, server, map } = await open();
    await user.click(screen.getByRole('tab', { name: 'Advanced' }));
    await user.click(screen.getByRole('radio', { name: 'any condition (OR)' }));
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await user.click(screen.getByRole('checkbox', { name: 'Gully' }));
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await user.selectOptions(screen.getByLabelText('Property of condition 2'), 'street');
    await user.type(screen.getByLabelText('Value of condition 2'), 'Mill');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('1 found');
    expect(sentFilters(server)).toEqual([
      {
        objectType: 'Node',
        combine: 'or',
        conditions: [
          { property: 'subtype', operator: 'in', value: ['gully'] },
          { property: 'street', operator: 'contains', value: 'Mill' },
        ],
      },
    ]);
    expect(map.showSearchResults).toHaveBeenCalledWith(mapResults(1), 'filter');
    expect(screen.getByRole('table', { name: 'Search results' })).toHaveTextContent('MH-0007');
  });

  it('a condition without its value is marked on its row and nothing is searched', async () => {
    const { user, server } = await open();
    await user.click(screen.getByRole('tab', { name: 'Advanced' }));
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at least one value.');
    expect(server.callsTo('POST', '/api/filters/results/list')).toHaveLength(0);
  });

  it('select all beyond the selection cap shows the selection limit exceeded notice', async () => {
    const server = new FakeServer().on('POST', '/api/filters/results/list/ids', {
      json: { ids: [7, 8, 9], selectionCapExceeded: true, selectionCap: 3 },
    });
    const { user } = await open({ server });
    await user.click(screen.getByRole('tab', { name: 'Advanced' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('1 found');
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    const notice = await screen.findByTestId('selection-limit');
    expect(notice).toHaveTextContent('Selection limit exceeded');
    expect(notice).toHaveTextContent('Only the first 3 results are selected.');
    expect(screen.getByTestId('search-selected')).toHaveTextContent('3 selected');
  });
});

const summary = (over: Partial<SavedFilterSummary>): SavedFilterSummary => ({
  name: 'Mine',
  objectType: 'Node',
  shared: false,
  advanced: false,
  importedFrom: null,
  position: 0,
  version: 1,
  editable: true,
  ...over,
});

describe('saved filters', () => {
  it('a saved filter with nested AND/OR groups opens editable and saves back as edited', async () => {
    const saved = (definition: unknown, version: number) => ({
      json: {
        ...summary({ name: 'Nested', advanced: true, version }),
        definition,
        hash: 'h',
        updatedAt: '2026-11-23T12:00:00Z',
      },
    });
    const nested = {
      objectType: 'Node',
      combine: 'and',
      conditions: [
        { property: 'street', operator: 'contains', value: 'Mill' },
        {
          combine: 'or',
          conditions: [
            { property: 'subtype', operator: 'in', value: ['gully'] },
            { property: 'coverLevelM', operator: 'ge', value: 2 },
          ],
        },
      ],
    };
    const edited = {
      objectType: 'Node',
      combine: 'and',
      conditions: [
        { property: 'street', operator: 'contains', value: 'Mill' },
        {
          combine: 'and',
          conditions: [
            { property: 'coverLevelM', operator: 'ge', value: 2 },
            { combine: 'or', conditions: [{ property: 'subtype', operator: 'in', value: ['manhole'] }] },
          ],
        },
      ],
    };
    const server = new FakeServer()
      .on('GET', '/api/filters/saved-filters/Nested', saved(nested, 3))
      .on('PUT', '/api/filters/saved-filters/Nested', saved(edited, 4));
    const { user } = await open({ server, saved: [summary({ name: 'Nested', advanced: true, version: 3 })] });
    await user.click(screen.getByRole('tab', { name: 'Saved filters' }));
    await user.click(await screen.findByRole('button', { name: 'Apply Nested' }));
    await screen.findByTestId('applied-filter');
    await user.click(screen.getByRole('tab', { name: 'Advanced' }));

    const group = screen.getByTestId('filter-group');
    expect(screen.getByLabelText('Combine group 2')).toHaveValue('or');
    expect(within(group).getByRole('checkbox', { name: 'Gully' })).toBeChecked();
    expect(within(group).getByLabelText('Value of condition 2.2 (m)')).toHaveValue('2');

    await user.selectOptions(screen.getByLabelText('Combine group 2'), 'and');
    await user.click(screen.getByRole('button', { name: 'Remove condition 2.1' }));
    await user.click(screen.getByRole('button', { name: 'Add group to group 2' }));
    const [outer, inner] = screen.getAllByTestId('filter-group') as [HTMLElement, HTMLElement];
    expect(outer).toContainElement(inner);
    expect(screen.getByLabelText('Combine group 2.2')).toHaveValue('or');
    await user.click(within(inner).getByRole('checkbox', { name: 'Manhole' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(sentFilters(server)).toHaveLength(2));
    expect(sentFilters(server)).toEqual([nested, edited]);

    await user.click(screen.getByRole('tab', { name: 'Saved filters' }));
    await user.click(await screen.findByRole('button', { name: 'Update Nested with the current search' }));
    await vi.waitFor(() => expect(server.callsTo('PUT', '/api/filters/saved-filters/Nested')).toHaveLength(1));
    expect(JSON.parse(String(server.callsTo('PUT', '/api/filters/saved-filters/Nested')[0]!.body))).toEqual({
      definition: edited,
      version: 3,
    });

    // Removing the whole group leaves the top-level condition alone.
    await user.click(screen.getByRole('tab', { name: 'Advanced' }));
    await user.click(screen.getByRole('button', { name: 'Remove group 2' }));
    expect(screen.queryByTestId('filter-group')).toBeNull();
    expect(screen.getAllByTestId('filter-condition')).toHaveLength(1);
  });

  it('an empty group is marked and nothing is searched', async () => {
    const { user, server } = await open();
    await user.click(screen.getByRole('tab', { name: 'Advanced' }));
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    await user.click(screen.getByRole('button', { name: 'Remove condition 1.1' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Add a condition to the group, or remove it.');
    expect(screen.getByTestId('filter-group')).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST', '/api/filters/results/list')).toHaveLength(0);
  });

  it('a name already taken opens the catalogue’s filter name already exists dialog without saving', async () => {
    const { user, server } = await open({ saved: [summary({ name: 'Gullies' })] });
    await user.type(screen.getByRole('searchbox'), 'MH{Enter}');
    await screen.findByText('1 found');
    await user.click(screen.getByRole('tab', { name: 'Saved filters' }));
    await user.type(await screen.findByLabelText('Save the current search as'), ' Gullies ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Filter name already exists');
    expect(server.callsTo('POST', '/api/filters/saved-filters/create')).toHaveLength(0);
  });

  it('an empty name is refused by the naming rules', async () => {
    const { user } = await open();
    await user.type(screen.getByRole('searchbox'), 'MH{Enter}');
    await screen.findByText('1 found');
    await user.click(screen.getByRole('tab', { name: 'Saved filters' }));
    await user.type(await screen.findByLabelText('Save the current search as'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a name for the filter.');
  });

  it('an imported advanced filter must be edited in a desktop product or by an administrator', async () => {
    const locked = summary({ name: 'Old or brittle', advanced: true, importedFrom: 'Old or brittle', editable: false });
    const { user } = await open({ saved: [locked, summary({ name: 'Mine', position: 1 })] });
    await user.click(screen.getByRole('tab', { name: 'Saved filters' }));
    const rows = await screen.findAllByTestId('saved-filter');
    expect(rows[0]).toHaveTextContent('Advanced filters must be edited in a desktop product or by an administrator');
    expect(within(rows[0]!).queryByRole('button', { name: /Rename|Delete/ })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Rename Mine' })).toBeInTheDocument();
  });

  it('moving a filter down sends the new order', async () => {
    const server = new FakeServer().on('POST', '/api/filters/saved-filters/order', {
      json: [summary({ name: 'B' }), summary({ name: 'A', position: 1 })],
    });
    const { user } = await open({ server, saved: [summary({ name: 'A' }), summary({ name: 'B', position: 1 })] });
    await user.click(screen.getByRole('tab', { name: 'Saved filters' }));
    await user.click(await screen.findByRole('button', { name: 'Move A down' }));
    await vi.waitFor(() =>
      expect(
        screen.getAllByTestId('saved-filter').map((r) => r.querySelector('.mw-search__saved-name')?.textContent),
      ).toEqual(['B', 'A']),
    );
    expect(JSON.parse(String(server.callsTo('POST', '/api/filters/saved-filters/order')[0]!.body))).toEqual({
      names: ['B', 'A'],
    });
  });

  it('rename sends the new name with the version read, and delete asks first', async () => {
    const server = new FakeServer()
      .on('PUT', '/api/filters/saved-filters/Mine', {
        json: {
          ...summary({ name: 'Mine renamed', version: 5 }),
          definition: { objectType: 'Node', combine: 'and', conditions: [] },
          hash: 'h',
          updatedAt: '2026-11-23T12:00:00Z',
        },
      })
      .on('DELETE', '/api/filters/saved-filters/Mine', { status: 204 });
    const { user } = await open({ server, saved: [summary({ name: 'Mine', version: 4 })] });
    await user.click(screen.getByRole('tab', { name: 'Saved filters' }));
    await user.click(await screen.findByRole('button', { name: 'Rename Mine' }));
    const field = screen.getByLabelText('New name for Mine');
    await user.clear(field);
    await user.type(field, 'Mine renamed{Enter}');
    await vi.waitFor(() => expect(server.callsTo('PUT', '/api/filters/saved-filters/Mine')).toHaveLength(1));
    expect(JSON.parse(String(server.callsTo('PUT', '/api/filters/saved-filters/Mine')[0]!.body))).toEqual({
      name: 'Mine renamed',
      version: 4,
    });

    await user.click(await screen.findByRole('button', { name: 'Delete Mine' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete the saved filter "Mine"?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE', '/api/filters/saved-filters/Mine')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete Mine' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(server.callsTo('DELETE', '/api/filters/saved-filters/Mine')).toHaveLength(1));
  });

  it("a stale rename or update shows the catalogue's 'Another user modified the same item' and reads the list again", async () => {
    const stale = {
      status: 409,
      json: { code: 'concurrency/modified-by-another-user', message: 'Another user modified the same item.' },
    };
    const server = new FakeServer()
      .on('GET', '/api/filters/saved-filters/Mine', {
        json: {
          ...summary({ name: 'Mine', version: 4 }),
          definition: { objectType: 'Node', combine: 'and', conditions: [] },
          hash: 'h',
          updatedAt: '2026-11-23T12:00:00Z',
        },
      })
      .on('PUT', '/api/filters/saved-filters/Mine', stale);
    const { user } = await open({ server, saved: [summary({ name: 'Mine', version: 4 })] });
    // Meanwhile another user saved the filter: the list now reads version 5.
    server.on('GET', '/api/filters/saved-filters/list', { json: [summary({ name: 'Mine', version: 5 })] });
    const listReads = () => server.callsTo('GET', '/api/filters/saved-filters/list').length;
    await user.click(screen.getByRole('tab', { name: 'Saved filters' }));

    await user.click(await screen.findByRole('button', { name: 'Rename Mine' }));
    const field = screen.getByLabelText('New name for Mine');
    await user.clear(field);
    await user.type(field, 'Mine renamed{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Another user modified the same item');
    expect(alert).toHaveTextContent('Your changes cannot be saved and will be lost.');
    await vi.waitFor(() => expect(listReads()).toBe(2));
    expect(screen.queryByLabelText('New name for Mine')).toBeNull();

    await user.click(within(alert).getByRole('button', { name: /Dismiss/ }));
    await user.click(screen.getByRole('button', { name: 'Apply Mine' }));
    await screen.findByTestId('applied-filter');
    await user.click(screen.getByRole('tab', { name: 'Saved filters' }));
    await user.click(await screen.findByRole('button', { name: 'Update Mine with the current search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Another user modified the same item');
    await vi.waitFor(() => expect(listReads()).toBe(3));
    expect(screen.queryByText('Filter updated')).toBeNull();
  });

  it('importing a shared filter adds it and applies it to the map', async () => {
    const definition = {
      objectType: 'Node',
      combine: 'and',
      conditions: [{ property: 'subtype', operator: 'eq', value: 'manhole' }],
    };
    const server = new FakeServer().on('POST', '/api/filters/saved-filters/import-filter', {
      json: {
        ...summary({ name: 'Manholes', importedFrom: 'Manholes' }),
        definition,
        hash: 'h',
        updatedAt: '2026-11-23T12:00:00Z',
      },
    });
    const { user, map } = await open({
      server,
      available: [{ name: 'Manholes', objectType: 'Node', advanced: false, nameTaken: false }],
    });
    await user.click(screen.getByRole('tab', { name: 'Saved filters' }));
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    await screen.findByTestId('applied-filter');
    expect(
      server.callsTo('POST', '/api/filters/saved-filters/import-filter')[0]!.url.searchParams.get('filterName'),
    ).toBe('Manholes');
    expect(sentFilters(server)).toEqual([definition]);
    await vi.waitFor(() => expect(map.showSearchResults).toHaveBeenCalledWith(mapResults(1), 'filter'));
  });
});

describe('actions an edition adds', () => {
  it('what a search found is handed over with its type, count and a way to its ids', async () => {
    const server = new FakeServer().on('POST', '/api/filters/results/list/ids', {
      json: { ids: [7], selectionCapExceeded: false, selectionCap: 2000 },
    });
    const handed: FoundAssets[] = [];
    const { user } = await open({
      server,
      actions: {
        renderResultActions: (found) => {
          handed.push(found);
          return <button type="button">Plan tasks…</button>;
        },
      },
    });
    expect(screen.queryByRole('button', { name: 'Plan tasks…' })).toBeNull();
    await user.type(screen.getByRole('searchbox'), 'MH-0007');
    const results = await screen.findByTestId('search-results');
    expect(await within(results).findByRole('button', { name: 'Plan tasks…' })).toBeInTheDocument();
    const found = handed.at(-1)!;
    expect(found).toMatchObject({ objectType: 'Node', savedName: null, count: { found: 1 } });
    expect(await found.ids()).toMatchObject({ ids: [7], selectionCapExceeded: false });
    const sent = JSON.parse(String(server.callsTo('POST', '/api/filters/results/list/ids')[0]!.body)) as {
      filter: string;
    };
    expect(JSON.parse(sent.filter)).toMatchObject({ objectType: 'Node', term: 'MH-0007' });
  });

  it("a filter's results are handed over with the filter, the grid's columns in order and the rows selected", async () => {
    const handed: FoundAssets[] = [];
    const { user } = await open({
      actions: {
        renderResultActions: (found) => {
          handed.push(found);
          return null;
        },
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Advanced' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('1 found');
    expect(handed.at(-1)).toMatchObject({
      definition: { objectType: 'Node', combine: 'and', conditions: [] },
      columns: ['assetId', 'subtype', 'material', 'conditionGrade'],
      selectedIds: [],
    });
    await user.click(
      within(screen.getByRole('table', { name: 'Search results' })).getByRole('checkbox', { name: 'Select row 1' }),
    );
    expect(handed.at(-1)!.selectedIds).toEqual([7]);
  });

  it("a term's short list hands over no columns and no selection", async () => {
    const handed: FoundAssets[] = [];
    const { user } = await open({
      actions: {
        renderResultActions: (found) => {
          handed.push(found);
          return null;
        },
      },
    });
    await user.type(screen.getByRole('searchbox'), 'MH-0007');
    await screen.findByText('1 found');
    expect(handed.at(-1)).toMatchObject({ columns: null, selectedIds: [] });
  });

  it('nothing is offered for a search that found nothing', async () => {
    const { user } = await open({
      results: { json: list({ found: 0, plusFound: false, shown: 'all', shownCount: 0 }, []) },
      actions: { renderResultActions: () => <button type="button">Plan tasks…</button> },
    });
    await user.type(screen.getByRole('searchbox'), 'nothing');
    await screen.findByText('No results');
    expect(screen.queryByRole('button', { name: 'Plan tasks…' })).toBeNull();
  });

  it('each saved filter row shows the actions for that filter', async () => {
    const { user } = await open({
      saved: [summary({ name: 'Very poor sections', objectType: 'Section' }), summary({ name: 'Mine', position: 1 })],
      actions: {
        renderSavedFilterActions: (filter) => <button type="button">{`Plan tasks on ${filter.name}`}</button>,
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Saved filters' }));
    const rows = await screen.findAllByTestId('saved-filter');
    expect(within(rows[0]!).getByRole('button', { name: 'Plan tasks on Very poor sections' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Plan tasks on Mine' })).toBeInTheDocument();
  });
});

describe('a search handed over by another page', () => {
  it('runs at once as a filter search narrowed to its ids, titled, on the map and in the list', async () => {
    const filter = { objectType: 'Node', combine: 'and' as const, conditions: [] };
    const { server, map } = await open({
      actions: { handOver: { filter, additionalRestrictions: { ids: [4, 9] }, title: 'Manholes by grade: Grade 5' } },
    });
    expect(await screen.findByTestId('handed-over-search')).toHaveTextContent('Manholes by grade: Grade 5');
    await vi.waitFor(() => expect(map.showSearchResults).toHaveBeenCalledWith(expect.anything(), 'filter'));
    const onMap = server.callsTo('GET', '/api/filters/results/map')[0]!.url.searchParams;
    expect(JSON.parse(onMap.get('additionalRestrictions')!)).toEqual({ ids: [4, 9] });
    const body = JSON.parse(String(server.callsTo('POST', '/api/filters/results/list')[0]!.body)) as Record<
      string,
      string
    >;
    expect(JSON.parse(body.filter!)).toEqual(filter);
    expect(JSON.parse(body.additionalRestrictions!)).toEqual({ ids: [4, 9] });
  });
});
