import { describe, expect, it } from 'vitest';
import { createTestShell } from '../../testing/fixtures';
import { FakeServer } from '../../testing/fakeServer';
import { confirmAccepted, confirmRejected } from '../confirm/confirmSlice';
import { acquireLock } from '../unsaved/unsavedSlice';
import { loginUrl, redirectToLogin, signOut } from './account';

const SSO_LOGOFF = 'https://id.example.com/logout?post_logout_redirect_uri=x';

describe('sign-out', () => {
  it('shows the spinner, calls log-off with the base URL and follows the redirect it answers', async () => {
    const server = new FakeServer().on('POST', '/api/account/logoff', { json: { redirectUrl: SSO_LOGOFF } });
    const { store, browser } = createTestShell({ server });

    const done = store.dispatch(signOut());
    expect(store.getState().busy.message).toBe('Please wait a few seconds');
    await done;

    const [call] = server.callsTo('POST', '/api/account/logoff');
    expect(call?.url.searchParams.get('returnUrl')).toBe('/office/');
    expect(browser.assigned).toEqual([SSO_LOGOFF]);
    // The spinner stays up while the browser leaves.
    expect(store.getState().busy.message).not.toBeNull();
  });

  it('a failed log-off hides the spinner and stays on the page', async () => {
    const server = new FakeServer().on('POST', '/api/account/logoff', { status: 500 });
    const { store, browser } = createTestShell({ server });

    await store.dispatch(signOut());

    expect(store.getState().busy.message).toBeNull();
    expect(browser.assigned).toEqual([]);
    expect(store.getState().notifications.items).toEqual([
      expect.objectContaining({ title: 'Something unexpected just happened' }),
    ]);
  });

  it('an unreadable log-off answer hides the spinner and says something went wrong', async () => {
    const server = new FakeServer().on('POST', '/api/account/logoff', { json: { somewhere: 'else' } });
    const { store, browser } = createTestShell({ server });

    await store.dispatch(signOut());

    expect(store.getState().busy.message).toBeNull();
    expect(browser.assigned).toEqual([]);
    expect(store.getState().notifications.items).toHaveLength(1);
  });

  it('with unsaved changes, signing out asks first and cancelling keeps the user and the changes', async () => {
    const server = new FakeServer().on('POST', '/api/account/logoff', { json: { redirectUrl: '/api/account/login' } });
    const { store } = createTestShell({ server });
    store.dispatch(acquireLock('observation-form'));

    const done = store.dispatch(signOut());
    expect(store.getState().confirm.current?.title).toBe('Discard unsaved changes?');
    store.dispatch(confirmRejected());
    await done;

    expect(server.calls).toEqual([]);
    expect(store.getState().unsaved.locks).toEqual(['observation-form']);
  });

  it('with unsaved changes, confirming discards the lock and signs out', async () => {
    const server = new FakeServer().on('POST', '/api/account/logoff', { json: { redirectUrl: '/api/account/login' } });
    const { store, browser } = createTestShell({ server });
    store.dispatch(acquireLock('observation-form'));

    const done = store.dispatch(signOut());
    store.dispatch(confirmAccepted());
    await done;

    expect(store.getState().unsaved.locks).toEqual([]);
    expect(browser.assigned).toEqual(['/api/account/login']);
  });
});

describe('redirect to login', () => {
  it('removes the unsaved-changes warning, then goes to login with the current path and search', () => {
    const { store, browser } = createTestShell();
    store.dispatch(acquireLock('form'));

    store.dispatch(redirectToLogin());

    expect(store.getState().unsaved.locks).toEqual([]);
    expect(browser.assigned).toEqual(['/api/account/login?returnUrl=%2Foffice%2Fwork%2Forders%3Fpage%3D2']);
  });

  it('the login address sits under the API base URL', () => {
    expect(loginUrl('/manway/', '/office/')).toBe('/manway/api/account/login?returnUrl=%2Foffice%2F');
  });
});
