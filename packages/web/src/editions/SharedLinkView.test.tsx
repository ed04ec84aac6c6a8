import { screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ResolvedSharedLink } from '@manway/core/api/shared-links';
import type { Edition } from '@manway/core/editions';
import { barData, TOTAL, totalData, widget } from '../features/dashboards/components/dashboardFixtures';
import { TOKEN } from '../features/shared-links/components/sharedLinkFixtures';
import { readObjectHandOver } from '../shell/app/objectHandOver';
import { readSearchHandOver } from '../shell/app/searchHandOver';
import { FakeServer } from '../testing/fakeServer';
import { generalSettings } from '../testing/fixtures';
import { renderEdition } from '../testing/renderEdition';
import { INSPECT_PAGES } from './inspect/inspectPages';
import { OFFICE_PAGES } from './office/officePages';

// ECharts draws on a canvas jsdom does not have: the chart stands in as its label.
vi.mock('../features/dashboards/components/EChart', () => ({
  EChart: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

/** The map's home, showing what a shared link handed over to it. */
function Home() {
  const state = useLocation().state as unknown;
  const object = readObjectHandOver(state);
  const search = readSearchHandOver(state);
  return (
    <>
      <h1>Map</h1>
      {object && <p data-testid="object">{JSON.stringify(object)}</p>}
      {search && <p data-testid="search">{JSON.stringify(search)}</p>}
    </>
  );
}

const RESOLVE = `/api/shared-links/resolve/${TOKEN}`;

function link(target: ResolvedSharedLink['target'], over: Partial<ResolvedSharedLink> = {}): ResolvedSharedLink {
  return {
    title: 'Manhole to check',
    sharedBy: 'Eddie Editor',
    createdAt: '2026-03-02T09:30:00.000Z',
    expiresAt: '2026-03-09T09:30:00.000Z',
    target,
    ...over,
  };
}

function linkServer(reply: { status?: number; json: unknown }) {
  return new FakeServer().on('GET', '/api/settings/general', { json: generalSettings() }).on('GET', RESOLVE, reply);
}

async function open(server: FakeServer, edition: Edition = 'web-office') {
  return renderEdition({
    server,
    edition,
    home: <Home />,
    pages: edition === 'web-office' ? OFFICE_PAGES : INSPECT_PAGES,
    path: `/shared/${TOKEN}`,
  });
}

const SEARCH = {
  kind: 'search' as const,
  filter: {
    objectType: 'Section',
    combine: 'and',
    conditions: [{ property: 'material', operator: 'eq', value: 'PVC' }],
  },
  additionalRestrictions: { extent: [8, 51, 9, 52] },
  savedName: null,
  found: { ids: [4, 8, 15], more: false },
};

describe('opening a shared link', () => {
  it.each(['web-office', 'web-inspect'] as const)(
    'in %s, an asset opens on the map, centred on it with its details',
    async (edition) => {
      const server = linkServer({
        json: link({
          kind: 'object',
          objectType: 'Node',
          objectId: 1023,
          readableId: 'MH-1023',
          position: [8.3, 51.9],
        }),
      });
      const { router } = await open(server, edition);
      const handed = await screen.findByTestId('object', {}, { timeout: 10_000 });
      expect(JSON.parse(handed.textContent!)).toEqual({ objectType: 'Node', objectId: 1023, position: [8.3, 51.9] });
      // In place of the link's page: Back leaves the link.
      expect(router.state.location.pathname).toBe('/');
      expect(router.state.historyAction).toBe('REPLACE');
      expect(server.callsTo('GET', RESOLVE)).toHaveLength(1);
    },
  );

  it('a search opens on the map with its results narrowed to what it found when it was shared', async () => {
    await open(linkServer({ json: link(SEARCH, { title: 'PVC sections' }) }));
    const handed = JSON.parse((await screen.findByTestId('search', {}, { timeout: 10_000 })).textContent!);
    expect(handed).toEqual({
      filter: SEARCH.filter,
      additionalRestrictions: { extent: [8, 51, 9, 52], ids: [4, 8, 15] },
      title: 'PVC sections · shared by Eddie Editor',
    });
  });

  it('a search that found more than a link keeps runs again as it ran', async () => {
    await open(linkServer({ json: link({ ...SEARCH, found: { ids: [1, 2], more: true } }) }));
    const handed = JSON.parse((await screen.findByTestId('search', {}, { timeout: 10_000 })).textContent!);
    expect(handed.additionalRestrictions).toEqual({ extent: [8, 51, 9, 52] });
  });

  it('a dashboard is drawn on the page, each widget read through the link', async () => {
    const server = linkServer({
      json: link(
        { kind: 'dashboard', name: 'Shared overview', version: 4, widgets: [widget(), TOTAL] },
        { title: 'My overview' },
      ),
    })
      .on('GET', `${RESOLVE}/widgets/w-bar`, { json: { widget: widget(), data: barData() } })
      .on('GET', `${RESOLVE}/widgets/w-total`, { json: { widget: TOTAL, data: totalData() } });
    await open(server);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My overview' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Shared by Eddie Editor/)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /^Length by grade/ })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Inspections this month: 120' })).toBeInTheDocument();
    // Read-only: nothing to edit, copy or delete.
    expect(screen.queryByRole('button', { name: /Edit|Copy|Delete/ })).not.toBeInTheDocument();
  });

  it('an expired link says so, with its date, and leads home', async () => {
    await open(
      linkServer({
        status: 400,
        json: { code: 'shared-link/expired', message: 'expired', expiredAt: '2026-03-09T09:30:00.000Z' },
      }),
    );
    const failure = await screen.findByTestId('shared-link-failure', {}, { timeout: 10_000 });
    expect(within(failure).getByRole('heading', { level: 1 })).toHaveTextContent('This shared link has expired');
    expect(failure.querySelector('time')).toHaveAttribute('dateTime', '2026-03-09T09:30:00.000Z');
    expect(within(failure).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    // Said on the page, not again as a notification.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it.each([
    [{ status: 400, json: { code: 'shared-link/revoked', message: 'x' } }, 'This shared link was revoked by its owner'],
    [
      { status: 404, json: { code: 'object/not-found', message: 'There is no such shared link.' } },
      'This shared link does not exist',
    ],
    [
      { status: 404, json: { code: 'object/not-found', message: 'The shared dashboard no longer exists.' } },
      'The shared dashboard no longer exists.',
    ],
  ])('%j says “%s”', async (reply, title) => {
    await open(linkServer(reply));
    const failure = await screen.findByTestId('shared-link-failure', {}, { timeout: 10_000 });
    expect(within(failure).getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(within(failure).getByRole('link', { name: 'Go to the home page' })).toBeInTheDocument();
  });
});
