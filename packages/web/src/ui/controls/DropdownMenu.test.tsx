import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DropdownMenu, type DropdownMenuItem } from './DropdownMenu';

function items(onSelect: (id: string) => void = () => undefined): DropdownMenuItem[] {
  return [
    { id: 'pdf', label: 'Export PDF', onSelect: () => onSelect('pdf') },
    { id: 'xls', label: 'Export XLS', onSelect: () => onSelect('xls'), disabled: true },
    { id: 'share', label: 'Share link', onSelect: () => onSelect('share') },
  ];
}

function trigger() {
  return screen.getByRole('button', { name: 'Actions' });
}

describe('dropdown menu', () => {
  it('is toggled by its trigger and reports each toggle', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    render(<DropdownMenu trigger="Actions" items={items()} onToggle={onToggle} />);

    expect(trigger()).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(trigger());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Actions' })).toBeInTheDocument();
    await user.click(trigger());
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onToggle.mock.calls).toEqual([[true], [false]]);
  });

  it('can be forced open by the visible flag', () => {
    render(<DropdownMenu trigger="Actions" items={items()} visible />);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    // Forced open is not an invitation to take the user's focus.
    expect(document.body).toHaveFocus();
  });

  it('arrow keys move between items and wrap; Home and End jump', async () => {
    const user = userEvent.setup();
    render(<DropdownMenu trigger="Actions" items={items()} />);
    trigger().focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Export PDF' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Export XLS' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: 'Export XLS' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Share link' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Export PDF' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Share link' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Export PDF' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Share link' })).toHaveFocus();
  });

  it('ArrowUp on the trigger opens on the last item', async () => {
    const user = userEvent.setup();
    render(<DropdownMenu trigger="Actions" items={items()} />);
    trigger().focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Share link' })).toHaveFocus();
  });

  it('Escape closes and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    render(<DropdownMenu trigger="Actions" items={items()} onToggle={onToggle} />);
    await user.click(trigger());
    expect(screen.getByRole('menuitem', { name: 'Export PDF' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
    expect(onToggle).toHaveBeenLastCalledWith(false);
  });

  it('choosing an item runs it, closes and returns focus; a disabled item does nothing', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<DropdownMenu trigger="Actions" items={items(onSelect)} />);
    await user.click(trigger());
    await user.click(screen.getByRole('menuitem', { name: 'Export XLS' }));
    await user.keyboard('{Enter}');
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeInTheDocument();

    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('share');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
  });

  it('closes on a click outside and reports it', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    render(
      <>
        <p>Elsewhere</p>
        <DropdownMenu trigger="Actions" items={items()} onToggle={onToggle} />
      </>,
    );
    await user.click(trigger());
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onToggle.mock.calls).toEqual([[true], [false]]);
  });

  it('Tab closes the menu', async () => {
    const user = userEvent.setup();
    render(
      <>
        <DropdownMenu trigger="Actions" items={items()} />
        <button type="button">Next</button>
      </>,
    );
    await user.click(trigger());
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
