import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { DEFAULT_ICON_BUTTON_SIZE, ICON_SIZE_PX, IconButton } from './IconButton';
import { CloseIcon } from './icons';

describe('button', () => {
  it('shows a pressed state while the pointer is down, cleared on release', async () => {
    const user = userEvent.setup();
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });

    await user.pointer({ keys: '[MouseLeft>]', target: button });
    expect(button).toHaveAttribute('data-pressed', 'true');
    expect(button).toHaveClass('mw-button--pressed');
    await user.pointer({ keys: '[/MouseLeft]', target: button });
    expect(button).not.toHaveAttribute('data-pressed');
  });

  it('the pressed state ends when the pointer leaves or the press is cancelled', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });

    fireEvent.pointerDown(button);
    fireEvent.pointerLeave(button);
    expect(button).not.toHaveAttribute('data-pressed');
    fireEvent.pointerDown(button);
    fireEvent.pointerCancel(button);
    expect(button).not.toHaveAttribute('data-pressed');
  });

  it('shows a pressed state while a finger is down, cleared on touchend and touchcancel', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });

    fireEvent.touchStart(button);
    expect(button).toHaveAttribute('data-pressed', 'true');
    fireEvent.touchEnd(button);
    expect(button).not.toHaveAttribute('data-pressed');
    fireEvent.touchStart(button);
    fireEvent.touchCancel(button);
    expect(button).not.toHaveAttribute('data-pressed');
  });

  it('still calls the pointer handlers it is given', () => {
    const onPointerDown = vi.fn();
    render(<Button onPointerDown={onPointerDown}>Save</Button>);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Save' }));
    expect(onPointerDown).toHaveBeenCalledTimes(1);
  });

  it('disabled does nothing: no click and no pressed state', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    await user.click(button);
    fireEvent.pointerDown(button);
    fireEvent.touchStart(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button).not.toHaveAttribute('data-pressed');
  });
});

describe('icon button', () => {
  it('is small by default and named by its label', () => {
    render(<IconButton label="Close panel" icon={<CloseIcon />} />);
    const button = screen.getByRole('button', { name: 'Close panel' });
    expect(DEFAULT_ICON_BUTTON_SIZE).toBe('small');
    expect(button).toHaveClass('mw-icon-button--small');
    expect(button).toHaveAttribute('title', 'Close panel');
    expect(button.style.getPropertyValue('--mw-icon-size')).toBe(`${ICON_SIZE_PX.small}px`);
  });

  it('icon sizes stay within 12 to 30 pixels', () => {
    for (const size of Object.values(ICON_SIZE_PX)) {
      expect(size).toBeGreaterThanOrEqual(12);
      expect(size).toBeLessThanOrEqual(30);
    }
    render(<IconButton label="Zoom in" size="large" icon={<CloseIcon />} />);
    expect(screen.getByRole('button', { name: 'Zoom in' })).toHaveClass('mw-icon-button--large');
  });

  it('shows a pressed state and, disabled, does nothing', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(<IconButton label="Remove" icon={<CloseIcon />} onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Remove' });
    fireEvent.pointerDown(button);
    expect(button).toHaveAttribute('data-pressed', 'true');
    fireEvent.pointerUp(button);

    rerender(<IconButton label="Remove" icon={<CloseIcon />} onClick={onClick} disabled />);
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
