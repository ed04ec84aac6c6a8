import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SharedLink } from '@manway/core/api/shared-links';
import { FakeServer } from '../../../testing/fakeServer';
import { generalSettings } from '../../../testing/fixtures';
import { renderEdition } from '../../../testing/renderEdition';
import { OTHER_TOKEN, sharedLink, TOKEN } from './sharedLinkFixtures';
import { NO_LINKS_TEXT, SharedLinksPage } from './SharedLinksPage';

const NODE_LINK = sharedLink();
const SEARCH_LINK = sharedLink({
  id: '7b2e1f8d-4c3e-4d6f-9a01-2b3c4d5e6f70',
  title: 'PVC sections',
  subject: { kind: 'search', objectType: 'Section', savedName: null },
  token: OTHER_TOKEN,
  path: `/office/shared/${OTHER_TOKEN}`,
  expiresAt: null,
});
const OLD_LINK = sharedLink({
  id: '8c3f2a9e-5d4f-4e7a-8b12-3c4d5e6f7081',
  title: 'Overview',
  subject: { kind: 'dashboard', name: 'Network overview' },
  expiresAt: '2026-01-02T09:30:00.000Z',
  status: 'expired',
});

/** A server whose links change as revoking them would change them. */
function linksServer(initial: SharedLink[] = [NODE_LINK, SEARCH_LINK, OLD_LINK]) {
  let links = initial;
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', '/api/shared-links', () => ({ json: links }));
  for (const link of initial) {
    server.on('DELETE', `/api/shared-links/${link.id}`, () => {
      links = links.map((l) =>
        l.id === link.id ? { ...l, status: 'revoked', revokedAt: '2026-03-03T10:00:00.000Z' } : l,
      );
      return { status: 204 };
    });
  }
  return server;
}

async function open(server: FakeServer, everyone = false) {
  const user = userEvent.setup();
  await renderEdition({
    server,
    path: '/shared-links',
    pages: [{ path: 'shared-links', label: 'Shared links', element: <SharedLinksPage everyone={everyone} /> }],
  });
  return user;
}

const rowOf = (title: string) => screen.getByRole('cell', { name: new RegExp(`^${title}`) }).closest('tr')!;

describe('My shared links', () => {
  it('lists each link with its title, kind, dates and status; no expiry reads Always valid', async () => {
    await open(linksServer());
    const table = await screen.findByRole('table', { name: 'Shared links' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Title', 'Kind', 'Created', 'Expires', 'Status', 'Actions']);
    const node = within(rowOf('Node MH-1023')).getAllByRole('cell');
    expect(node[0]).toHaveTextContent('Node MH-1023Node, id 1023');
    expect(node[1]).toHaveTextContent('Object');
    expect(node[2]!.querySelector('time')).toHaveAttribute('dateTime', '2026-03-02T09:30:00.000Z');
    expect(node[3]!.querySelector('time')).toHaveAttribute('dateTime', '2026-03-09T09:30:00.000Z');
    expect(node[4]).toHaveTextContent('Active');
    const search = within(rowOf('PVC sections')).getAllByRole('cell');
    expect(search[1]).toHaveTextContent('Search');
    expect(search[3]).toHaveTextContent('Always valid');
    const old = within(rowOf('Overview')).getAllByRole('cell');
    expect(old[1]).toHaveTextContent('Dashboard');
    expect(old[4]).toHaveTextContent('Expired');
    // An expired link has nothing to copy, but may still be revoked.
    expect(within(rowOf('Overview')).queryByRole('button', { name: /Copy link/ })).not.toBeInTheDocument();
    expect(within(rowOf('Overview')).getByRole('button', { name: 'Revoke Overview' })).toBeInTheDocument();
  });

  it('Copy link puts the link’s address on the clipboard', async () => {
    const user = await open(linksServer());
    await user.click(await screen.findByRole('button', { name: 'Copy link of Node MH-1023' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/office/shared/${TOKEN}`);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('Revoke asks first, then revokes the link and shows it revoked', async () => {
    const server = linksServer();
    const user = await open(server);
    await user.click(await screen.findByRole('button', { name: 'Revoke Node MH-1023' }));
    const question = screen.getByRole('alertdialog', { name: 'Revoke this shared link?' });
    expect(question).toHaveTextContent('“Node MH-1023” stops working at once');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE', `/api/shared-links/${NODE_LINK.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke Node MH-1023' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(rowOf('Node MH-1023')).getAllByRole('cell')[4]).toHaveTextContent('Revoked'));
    expect(server.callsTo('DELETE', `/api/shared-links/${NODE_LINK.id}`)).toHaveLength(1);
    expect(within(rowOf('Node MH-1023')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when there is nothing shared yet', async () => {
    await open(linksServer([]));
    expect(await screen.findByText(NO_LINKS_TEXT)).toBeInTheDocument();
  });

  it("an administrator's list of everyone's links names their owners and asks for all", async () => {
    const server = linksServer([
      sharedLink({ token: null, path: null, owner: { ...NODE_LINK.owner, displayName: 'Mark Roe' } }),
    ]);
    await open(server, true);
    expect(await screen.findByRole('columnheader', { name: 'Shared by' })).toBeInTheDocument();
    expect(within(rowOf('Node MH-1023')).getAllByRole('cell')[2]).toHaveTextContent('Mark Roe');
    // Another's address is theirs: nothing to copy.
    expect(screen.queryByRole('button', { name: /Copy link/ })).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/shared-links')[0]!.url.searchParams.get('all')).toBe('true');
  });
});
