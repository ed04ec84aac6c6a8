import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LicensingCode } from '@manway/core/api/errors';
import { SEAT_RENEW_AFTER_MS } from '@manway/core/api/licensing';
import { APPLICATION_EDITION_HEADER, SESSION_ID_HEADER, type Edition } from '@manway/core/editions';
import { createTestShell, generalSettings } from '../../testing/fixtures';
import { FakeServer, type FakeReply } from '../../testing/fakeServer';
import { renderInShell } from '../../testing/render';
import { KEEP_ALIVE_URL, userActivity } from '../activity/activity';
import { showErrorPage } from '../errors/errorPageSlice';
import {
  INSPECT_SEAT_LIMIT_PAGE,
  licenceExpiredPage,
  OFFICE_EDITING_LICENCE_PAGE,
  OFFICE_EDITING_SEAT_LIMIT_PAGE,
  OFFICE_SEAT_LIMIT_PAGE,
  SESSION_EXPIRED_PAGE,
  WEBSYNC_SEAT_LIMIT_PAGE,
} from '../errors/errorPages';
import { ShellErrorPage } from '../errors/ShellErrorPage';
import { loadGeneralSettings } from '../settings/loadSettings';
import { settingsReceived } from '../settings/settingsSlice';
import { pageHidden, pageRestored, watchPageLifecycle } from './seats';

const SEAT = {
  token: '7d3f1c2e-8a4b-4c5d-9e6f-0a1b2c3d4e5f',
  application: 'web-inspect',
  editing: false,
  since: '2025-03-01T08:00:00Z',
};

function seatServer(seatReply: FakeReply = { json: SEAT }) {
  return new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('POST', '/api/seats', seatReply)
    .on('DELETE', '/api/seats', { status: 204 })
    .on('GET', `/${KEEP_ALIVE_URL}`, { json: [] });
}

/** An edition started as startEdition does, its settings loaded and its seat call answered. */
async function started(edition: Edition, server = seatServer()) {
  const shell = createTestShell({ server, edition });
  await shell.store.dispatch(loadGeneralSettings());
  await vi.waitFor(() => expect(shell.store.getState().requests.actions.at(-1)?.stage).not.toBe('fetch'));
  return shell;
}

describe('taking a seat', () => {
  it('a page of the Office, Inspect or WebSync takes a seat once its settings are in', async () => {
    for (const edition of ['web-office', 'web-inspect', 'web-websync'] as const) {
      const { server } = await started(edition);

      const [call, ...more] = server.callsTo('POST', '/api/seats');
      expect(more).toEqual([]);
      expect(call?.headers.get(APPLICATION_EDITION_HEADER)).toBe(edition);
      expect(call?.headers.get(SESSION_ID_HEADER)).toBe('session-under-test');
    }
  });

  it('the seat is taken once: settings received again (the map choices) take no second one', async () => {
    const { store, server } = await started('web-office');

    store.dispatch(settingsReceived(generalSettings({ coordinateDisplayFormat: 'DegreesMinutesSeconds' })));

    expect(server.callsTo('POST', '/api/seats')).toHaveLength(1);
  });

  it('the settings edition takes no seat, so an administrator can always get in to free one', async () => {
    const { store, server } = await started('web-settings');
    store.dispatch(userActivity({ at: Date.now() + 10 * SEAT_RENEW_AFTER_MS }));
    store.dispatch(pageHidden());

    expect(server.callsTo('POST', '/api/seats')).toEqual([]);
    expect(server.callsTo('DELETE', '/api/seats')).toEqual([]);
  });

  it('no seat is asked for when the settings fail to load', async () => {
    const server = seatServer().on('GET', '/api/settings/general', { status: 403, json: { message: 'No' } });
    await started('web-inspect', server);

    expect(server.callsTo('POST', '/api/seats')).toEqual([]);
  });

  it.each<[LicensingCode, Edition, unknown]>([
    ['licensing/inspect-seat-not-available', 'web-inspect', INSPECT_SEAT_LIMIT_PAGE],
    ['licensing/office-seat-not-available', 'web-office', OFFICE_SEAT_LIMIT_PAGE],
    ['licensing/office-editing-seat-not-available', 'web-office', OFFICE_EDITING_SEAT_LIMIT_PAGE],
    ['licensing/websync-seat-not-available', 'web-websync', WEBSYNC_SEAT_LIMIT_PAGE],
    ['licensing/office-editing-licence-not-found', 'web-office', OFFICE_EDITING_LICENCE_PAGE],
    ['licensing/licence-expired', 'web-inspect', licenceExpiredPage('Manway Inspect')],
  ])('%s on the seat call shows its page', async (code, edition, page) => {
    const { store } = await started(edition, seatServer({ status: 400, json: { code } }));

    await vi.waitFor(() => expect(store.getState().errorPage).toEqual({ info: page, errorOccurred: true }));
    expect(store.getState().notifications.items).toEqual([]);
  });

  it("inspect seat not available: 'LICENSE LIMIT REACHED', and Try again reloads the app to ask again", async () => {
    const user = userEvent.setup();
    const shell = await started(
      'web-inspect',
      seatServer({ status: 400, json: { code: 'licensing/inspect-seat-not-available' } }),
    );
    await vi.waitFor(() => expect(shell.store.getState().errorPage.info).toEqual(INSPECT_SEAT_LIMIT_PAGE));
    renderInShell(createElement(ShellErrorPage, { info: INSPECT_SEAT_LIMIT_PAGE }), shell);

    expect(await screen.findByRole('heading', { level: 1, name: 'LICENSE LIMIT REACHED' })).toBeInTheDocument();
    expect(screen.getByText('Every Manway Inspect seat is in use right now.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log off' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(shell.browser.reloads).toBe(1);
  });

  it('a seat call failing for another reason shows no page and no notification', async () => {
    const { store } = await started('web-office', seatServer({ status: 500, json: { message: 'boom' } }));

    expect(store.getState().errorPage.errorOccurred).toBe(false);
    expect(store.getState().notifications.items).toEqual([]);
  });
});

describe('keeping the seat', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const active = (store: ReturnType<typeof createTestShell>['store']) =>
    store.dispatch(userActivity({ at: Date.now() }));

  it('activity renews the seat only once SEAT_RENEW_AFTER_MS have passed since the last seat call', async () => {
    const { store, server } = await started('web-inspect');

    await vi.advanceTimersByTimeAsync(SEAT_RENEW_AFTER_MS - 1000);
    active(store);
    expect(server.callsTo('POST', '/api/seats')).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1000);
    active(store);
    active(store);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.callsTo('POST', '/api/seats')).toHaveLength(2);
  });

  it('a renewal is a call: the session keep-alive makes none besides', async () => {
    const { store, server } = await started('web-office');

    await vi.advanceTimersByTimeAsync(SEAT_RENEW_AFTER_MS);
    active(store);
    await vi.advanceTimersByTimeAsync(0);

    expect(server.callsTo('POST', '/api/seats')).toHaveLength(2);
    expect(server.callsTo('GET', `/${KEEP_ALIVE_URL}`)).toEqual([]);
  });

  it('a page nobody uses does not renew its seat', async () => {
    const { server } = await started('web-inspect');

    await vi.advanceTimersByTimeAsync(30 * SEAT_RENEW_AFTER_MS);

    expect(server.callsTo('POST', '/api/seats')).toHaveLength(1);
  });

  it('a renewal answered with no seat left (lost after idling) shows the limit page', async () => {
    const { store, server } = await started('web-office');
    server.on('POST', '/api/seats', { status: 400, json: { code: 'licensing/office-seat-not-available' } });

    await vi.advanceTimersByTimeAsync(SEAT_RENEW_AFTER_MS);
    active(store);
    await vi.waitFor(() => expect(store.getState().errorPage.info).toEqual(OFFICE_SEAT_LIMIT_PAGE));
  });

  it('nothing is renewed behind an error page', async () => {
    const { store, server } = await started('web-inspect');
    store.dispatch(showErrorPage(SESSION_EXPIRED_PAGE));

    await vi.advanceTimersByTimeAsync(SEAT_RENEW_AFTER_MS);
    active(store);

    expect(server.callsTo('POST', '/api/seats')).toHaveLength(1);
  });
});

describe('giving the seat back', () => {
  it('pagehide sends DELETE api/seats with keepalive, same-origin credentials and both headers', async () => {
    const server = seatServer();
    const fetchSpy = vi.spyOn(server, 'fetch');
    const { store } = await started('web-websync', server);
    const page = new EventTarget();
    const stop = watchPageLifecycle(store.dispatch, page as unknown as Window);

    page.dispatchEvent(new Event('pagehide'));

    expect(fetchSpy).toHaveBeenLastCalledWith('/api/seats', {
      method: 'DELETE',
      keepalive: true,
      credentials: 'same-origin',
      headers: { [APPLICATION_EDITION_HEADER]: 'web-websync', [SESSION_ID_HEADER]: 'session-under-test' },
    });
    expect(server.callsTo('DELETE', '/api/seats')).toHaveLength(1);
    stop();
  });

  it('a page restored from the back/forward cache takes its seat again', async () => {
    const { store, server } = await started('web-inspect');
    const page = new EventTarget();
    watchPageLifecycle(store.dispatch, page as unknown as Window);

    page.dispatchEvent(new Event('pagehide'));
    page.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    expect(server.callsTo('POST', '/api/seats')).toHaveLength(1);
    page.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));

    expect(server.callsTo('POST', '/api/seats')).toHaveLength(2);
  });

  it('a page that has not asked for a seat gives none back', () => {
    const server = seatServer();
    const { store } = createTestShell({ server, edition: 'web-office' });

    store.dispatch(pageHidden());
    store.dispatch(pageRestored());

    expect(server.calls).toEqual([]);
  });
});
