import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createTestShell } from '../../testing/fixtures';
import { renderInShell } from '../../testing/render';
import { confirm } from './confirm';
import { ConfirmDialog } from './ConfirmDialog';
import { confirmAccepted, confirmRejected, type ConfirmConfig } from './confirmSlice';

function showConfirm(config: ConfirmConfig) {
  const shell = createTestShell();
  renderInShell(<ConfirmDialog />, shell);
  let answer!: Promise<boolean>;
  act(() => {
    answer = shell.store.dispatch(confirm(config));
  });
  return { ...shell, answer, user: userEvent.setup() };
}

describe('confirmation', () => {
  it('confirm resolves true and clears the slot', async () => {
    const { store } = createTestShell();
    const answer = store.dispatch(confirm({ title: 'Delete the report?' }));
    expect(store.getState().confirm.current).toMatchObject({ title: 'Delete the report?' });

    store.dispatch(confirmAccepted());

    await expect(answer).resolves.toBe(true);
    expect(store.getState().confirm.current).toBeNull();
  });

  it('reject resolves false and clears the slot', async () => {
    const { store } = createTestShell();
    const answer = store.dispatch(confirm({ title: 'Delete the report?' }));

    store.dispatch(confirmRejected());

    await expect(answer).resolves.toBe(false);
    expect(store.getState().confirm.current).toBeNull();
  });

  it('a newer confirmation takes the single slot and settles the older one as false', async () => {
    const { store } = createTestShell();
    const first = store.dispatch(confirm({ title: 'First?' }));
    const second = store.dispatch(confirm({ title: 'Second?' }));

    await expect(first).resolves.toBe(false);
    expect(store.getState().confirm.current?.title).toBe('Second?');
    store.dispatch(confirmAccepted());
    await expect(second).resolves.toBe(true);
  });

  it('a normal confirm shows title and text and proceeds on the proceed button', async () => {
    const { answer, user } = showConfirm({
      title: 'Publish the report?',
      text: 'Everyone will see it.',
      proceedButtonText: 'Publish',
      cancelButtonText: 'Keep private',
    });

    const dialog = screen.getByRole('alertdialog', { name: 'Publish the report?' });
    expect(dialog).toHaveAccessibleDescription('Everyone will see it.');
    expect(screen.getByRole('button', { name: 'Keep private' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('the cancel button rejects', async () => {
    const { answer, user } = showConfirm({ title: 'Leave?' });

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await expect(answer).resolves.toBe(false);
  });

  it('Escape rejects', async () => {
    const { answer, user } = showConfirm({ title: 'Leave?' });

    await user.keyboard('{Escape}');

    await expect(answer).resolves.toBe(false);
  });

  it('a noMessage confirm shows no text', () => {
    showConfirm({ type: 'noMessage', title: 'Remove the widget?', text: 'ignored' });

    expect(screen.getByRole('alertdialog', { name: 'Remove the widget?' })).not.toHaveAccessibleDescription();
    expect(screen.queryByText('ignored')).not.toBeInTheDocument();
  });

  it('critical confirm proceeds only after the checkbox is ticked', async () => {
    const { answer, user } = showConfirm({
      type: 'critical',
      title: 'Delete the project?',
      checkboxLabel: 'I understand that all inspections of this project are deleted too',
      proceedButtonText: 'Delete',
    });
    const proceed = screen.getByRole('button', { name: 'Delete' });

    expect(proceed).toBeDisabled();
    await user.click(
      screen.getByRole('checkbox', { name: 'I understand that all inspections of this project are deleted too' }),
    );
    expect(proceed).toBeEnabled();
    await user.click(proceed);

    await expect(answer).resolves.toBe(true);
  });

  it('mass delete proceeds only when the typed number equals the count', async () => {
    const { answer, user } = showConfirm({
      type: 'massDelete',
      title: 'Delete 12 assets?',
      count: 12,
      proceedButtonText: 'Delete',
    });
    const proceed = screen.getByRole('button', { name: 'Delete' });
    const input = screen.getByRole('textbox', { name: 'Type 12 to confirm' });

    expect(proceed).toBeDisabled();
    await user.type(input, '1');
    expect(proceed).toBeDisabled();
    await user.type(input, '3');
    expect(proceed).toBeDisabled();
    await user.clear(input);
    await user.type(input, '12{Enter}');

    await expect(answer).resolves.toBe(true);
  });

  it('disabledProceed keeps the proceed button disabled', () => {
    showConfirm({ title: 'Save?', disabledProceed: true });

    expect(screen.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  });
});
