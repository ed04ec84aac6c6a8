import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEvent, AuditPage as AuditPageAnswer } from '@manway/core/api/audit';
import { generalSettings } from '../../../testing/fixtures';
import { FakeServer } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { AUDIT_PAGE_SIZE, AuditPage, NO_RESULTS_TEXT } from './AuditPage';

function event(id: number, overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id,
    at: `2025-03-0${(id % 9) + 1}T09:30:00Z`,
    actor: { id: '00000000-0000-4000-8000-000000000001', login: 'admin' },
    action: 'licence.updated',
    objectType: 'licence',
    objectId: 'web-inspect',
    summary: `Inspect: ${id} → ${id + 1} seats`,
    changes: { seats: { from: id, to: id + 1 } },
    ...overrides,
  };
}

const MAP_CHANGE = event(90, {
  action: 'settings.updated',
  objectType: 'settings',
  objectId: 'map',
  summary: 'Map settings: default basemap osm → none; 1 basemap added',
  changes: {
    defaultBasemapId: { from: 'osm', to: 'none' },
    'basemaps.ortho': { from: null, to: { id: 'ortho', name: 'Orthophoto', kind: 'wms' } },
  },
});

function auditServer(answer: (query: URLSearchParams) => AuditPageAnswer) {
  return new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', '/api/audit', (call) => ({ json: answer(call.url.searchParams) }));
}

async function open(server: FakeServer) {
  return renderEdition({
    server,
    edition: 'web-settings',
    path: '/audit',
    pages: [{ path: 'audit', label: 'Audit', element: <AuditPage /> }],
  });
}

const lastQuery = (server: FakeServer) => {
  const calls = server.callsTo('GET', '/api/audit');
  return Object.fromEntries(calls[calls.length - 1]!.url.searchParams);
};

describe('the audit page', () => {
  it('lists the newest entries first: when, who, the action, the object and the summary', async () => {
    const server = auditServer(() => ({ items: [MAP_CHANGE, event(2)], total: 2 }));
    await open(server);

    const table = await screen.findByRole('table', { name: 'Audit entries' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('admin');
    expect(rows[0]).toHaveTextContent('Settings changed');
    expect(rows[0]).toHaveTextContent('Settings: map');
    expect(rows[0]).toHaveTextContent('Map settings: default basemap osm → none; 1 basemap added');
    expect(rows[0]!.querySelector('time')).not.toBeNull();
    expect(rows[1]).toHaveTextContent('Licence changed');
    expect(screen.getByText('2 entries')).toBeInTheDocument();
    expect(lastQuery(server)).toEqual({ limit: String(AUDIT_PAGE_SIZE), offset: '0' });
  });

  it('a row opens to show each changed field before and after', async () => {
    const user = userEvent.setup();
    await open(auditServer(() => ({ items: [MAP_CHANGE], total: 1 })));

    await user.click(await screen.findByRole('button', { name: `Show changes: ${MAP_CHANGE.summary}` }));
    const changes = screen.getByRole('table', { name: `Changes: ${MAP_CHANGE.summary}` });
    const rows = within(changes).getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.children).map((cell) => cell.textContent))).toEqual([
      ['defaultBasemapId', 'osm', 'none'],
      ['basemaps.ortho', '—', '{"id":"ortho","name":"Orthophoto","kind":"wms"}'],
    ]);
    await user.click(screen.getByRole('button', { name: `Hide changes: ${MAP_CHANGE.summary}` }));
    expect(screen.queryByRole('table', { name: `Changes: ${MAP_CHANGE.summary}` })).not.toBeInTheDocument();
  });

  it('the filters make the query: object type, action, user login and whole days from and to', async () => {
    const user = userEvent.setup();
    const server = auditServer(() => ({ items: [MAP_CHANGE], total: 1 }));
    await open(server);
    await screen.findByRole('table', { name: 'Audit entries' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Object' }), 'Settings');
    // Only the actions about settings are offered once settings are chosen.
    const actions = within(screen.getByRole('combobox', { name: 'Action' })).getAllByRole('option');
    expect(actions.map((o) => o.textContent)).toEqual(['All actions', 'Settings changed']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Settings changed');
    await user.type(screen.getByRole('searchbox', { name: 'User' }), ' Admin ');
    await user.type(screen.getByLabelText('From'), '2025-03-01');
    await user.type(screen.getByLabelText('To'), '2025-03-31');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(lastQuery(server)).toEqual({
        objectType: 'settings',
        action: 'settings.updated',
        actor: 'Admin',
        // Local midnight of the first day, and of the day after the last.
        from: new Date(2025, 2, 1).toISOString(),
        to: new Date(2025, 3, 1).toISOString(),
        limit: String(AUDIT_PAGE_SIZE),
        offset: '0',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(lastQuery(server)).toEqual({ limit: String(AUDIT_PAGE_SIZE), offset: '0' }));
    expect(screen.getByRole('combobox', { name: 'Object' })).toHaveValue('');
  });

  it('the pager asks for the next page by offset', async () => {
    const user = userEvent.setup();
    const server = auditServer((query) => {
      const offset = Number(query.get('offset'));
      return { items: [event(offset + 1)], total: 60 };
    });
    await open(server);
    await screen.findByRole('table', { name: 'Audit entries' });

    const pager = screen.getByRole('navigation', { name: 'Audit pages' });
    expect(pager).toHaveTextContent('1 of 3');
    await user.click(within(pager).getByRole('button', { name: /next/i }));

    await waitFor(() => expect(lastQuery(server).offset).toBe(String(AUDIT_PAGE_SIZE)));
    expect(await screen.findByText('Inspect: 26 → 27 seats')).toBeInTheDocument();
  });

  it("no entries: 'No results'", async () => {
    await open(auditServer(() => ({ items: [], total: 0 })));
    expect(await screen.findByText(NO_RESULTS_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
