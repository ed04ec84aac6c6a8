import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestShell } from '../../testing/fixtures';
import { renderInShell } from '../../testing/render';
import { BusyOverlay } from './BusyOverlay';
import { busyReducer, hideSpinner, showSpinner } from './busySlice';

describe('global busy overlay', () => {
  it('show sets the message, by default Please wait a few seconds', () => {
    expect(busyReducer(undefined, showSpinner()).message).toBe('Please wait a few seconds');
    expect(busyReducer(undefined, showSpinner('Generating the report')).message).toBe('Generating the report');
  });

  it('hide clears the message', () => {
    expect(busyReducer({ message: 'Working' }, hideSpinner()).message).toBeNull();
  });

  it('shows a large spinner with the message while set', () => {
    const shell = createTestShell();
    renderInShell(<BusyOverlay />, shell);
    expect(screen.queryByTestId('busy-overlay')).not.toBeInTheDocument();

    act(() => {
      shell.store.dispatch(showSpinner());
    });
    expect(screen.getByRole('status')).toHaveTextContent('Please wait a few seconds');

    act(() => {
      shell.store.dispatch(hideSpinner());
    });
    expect(screen.queryByTestId('busy-overlay')).not.toBeInTheDocument();
  });
});
