import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BoundedModal, Modal } from './Modal';

function Harness({ onDismiss = () => undefined }: { onDismiss?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal
          labelledBy="t"
          onDismiss={() => {
            onDismiss();
            setOpen(false);
          }}
        >
          <h2 id="t">Edit location</h2>
          <button type="button">First</button>
          <button type="button">Last</button>
        </Modal>
      )}
    </>
  );
}

function backdropOf(dialog: HTMLElement): HTMLElement {
  const backdrop = dialog.parentElement;
  if (!backdrop) throw new Error('modal has no backdrop');
  return backdrop;
}

describe('modal', () => {
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

    await user.click(backdropOf(screen.getByRole('dialog')));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('closes on a tap outside (touchend is heard as well as click)', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    render(<Harness onDismiss={onDismiss} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));

    fireEvent.touchEnd(screen.getByRole('heading', { name: 'Edit location' }));
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.touchEnd(backdropOf(screen.getByRole('dialog')));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('a press that starts inside and is released outside does not close', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    render(<Harness onDismiss={onDismiss} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));

    const heading = screen.getByRole('heading', { name: 'Edit location' });
    const backdrop = backdropOf(screen.getByRole('dialog'));
    await user.pointer([
      { keys: '[MouseLeft>]', target: heading },
      { pointerName: 'mouse', target: backdrop },
      { keys: '[/MouseLeft]', target: backdrop },
    ]);
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it('the close key closes only the innermost of two nested modals, and each traps its own focus', async () => {
    const user = userEvent.setup();
    const outerDismiss = vi.fn();
    function Nested() {
      const [innerOpen, setInnerOpen] = useState(false);
      return (
        <Modal labelledBy="outer" onDismiss={outerDismiss}>
          <h2 id="outer">Outer</h2>
          <button type="button" onClick={() => setInnerOpen(true)}>
            Open inner
          </button>
          {innerOpen && (
            <Modal labelledBy="inner" onDismiss={() => setInnerOpen(false)}>
              <h2 id="inner">Inner</h2>
              <button type="button">Inner first</button>
              <button type="button">Inner last</button>
            </Modal>
          )}
        </Modal>
      );
    }
    render(<Nested />);
    await user.click(screen.getByRole('button', { name: 'Open inner' }));
    expect(screen.getByRole('button', { name: 'Inner first' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Inner first' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(outerDismiss).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Open inner' })).toHaveFocus();
  });
});

describe('bounded modal', () => {
  it('is held to its maximum width and height, with the title and footer outside its scroll area', () => {
    render(
      <BoundedModal
        title="Pick a layer"
        maxWidth="30rem"
        maxHeight="60vh"
        onDismiss={() => undefined}
        footer={<button type="button">Apply</button>}
      >
        <p>Long content</p>
      </BoundedModal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Pick a layer' });
    expect(dialog).toHaveClass('mw-dialog--bounded');
    expect(dialog.style.getPropertyValue('--mw-modal-max-width')).toBe('30rem');
    expect(dialog.style.getPropertyValue('--mw-modal-max-height')).toBe('60vh');

    const scrollArea = screen.getByText('Long content').closest('.mw-dialog__body');
    expect(scrollArea).not.toBeNull();
    expect(scrollArea).not.toContainElement(screen.getByRole('heading', { name: 'Pick a layer' }));
    expect(scrollArea).not.toContainElement(screen.getByRole('button', { name: 'Apply' }));
  });

  it('closes from its close button, the close key and an outside click', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    render(
      <BoundedModal title="Pick a layer" onDismiss={onDismiss}>
        <p>Content</p>
      </BoundedModal>,
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    await user.click(backdropOf(screen.getByRole('dialog')));
    expect(onDismiss).toHaveBeenCalledTimes(3);
  });
});
