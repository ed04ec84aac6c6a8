import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DecimalField, type DecimalFieldProps } from './DecimalField';

function ControlledDecimalField({
  initialValue = null,
  onChange,
  ...props
}: Omit<DecimalFieldProps, 'value' | 'onChange'> & {
  initialValue?: number | null;
  onChange?: (value: number | null) => void;
}) {
  const [value, setValue] = useState(initialValue);
  return (
    <DecimalField
      {...props}
      value={value}
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    />
  );
}

const input = () => screen.getByRole('textbox', { name: /Diameter/ });

describe('decimal field', () => {
  it('allows one decimal point', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledDecimalField label="Diameter" onChange={onChange} />);

    await user.type(input(), '1.2.5');

    expect(input()).toHaveValue('1.25');
    expect(onChange).toHaveBeenLastCalledWith(1.25);
  });

  it('allows no decimal point when precision is 0', async () => {
    const user = userEvent.setup();
    render(<ControlledDecimalField label="Diameter" rules={{ precision: 0 }} />);

    await user.type(input(), '3.5');

    expect(input()).toHaveValue('35');
  });

  it('typing is blocked if the decimals exceed precision', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledDecimalField label="Diameter" rules={{ precision: 2 }} onChange={onChange} />);

    await user.type(input(), '3.14159');

    expect(input()).toHaveValue('3.14');
    expect(onChange).toHaveBeenLastCalledWith(3.14);
  });

  it('typing is blocked if the number exceeds max', async () => {
    const user = userEvent.setup();
    render(<ControlledDecimalField label="Diameter" rules={{ max: 10 }} />);

    await user.type(input(), '10.5');

    expect(input()).toHaveValue('10.');
  });

  it("keeps the point of '12.' while typing, and tidies it on blur", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledDecimalField label="Diameter" onChange={onChange} />);

    await user.type(input(), '12.');
    expect(input()).toHaveValue('12.');
    expect(onChange).toHaveBeenLastCalledWith(12);

    await user.tab();
    expect(input()).toHaveValue('12');
  });

  it('reads a leading point as a fraction', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledDecimalField label="Diameter" onChange={onChange} />);

    await user.type(input(), '-.5');

    expect(onChange).toHaveBeenLastCalledWith(-0.5);
  });

  it('numbers are emitted rounded to the precision', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <ControlledDecimalField label="Diameter" initialValue={2.345} rules={{ precision: 2 }} onChange={onChange} />,
    );
    expect(input()).toHaveValue('2.35');

    await user.click(input());
    await user.tab();

    expect(onChange).toHaveBeenLastCalledWith(2.35);
  });

  it('an invalid number emits null on blur', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledDecimalField label="Diameter" onChange={onChange} />);

    await user.type(input(), '-.');
    expect(onChange).not.toHaveBeenCalled();
    await user.tab();

    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input()).toHaveValue('');
  });

  it('shows a value changed from outside, rounded to the precision', () => {
    const { rerender } = render(
      <DecimalField label="Diameter" value={1.5} rules={{ precision: 1 }} onChange={() => undefined} />,
    );
    rerender(<DecimalField label="Diameter" value={2.26} rules={{ precision: 1 }} onChange={() => undefined} />);
    expect(input()).toHaveValue('2.3');
  });

  it('a number out of range shows its message once touched, and not while focused', async () => {
    const user = userEvent.setup();
    render(<ControlledDecimalField label="Diameter" rules={{ min: 0.5 }} />);

    await user.type(input(), '0.25');
    expect(screen.queryByText('The value is less than allowed minimum (0.5)')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('The value is less than allowed minimum (0.5)')).toBeInTheDocument();
    expect(input()).toBeInvalid();
  });

  it('asks phones for the decimal keypad when negative numbers are ruled out', () => {
    render(<DecimalField label="Diameter" value={null} rules={{ min: 0 }} onChange={() => undefined} />);
    expect(input()).toHaveAttribute('inputmode', 'decimal');
  });
});
