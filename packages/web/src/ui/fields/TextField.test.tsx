import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { REQUIRED_MESSAGE } from '@manway/core/rules/field-validation';
import { TextField, type TextFieldProps } from './TextField';

function ControlledTextField({
  initialValue = null,
  onChange,
  ...props
}: Omit<TextFieldProps, 'value' | 'onChange'> & { initialValue?: string | null; onChange?: (value: string) => void }) {
  const [value, setValue] = useState(initialValue);
  return (
    <>
      <TextField
        {...props}
        value={value}
        onChange={(next) => {
          onChange?.(next);
          setValue(next);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

const input = () => screen.getByRole('textbox', { name: /Asset name/ });

describe('text field', () => {
  it('is labelled by its label and reports each keystroke', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledTextField label="Asset name" onChange={onChange} />);

    await user.type(input(), 'MH-12');

    expect(input()).toHaveValue('MH-12');
    expect(onChange).toHaveBeenLastCalledWith('MH-12');
    expect(onChange).toHaveBeenCalledTimes(5);
  });

  it('typing is blocked if the length exceeds maxLength', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ControlledTextField label="Asset name" rules={{ maxLength: 3 }} onChange={onChange} />);

    await user.type(input(), 'abcdef');

    expect(input()).toHaveValue('abc');
    expect(onChange).not.toHaveBeenCalledWith('abcd');
  });

  it('errors appear only once the field was touched', async () => {
    const user = userEvent.setup();
    render(<ControlledTextField label="Asset name" rules={{ required: true }} />);
    expect(screen.queryByText(REQUIRED_MESSAGE)).not.toBeInTheDocument();
    expect(input()).not.toBeInvalid();

    await user.click(input());
    await user.tab();

    expect(screen.getByText(REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(input()).toBeInvalid();
  });

  it('errors do not appear while the field is focused', async () => {
    const user = userEvent.setup();
    render(<ControlledTextField label="Asset name" rules={{ required: true }} showError />);
    expect(screen.getByText(REQUIRED_MESSAGE)).toBeInTheDocument();

    await user.click(input());
    expect(screen.queryByText(REQUIRED_MESSAGE)).not.toBeInTheDocument();
    expect(input()).not.toBeInvalid();

    await user.tab();
    expect(screen.getByText(REQUIRED_MESSAGE)).toBeInTheDocument();
  });

  it('showError shows the error before the field was touched', () => {
    render(<ControlledTextField label="Asset name" rules={{ required: true }} showError />);
    expect(screen.getByText(REQUIRED_MESSAGE)).toBeInTheDocument();
  });

  it('ties the error to the input for assistive technology', async () => {
    const user = userEvent.setup();
    render(<ControlledTextField label="Asset name" rules={{ required: true }} />);
    expect(input()).toHaveAttribute('aria-required', 'true');
    expect(input()).not.toHaveAttribute('aria-describedby');

    await user.click(input());
    await user.tab();

    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveAccessibleDescription(REQUIRED_MESSAGE);
  });

  it('the error goes once the value is fixed', async () => {
    const user = userEvent.setup();
    render(<ControlledTextField label="Asset name" rules={{ required: true }} showError />);
    await user.type(input(), 'V-7');
    await user.tab();
    expect(screen.queryByText(REQUIRED_MESSAGE)).not.toBeInTheDocument();
    expect(input()).not.toBeInvalid();
  });

  it("a regex that does not match the whole value shows the default mask message, or the rule's own", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<ControlledTextField label="Asset name" rules={{ regex: { expression: '\\d{4}' } }} />);
    await user.type(input(), '12345');
    await user.tab();
    expect(screen.getByText('The value does not match the mask')).toBeInTheDocument();
    unmount();

    render(
      <ControlledTextField label="Asset name" rules={{ regex: { expression: '[A-Z]+', message: 'Capitals only' } }} />,
    );
    await user.type(input(), 'abc');
    await user.tab();
    expect(screen.getByText('Capitals only')).toBeInTheDocument();
  });

  it('a value set from outside that is too long shows the maxLength message', () => {
    render(<ControlledTextField label="Asset name" initialValue="Manhole 12" rules={{ maxLength: 5 }} showError />);
    expect(screen.getByText('The value exceeds the maximum allowed length (5)')).toBeInTheDocument();
  });

  it('the first failing custom validator supplies its message', async () => {
    const user = userEvent.setup();
    render(
      <ControlledTextField
        label="Asset name"
        rules={{ customValidators: [(v) => (v?.startsWith('MH') ? null : 'Starts with MH'), () => 'Never shown'] }}
      />,
    );
    await user.type(input(), 'V-1');
    await user.tab();
    expect(screen.getByText('Starts with MH')).toBeInTheDocument();
    expect(screen.queryByText('Never shown')).not.toBeInTheDocument();
  });

  it('a readonly field can be focused but not changed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <ControlledTextField label="Asset name" initialValue="MH-1" rules={{ readonly: true }} onChange={onChange} />,
    );

    await user.click(input());
    await user.keyboard('x');

    expect(input()).toHaveFocus();
    expect(input()).toHaveValue('MH-1');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a disabled field takes no input and shows no error', () => {
    render(<ControlledTextField label="Asset name" rules={{ disabled: true, required: true }} showError />);
    expect(input()).toBeDisabled();
    expect(screen.queryByText(REQUIRED_MESSAGE)).not.toBeInTheDocument();
  });

  it('resetDefault puts the default back when the field is left empty', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <ControlledTextField
        label="Asset name"
        initialValue="Custom"
        defaultValue="Unnamed"
        rules={{ resetDefault: true }}
        onChange={onChange}
      />,
    );

    await user.clear(input());
    expect(onChange).toHaveBeenLastCalledWith('');
    await user.tab();

    expect(input()).toHaveValue('Unnamed');
    expect(onChange).toHaveBeenLastCalledWith('Unnamed');
  });

  it('shows a value changed from outside', () => {
    const { rerender } = render(<TextField label="Asset name" value="First" onChange={() => undefined} />);
    rerender(<TextField label="Asset name" value="Second" onChange={() => undefined} />);
    expect(input()).toHaveValue('Second');
    rerender(<TextField label="Asset name" value={null} onChange={() => undefined} />);
    expect(input()).toHaveValue('');
  });
});
