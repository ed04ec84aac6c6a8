import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Edition } from '@manway/core/editions';
import { KNOWN_ERROR_CODES } from '@manway/core/api/errors';
import { createTestShell, FakeBrowser } from '../../testing/fixtures';
import { FakeServer, type FakeReply } from '../../testing/fakeServer';
import { KNOWN_ERROR_MESSAGES } from '../errors/catalogue';
import {
  INSPECT_SEAT_LIMIT_PAGE,
  licenceExpiredPage,
  OFFICE_EDITING_SEAT_LIMIT_PAGE,
  OFFICE_SEAT_LIMIT_PAGE,
  SESSION_EXPIRED_PAGE,
  WEBSYNC_SEAT_LIMIT_PAGE,
} from '../errors/errorPages';
import { SESSION_EXPIRED_REDIRECT_DELAY_MS } from '../store/listeners';
import type { AppThunk } from '../store/types';
import { acquireLock } from '../unsaved/unsavedSlice';
import { performRequest, type RequestArgs } from './request';

const callThunk =
  (args: RequestArgs): AppThunk<Promise<unknown>> =>
  (dispatch, _getState, extra) =>
    performRequest(args, { ...extra, dispatch });

/** Answers one call with `reply` and reports what the user was shown. */
async function failWith(
  reply: FakeReply,
  options: { edition?: Edition; ignoreGlobal?: boolean; statusMessages?: RequestArgs['statusMessages'] } = {},
) {
  const server = new FakeServer().on('PUT', '/api/settings/user', reply);
  const browser = new FakeBrowser('/settings/filters?tab=mine');
  const shell = createTestShell({ server, browser, edition: options.edition });
  await shell.store
    .dispatch(
      callThunk({
        url: 'api/settings/user',
        method: 'PUT',
        body: {},
        ignoreGlobal: options.ignoreGlobal,
        statusMessages: options.statusMessages,
      }),
    )
    .catch(() => undefined);
  const state = shell.store.getState();
  return { ...shell, notifications: state.notifications.items, errorPage: state.errorPage };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('global failure handling', () => {
  it('401 outside the settings edition redirects to login with the current path as return address', async () => {
    const { browser, notifications } = await failWith({ status: 401 }, { edition: 'web-office' });

    expect(browser.assigned).toEqual([
      `/api/account/login?returnUrl=${encodeURIComponent('/settings/filters?tab=mine')}`,
    ]);
    expect(notifications).toEqual([]);
  });

  it('401 in the settings edition shows the session-expired page, then redirects to login', async () => {
    vi.useFakeTimers();
    const { browser, errorPage, notifications } = await failWith({ status: 401 }, { edition: 'web-settings' });

    expect(errorPage).toEqual({ info: SESSION_EXPIRED_PAGE, errorOccurred: true });
    expect(errorPage.info?.title).toBe('Your current session has expired');
    expect(errorPage.info?.description).toBe('Redirecting to login page...');
    expect(notifications).toEqual([]);
    expect(browser.assigned).toEqual([]);

    await vi.advanceTimersByTimeAsync(SESSION_EXPIRED_REDIRECT_DELAY_MS);
    expect(browser.assigned).toEqual([
      `/api/account/login?returnUrl=${encodeURIComponent('/settings/filters?tab=mine')}`,
    ]);
  });

  it('redirecting to login removes the unsaved-changes warning first', async () => {
    const server = new FakeServer().on('GET', '/api/tasks', { status: 401 });
    const shell = createTestShell({ server });
    shell.store.dispatch(acquireLock('inspection-form'));

    await shell.store.dispatch(callThunk({ url: 'api/tasks' })).catch(() => undefined);

    expect(shell.store.getState().unsaved.locks).toEqual([]);
    expect(shell.browser.assigned).toHaveLength(1);
  });

  it('400 with a db-state code is left to the settings loader', async () => {
    const { notifications, errorPage } = await failWith({
      status: 400,
      json: { code: 'db-state/db-server-unavailable' },
    });

    expect(notifications).toEqual([]);
    expect(errorPage.errorOccurred).toBe(false);
  });

  it('ModelState title drops a trailing period and joins messages with newlines', async () => {
    const { notifications } = await failWith({
      status: 400,
      json: {
        Message: 'The request is invalid.',
        ModelState: { name: ['Name is required.'], order: ['Order must be a number.', 'Order is too large.'] },
      },
    });

    expect(notifications).toEqual([
      expect.objectContaining({
        type: 'error',
        title: 'The request is invalid',
        text: 'Name is required.\nOrder must be a number.\nOrder is too large.',
      }),
    ]);
  });

  it.each(KNOWN_ERROR_CODES.map((code) => [code]))('known error code %s shows its own title and text', async (code) => {
    const { notifications } = await failWith({ status: 400, json: { code } });

    expect(notifications).toEqual([expect.objectContaining({ type: 'error', ...KNOWN_ERROR_MESSAGES[code] })]);
  });

  it('licensing/application-is-not-registered shows an error page naming the application', async () => {
    const { errorPage, notifications } = await failWith(
      { status: 400, json: { code: 'licensing/application-is-not-registered' } },
      { edition: 'web-inspect' },
    );

    expect(errorPage.errorOccurred).toBe(true);
    expect(errorPage.info?.title).toBe('Application not registered');
    expect(errorPage.info?.description).toContain('Manway Inspect');
    expect(notifications).toEqual([]);
  });

  it('licensing/instance-limit-exceeds shows the instance-limit error page', async () => {
    const { errorPage } = await failWith({ status: 400, json: { code: 'licensing/instance-limit-exceeds' } });

    expect(errorPage.errorOccurred).toBe(true);
    expect(errorPage.info?.title).toBe('Instance limit exceeded');
  });

  it.each([
    ['licensing/inspect-seat-not-available', INSPECT_SEAT_LIMIT_PAGE],
    ['licensing/office-seat-not-available', OFFICE_SEAT_LIMIT_PAGE],
    ['licensing/office-editing-seat-not-available', OFFICE_EDITING_SEAT_LIMIT_PAGE],
    ['licensing/websync-seat-not-available', WEBSYNC_SEAT_LIMIT_PAGE],
    ['licensing/licence-expired', licenceExpiredPage('Manway Inspect')],
  ])('%s on any call shows its page', async (code, page) => {
    const { errorPage, notifications } = await failWith({ status: 400, json: { code } }, { edition: 'web-inspect' });

    expect(errorPage).toEqual({ info: page, errorOccurred: true });
    expect(notifications).toEqual([]);
  });

  it('an edit refused for want of an Office editing licence is a notification, not a page', async () => {
    const { errorPage, notifications } = await failWith({
      status: 400,
      json: { code: 'licensing/office-editing-licence-not-found' },
    });

    expect(errorPage.errorOccurred).toBe(false);
    expect(notifications).toEqual([
      expect.objectContaining({ type: 'error', title: 'Office editing licence not found' }),
    ]);
  });

  it('any other 400 shows the unexpected-error notification', async () => {
    const { notifications } = await failWith({ status: 400, json: { code: 'something/new' } });

    expect(notifications).toEqual([
      expect.objectContaining({
        type: 'error',
        title: 'Something unexpected just happened',
        text: 'Please try refreshing the page and check your connection.',
      }),
    ]);
  });

  it('403 shows Access denied with the server message', async () => {
    const { notifications } = await failWith({
      status: 403,
      json: { message: 'Only administrators may change this.' },
    });

    expect(notifications).toEqual([
      expect.objectContaining({ type: 'error', title: 'Access denied', text: 'Only administrators may change this.' }),
    ]);
  });

  it("the edit-denied notification says 'Access denied' once: as its title", async () => {
    const { notifications } = await failWith({
      status: 403,
      json: { message: 'Access denied. You have no permissions to edit object.' },
    });

    expect(notifications).toEqual([
      expect.objectContaining({ title: 'Access denied', text: 'You have no permissions to edit object.' }),
    ]);
  });

  it('403 shows Access denied with a plain-text server reason', async () => {
    const { notifications } = await failWith({ status: 403, text: 'Cross-site requests are not allowed.' });

    expect(notifications).toEqual([
      expect.objectContaining({ title: 'Access denied', text: 'Cross-site requests are not allowed.' }),
    ]);
  });

  it('403 without a reason shows the default no-permissions text', async () => {
    const { notifications } = await failWith({ status: 403 });

    expect(notifications).toEqual([
      expect.objectContaining({ title: 'Access denied', text: 'You have no permissions to perform this action' }),
    ]);
  });

  it('409 shows nothing', async () => {
    const { notifications, errorPage } = await failWith({ status: 409, json: { message: 'Conflict' } });

    expect(notifications).toEqual([]);
    expect(errorPage.errorOccurred).toBe(false);
  });

  it.each([[404], [500], [502]])('status %i shows the unexpected-error notification', async (status) => {
    const { notifications } = await failWith({ status });

    expect(notifications).toEqual([
      expect.objectContaining({ type: 'error', title: 'Something unexpected just happened' }),
    ]);
  });

  it('a call that words a status itself shows its catalogue message for it, and the global one for others', async () => {
    const statusMessages = { 404: KNOWN_ERROR_MESSAGES['object/not-found'] };
    const missing = await failWith({ status: 404, json: { message: 'Object not found' } }, { statusMessages });
    const broken = await failWith({ status: 500 }, { statusMessages });

    expect(missing.notifications).toEqual([
      expect.objectContaining({
        type: 'error',
        title: 'Object not found',
        text: KNOWN_ERROR_MESSAGES['object/not-found'].text,
      }),
    ]);
    expect(broken.notifications).toEqual([
      expect.objectContaining({ type: 'error', title: 'Something unexpected just happened' }),
    ]);
  });

  it('ignoreGlobal skips all handling but 401', async () => {
    const forbidden = await failWith({ status: 403 }, { ignoreGlobal: true });
    const notRegistered = await failWith(
      { status: 400, json: { code: 'licensing/application-is-not-registered' } },
      { ignoreGlobal: true },
    );
    const serverError = await failWith({ status: 500 }, { ignoreGlobal: true });
    const unauthorized = await failWith({ status: 401 }, { ignoreGlobal: true });

    expect(forbidden.notifications).toEqual([]);
    expect(notRegistered.errorPage.errorOccurred).toBe(false);
    expect(serverError.notifications).toEqual([]);
    expect(unauthorized.browser.assigned).toHaveLength(1);
  });
});
