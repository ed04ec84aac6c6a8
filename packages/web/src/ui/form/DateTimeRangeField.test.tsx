import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateTimeRangeField, type DateTimeRangeFieldValue } from './DateTimeRangeField';

function HeldRange({
  onChange,
  initial,
}: {
  onChange: (value: DateTimeRangeFieldValue) => void;
  initial: DateTimeRangeFieldValue;
}) {
  const [value, setValue] = useState(initial);
  return (
    <DateTimeRangeField
      label="Inspected"
      timeZone="UTC"
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

describe('date-time range field', () => {
  it('the date-range end defaults to the end of the period of the start', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<HeldRange onChange={onChange} initial={{ start: null, end: null }} />);
    expect(screen.getByRole('group', { name: 'Inspected' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'From' }), '2024-03-05T10:30:00Z');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith({ start: '2024-03-05T10:30:00.000Z', end: '2024-03-05T23:59:59.999Z' });
  });

  it('an end the user chose is kept when the start changes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<HeldRange onChange={onChange} initial={{ start: null, end: '2024-04-01T00:00:00.000Z' }} />);
    await user.type(screen.getByRole('textbox', { name: 'From' }), '2024-03-05T10:30:00Z');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith({ start: '2024-03-05T10:30:00.000Z', end: '2024-04-01T00:00:00.000Z' });
  });

  it('a start that is no date-time leaves the end empty', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<HeldRange onChange={onChange} initial={{ start: null, end: null }} />);
    await user.type(screen.getByRole('textbox', { name: 'From' }), 'soon');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith({ start: 'soon', end: null });
  });
});
