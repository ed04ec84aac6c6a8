import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal as Dialog } from './Modal';

function Harness({ onDismiss = () => undefined }: { onDismiss?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog
          labelledBy="t"
          onDismiss={() => {
            onDismiss();
            setOpen(false);
          }}
        >
          <h2 id="t">Edit location</h2>
          <button type="button">First</button>
          <button type="button">Last</button>
        </Dialog>
      )}
    </>
  );
}

describe('dialog', () => {
  it('moves focus in, keeps Tab and Shift+Tab inside, and returns focus on close', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));

    expect(screen.getByRole('dialog', { name: 'Edit location' })).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('closes on a click outside but not on a click inside', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    render(<Harness onDismiss={onDismiss} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));

    await user.click(screen.getByRole('heading', { name: 'Edit location' }));
    expect(onDismiss).not.toHaveBeenCalled();

    const backdrop = screen.getByRole('dialog').parentElement;
    if (!backdrop) throw new Error('dialog has no backdrop');
    await user.click(backdrop);
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('closes on a tap outside', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    render(<Harness onDismiss={onDismiss} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));

    const backdrop = screen.getByRole('dialog').parentElement;
    if (!backdrop) throw new Error('dialog has no backdrop');
    fireEvent.touchEnd(backdrop);

    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
