import { describe, expect, it } from 'vitest';
import type { Edition } from '@manway/core/editions';
import { createTestShell, generalSettings } from '../../testing/fixtures';
import { FakeServer, type FakeReply } from '../../testing/fakeServer';
import {
  ACCESS_DENIED_PAGE,
  applicationNotRegisteredPage,
  BOM_VERSION_CHANGED_PAGE,
  DATABASE_UNAVAILABLE_PAGE,
  FATAL_ERROR_PAGE,
  GENERIC_ERROR_PAGE,
  INSTANCE_LIMIT_EXCEEDED_PAGE,
  licenceExpiredPage,
  OFFICE_EDITING_LICENCE_PAGE,
  OFFICE_SEAT_LIMIT_PAGE,
  UNSUPPORTED_DATABASE_VERSION_PAGE,
} from '../errors/errorPages';
import { loadGeneralSettings } from './loadSettings';

async function load(reply: FakeReply, edition?: Edition) {
  const server = new FakeServer().on('GET', '/api/settings/general', reply);
  const shell = createTestShell({ server, edition });
  await shell.store.dispatch(loadGeneralSettings());
  return { ...shell, state: shell.store.getState() };
}

describe('general settings load', () => {
  it('loads GET api/settings/general into the settings state', async () => {
    const { state, server } = await load({ json: generalSettings() });

    expect(server.callsTo('GET', '/api/settings/general')).toHaveLength(1);
    expect(state.settings).toMatchObject({ loaded: true, loading: false, data: generalSettings() });
    expect(state.errorPage.errorOccurred).toBe(false);
    expect(state.notifications.items).toEqual([]);
  });

  it('a licence warning in the settings produces a warning notification', async () => {
    const { state } = await load({ json: generalSettings({ licenseWarning: 'Your licence expires in 5 days.' }) });

    expect(state.notifications.items).toEqual([
      expect.objectContaining({ type: 'warning', title: 'Licence warning', text: 'Your licence expires in 5 days.' }),
    ]);
  });

  it.each([
    ['db-state/db-server-unavailable', DATABASE_UNAVAILABLE_PAGE],
    ['db-state/unsupported-db-version', UNSUPPORTED_DATABASE_VERSION_PAGE],
    ['db-state/bom-version-changed', BOM_VERSION_CHANGED_PAGE],
  ])('400 with %s shows its own page and no notification', async (code, page) => {
    const { state } = await load({ status: 400, json: { code } });

    expect(state.errorPage).toEqual({ info: page, errorOccurred: true });
    expect(state.settings).toMatchObject({ loading: false, loaded: false, error: { code } });
    expect(state.notifications.items).toEqual([]);
  });

  it('licensing/application-is-not-registered: error page with the application name', async () => {
    const { state } = await load(
      { status: 400, json: { code: 'licensing/application-is-not-registered' } },
      'web-inspect',
    );

    expect(state.errorPage).toEqual({ info: applicationNotRegisteredPage('Manway Inspect'), errorOccurred: true });
    expect(state.errorPage.info?.description).toContain('Manway Inspect');
    expect(state.notifications.items).toEqual([]);
  });

  it('licensing/instance-limit-exceeds: error page', async () => {
    const { state } = await load({ status: 400, json: { code: 'licensing/instance-limit-exceeds' } });

    expect(state.errorPage).toEqual({ info: INSTANCE_LIMIT_EXCEEDED_PAGE, errorOccurred: true });
    expect(state.notifications.items).toEqual([]);
  });

  it.each([
    ['licensing/licence-expired', licenceExpiredPage('Manway Office')],
    ['licensing/office-editing-licence-not-found', OFFICE_EDITING_LICENCE_PAGE],
    ['licensing/office-seat-not-available', OFFICE_SEAT_LIMIT_PAGE],
  ])('%s on the settings load shows its page', async (code, page) => {
    const { state } = await load({ status: 400, json: { code } });

    expect(state.errorPage).toEqual({ info: page, errorOccurred: true });
    expect(page.description).toContain('Office');
    expect(state.notifications.items).toEqual([]);
  });

  it('the BOM-version-changed page says a server restart is needed and offers Restart Web App', () => {
    expect(BOM_VERSION_CHANGED_PAGE.description).toContain('requires a server restart');
    expect(BOM_VERSION_CHANGED_PAGE.isRestartButton).toBe(true);
  });

  it('403 shows the access-denied page with a Log off button', async () => {
    const { state } = await load({ status: 403, json: { message: 'No access' } });

    expect(state.errorPage.info).toEqual(ACCESS_DENIED_PAGE);
    expect(state.errorPage.info?.showLogOffButton).toBe(true);
    expect(state.notifications.items).toEqual([]);
  });

  it.each([[500], [404]])('status %i shows the generic error page', async (status) => {
    const { state } = await load({ status });

    expect(state.errorPage.info).toEqual(GENERIC_ERROR_PAGE);
  });

  it('a 400 without a db-state code shows the generic error page', async () => {
    const { state } = await load({ status: 400, json: { code: 'something/else' } });

    expect(state.errorPage.info).toEqual(GENERIC_ERROR_PAGE);
  });

  it.each([[500], [404]])(
    'in the WebSync console, any unexpected failure during startup (status %i): fatal error page',
    async (status) => {
      const { state } = await load({ status }, 'web-websync');

      expect(state.errorPage.info).toEqual(FATAL_ERROR_PAGE);
    },
  );

  it('in the WebSync console, 403 on start-up still shows the access-denied page', async () => {
    const { state } = await load({ status: 403 }, 'web-websync');

    expect(state.errorPage.info).toEqual(ACCESS_DENIED_PAGE);
  });

  it('an answer that is not general settings shows the generic error page', async () => {
    const { state } = await load({ json: { user: 'nobody' } });

    expect(state.settings.loaded).toBe(false);
    expect(state.errorPage.info).toEqual(GENERIC_ERROR_PAGE);
  });

  it('401 leaves the page to the login redirect', async () => {
    const { state, browser } = await load({ status: 401 });

    expect(state.errorPage.errorOccurred).toBe(false);
    expect(browser.assigned).toHaveLength(1);
  });
});
