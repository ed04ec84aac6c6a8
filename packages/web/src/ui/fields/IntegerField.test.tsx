import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { REQUIRED_MESSAGE } from '@manway/core/rules/field-validation';
import { IntegerField, type IntegerFieldProps } from './IntegerField';

function ControlledIntegerField({
  initialValue = null,
  onChange,
  ...props
}: Omit<IntegerFieldProps, 'value' | 'onChange'> & {
  initialValue?: number | null;
  onChange?: (value: number | null) => void;
}) {
  const [value, setValue] = useState(initialValue);
  return (
    <>
      <IntegerField
        {...props}
        value={value}
        onChange={(next) => {
          onChange?.(next);
          setValue(next);
        }}
      />
      <output aria-label="Reported value">{JSON.stringify(value)}</output>
    </>
  );
}

const input = () => screen.getByRole('textbox', { name: /Depth/ });
const reported = () => screen.getByRole('status', { name: 'Reported value' }).textContent;

describe('integer field', () => {
  it('numbers are emitted as numbers', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledIntegerField label="Depth" onChange={onChange} />);

    await user.type(input(), '42');

    expect(onChange).toHaveBeenLastCalledWith(42);
    expect(reported()).toBe('42');
  });

  it('allows only digits and a leading minus', async () => {
    const user = userEvent.setup();
    render(<ControlledIntegerField label="Depth" />);

    await user.type(input(), '-a1-2.3e');

    expect(input()).toHaveValue('-123');
    expect(reported()).toBe('-123');
  });

  it("a lone '-' can be typed but reports nothing until it is a number", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledIntegerField label="Depth" onChange={onChange} />);

    await user.type(input(), '-');
    expect(input()).toHaveValue('-');
    expect(onChange).not.toHaveBeenCalled();

    await user.type(input(), '7');
    expect(onChange).toHaveBeenLastCalledWith(-7);
  });

  it('an invalid number emits null on blur', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledIntegerField label="Depth" initialValue={5} onChange={onChange} />);

    await user.clear(input());
    await user.type(input(), '-');
    await user.tab();

    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input()).toHaveValue('');
    expect(reported()).toBe('null');
  });

  it('emptying the field reports null at once', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledIntegerField label="Depth" initialValue={12} onChange={onChange} />);

    await user.clear(input());

    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('typing is blocked if the number exceeds max', async () => {
    const user = userEvent.setup();
    render(<ControlledIntegerField label="Depth" rules={{ max: 100 }} />);

    await user.type(input(), '1000');

    expect(input()).toHaveValue('100');
    expect(reported()).toBe('100');
  });

  it('typing is blocked if the length exceeds maxLength', async () => {
    const user = userEvent.setup();
    render(<ControlledIntegerField label="Depth" rules={{ maxLength: 3 }} />);

    await user.type(input(), '-1234');

    expect(input()).toHaveValue('-12');
  });

  it('a number below min shows the too-low message once the field is left', async () => {
    const user = userEvent.setup();
    render(<ControlledIntegerField label="Depth" rules={{ min: 10 }} />);

    await user.type(input(), '5');
    expect(screen.queryByText('The value is less than allowed minimum (10)')).not.toBeInTheDocument();
    await user.tab();

    expect(screen.getByText('The value is less than allowed minimum (10)')).toBeInTheDocument();
    expect(input()).toHaveAccessibleDescription('The value is less than allowed minimum (10)');
  });

  it('a number above max set from outside shows the too-high message', () => {
    render(<ControlledIntegerField label="Depth" initialValue={150} rules={{ max: 100 }} showError />);
    expect(screen.getByText('The value exceeds the allowed maximum (100)')).toBeInTheDocument();
  });

  it('a required field left empty shows the required message', async () => {
    const user = userEvent.setup();
    render(<ControlledIntegerField label="Depth" rules={{ required: true }} />);
    await user.click(input());
    await user.tab();
    expect(screen.getByText(REQUIRED_MESSAGE)).toBeInTheDocument();
  });

  it('resetDefault puts the default number back when the field is left empty', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <ControlledIntegerField
        label="Depth"
        initialValue={3}
        defaultValue={1}
        rules={{ resetDefault: true }}
        onChange={onChange}
      />,
    );

    await user.clear(input());
    await user.tab();

    expect(input()).toHaveValue('1');
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('a fractional value from outside is shown as the nearest whole number', () => {
    render(<IntegerField label="Depth" value={12.6} onChange={() => undefined} />);
    expect(input()).toHaveValue('13');
  });

  it('asks phones for a keypad with a minus key unless negative numbers are ruled out', () => {
    const { rerender } = render(<IntegerField label="Depth" value={null} onChange={() => undefined} />);
    expect(input()).toHaveAttribute('inputmode', 'text');
    rerender(<IntegerField label="Depth" value={null} onChange={() => undefined} rules={{ min: 0 }} />);
    expect(input()).toHaveAttribute('inputmode', 'numeric');
  });
});
