import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox } from './Checkbox';

describe('checkbox', () => {
  it('without a boolean it keeps its own state', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Checkbox label="Show labels" onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'Show labels' });

    expect(box).not.toBeChecked();
    await user.click(box);
    expect(box).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(true, expect.anything());
    await user.click(screen.getByText('Show labels'));
    expect(box).not.toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(false, expect.anything());
  });

  it('starts from defaultChecked when uncontrolled', () => {
    render(<Checkbox label="Show labels" defaultChecked />);
    expect(screen.getByRole('checkbox', { name: 'Show labels' })).toBeChecked();
  });

  it('with a boolean it is controlled: a click reports the wish but shows what it is given', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(<Checkbox label="Show labels" checked={false} onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'Show labels' });

    await user.click(box);
    expect(onChange).toHaveBeenCalledWith(true, expect.anything());
    expect(box).not.toBeChecked();

    rerender(<Checkbox label="Show labels" checked onChange={onChange} />);
    expect(box).toBeChecked();
  });

  it('controlled by its owner it follows every click', async () => {
    const user = userEvent.setup();
    function Owner() {
      const [on, setOn] = useState(true);
      return <Checkbox label="Show labels" checked={on} onChange={setOn} />;
    }
    render(<Owner />);
    const box = screen.getByRole('checkbox', { name: 'Show labels' });
    await user.click(box);
    expect(box).not.toBeChecked();
    await user.keyboard(' ');
    expect(box).toBeChecked();
  });

  it('disabled ignores clicks', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Checkbox label="Show labels" disabled onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'Show labels' });
    await user.click(box);
    await user.click(screen.getByText('Show labels'));
    expect(box).not.toBeChecked();
    expect(box).toBeDisabled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the indeterminate state as mixed', () => {
    const { rerender } = render(<Checkbox label="Select all" checked={false} indeterminate />);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all' });
    expect(box.indeterminate).toBe(true);
    expect(box).toBePartiallyChecked();
    rerender(<Checkbox label="Select all" checked={false} />);
    expect(box.indeterminate).toBe(false);
  });

  it('a hidden label still names the checkbox', () => {
    render(<Checkbox label="Select row 3" hideLabel />);
    expect(screen.getByRole('checkbox', { name: 'Select row 3' })).toBeInTheDocument();
    expect(screen.getByText('Select row 3')).toHaveClass('mw-visually-hidden');
  });
});
