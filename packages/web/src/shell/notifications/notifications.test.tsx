import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { advanceTimers } from '../../testing/fakeTimers';
import { createTestShell } from '../../testing/fixtures';
import { renderInShell } from '../../testing/render';
import { NotificationArea } from './NotificationArea';
import {
  hideAllNotifications,
  hideNotification,
  NOTIFICATION_AUTO_HIDE_MS,
  notificationsReducer,
  showNotification,
} from './notificationsSlice';

const reduce = (...actions: Parameters<typeof notificationsReducer>[1][]) =>
  actions.reduce(notificationsReducer, notificationsReducer(undefined, { type: 'init' }));

afterEach(() => {
  vi.useRealTimers();
});

describe('notifications', () => {
  it('a notification has an id, type, title, text, optional link and autoHide flag', () => {
    const state = reduce(
      showNotification({
        type: 'info',
        title: 'Report ready',
        text: 'Monthly report',
        link: { path: '/reports', text: 'Open reports' },
      }),
    );

    expect(state.items).toEqual([
      {
        id: expect.any(String),
        type: 'info',
        title: 'Report ready',
        text: 'Monthly report',
        link: { path: '/reports', text: 'Open reports' },
        autoHide: true,
      },
    ]);
  });

  it('a new success notification replaces earlier successes', () => {
    const state = reduce(
      showNotification({ type: 'success', title: 'Saved' }),
      showNotification({ type: 'warning', title: 'Check the GPS' }),
      showNotification({ type: 'success', title: 'Saved again' }),
    );

    expect(state.items.map((n) => n.title)).toEqual(['Check the GPS', 'Saved again']);
  });

  it('notifications of other types stack up', () => {
    const state = reduce(
      showNotification({ type: 'error', title: 'One' }),
      showNotification({ type: 'error', title: 'Two' }),
    );
    expect(state.items.map((n) => n.title)).toEqual(['One', 'Two']);
  });

  it('hides one notification or all of them', () => {
    const shown = reduce(
      showNotification({ type: 'error', title: 'One' }),
      showNotification({ type: 'info', title: 'Two' }),
    );
    const [first] = shown.items;

    expect(notificationsReducer(shown, hideNotification(first?.id ?? '')).items.map((n) => n.title)).toEqual(['Two']);
    expect(notificationsReducer(shown, hideAllNotifications()).items).toEqual([]);
  });

  it('auto-hides after 3000 ms when flagged', () => {
    vi.useFakeTimers();
    const { store, config } = createTestShell();
    renderInShell(<NotificationArea />, { store, config });

    act(() => {
      store.dispatch(showNotification({ type: 'success', title: 'Saved' }));
      store.dispatch(showNotification({ type: 'error', title: 'Upload failed', autoHide: false }));
    });
    expect(screen.getAllByTestId('notification')).toHaveLength(2);

    advanceTimers(NOTIFICATION_AUTO_HIDE_MS - 1);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    advanceTimers(1);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByText('Upload failed')).toBeInTheDocument();
    expect(NOTIFICATION_AUTO_HIDE_MS).toBe(3000);
  });

  it('errors are announced as alerts and show multi-line text', async () => {
    const { store, config } = createTestShell();
    renderInShell(<NotificationArea />, { store, config });

    act(() => {
      store.dispatch(showNotification({ type: 'error', title: 'Invalid', text: 'First\nSecond' }));
    });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Invalid')).toBeInTheDocument();
    expect(within(alert).getByText(/First\s+Second/)).toBeInTheDocument();
  });

  it('the close button hides one notification and Dismiss all hides the rest', async () => {
    const user = userEvent.setup();
    const { store, config } = createTestShell();
    renderInShell(<NotificationArea />, { store, config });
    act(() => {
      store.dispatch(showNotification({ type: 'error', title: 'One' }));
      store.dispatch(showNotification({ type: 'warning', title: 'Two' }));
      store.dispatch(showNotification({ type: 'error', title: 'Three' }));
    });

    await user.click(screen.getByRole('button', { name: 'Dismiss notification: One' }));
    expect(store.getState().notifications.items.map((n) => n.title)).toEqual(['Two', 'Three']);

    await user.click(screen.getByRole('button', { name: 'Dismiss all' }));
    expect(store.getState().notifications.items).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('a notification link leads to its route', async () => {
    const user = userEvent.setup();
    const { store, config } = createTestShell();
    renderInShell(<NotificationArea />, { store, config });
    act(() => {
      store.dispatch(
        showNotification({ type: 'info', title: 'Report ready', link: { path: '/reports', text: 'Open reports' } }),
      );
    });

    await user.click(screen.getByRole('link', { name: 'Open reports' }));

    expect(await screen.findByText('Another page')).toBeInTheDocument();
  });
});
