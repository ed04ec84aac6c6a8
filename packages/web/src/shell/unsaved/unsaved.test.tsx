import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestShell } from '../../testing/fixtures';
import { ConfirmDialog } from '../confirm/ConfirmDialog';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';
import { acquireLock, releaseLock, unsavedReducer } from './unsavedSlice';
import { watchUnsavedChanges } from './watchUnsavedChanges';

function leavePage(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('unsaved-changes lock', () => {
  it('named locks are acquired once and released by name', () => {
    const state = [acquireLock('a'), acquireLock('b'), acquireLock('a'), releaseLock('a')].reduce(unsavedReducer, {
      locks: [],
    });
    expect(state.locks).toEqual(['b']);
  });

  it('while any lock is held, leaving the page warns', () => {
    const { store } = createTestShell();
    const stop = watchUnsavedChanges(store, window);

    expect(leavePage()).toBe(false);
    store.dispatch(acquireLock('form'));
    store.dispatch(acquireLock('map-editor'));
    expect(leavePage()).toBe(true);
    store.dispatch(releaseLock('form'));
    expect(leavePage()).toBe(true);
    store.dispatch(releaseLock('map-editor'));
    expect(leavePage()).toBe(false);
    stop();
  });

  it('moving to another route with a lock held asks first; confirming discards the lock', async () => {
    const user = userEvent.setup();
    const { store } = createTestShell();
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <Link to="/">Home</Link> <Link to="/about">About</Link>
              <Outlet />
              <UnsavedChangesGuard />
            </>
          ),
          children: [
            { index: true, element: <h1>Home page</h1> },
            { path: 'about', element: <h1>About page</h1> },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
        <ConfirmDialog />
      </Provider>,
    );
    act(() => {
      store.dispatch(acquireLock('form'));
    });

    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay here' }));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(store.getState().unsaved.locks).toEqual(['form']);

    await user.click(screen.getByRole('link', { name: 'About' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('heading', { name: 'About page' })).toBeInTheDocument();
    expect(store.getState().unsaved.locks).toEqual([]);
  });
});
