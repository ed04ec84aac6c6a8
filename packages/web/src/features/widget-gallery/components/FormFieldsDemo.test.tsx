import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REQUIRED_MESSAGE } from '@manway/core/rules/field-validation';
import { FormFieldsDemo } from './FormFieldsDemo';

const section = () => screen.getByRole('region', { name: 'Form fields' });

describe('form fields gallery section', () => {
  it('shows a field of every kind and value model type with its sample value', () => {
    render(<FormFieldsDemo />);
    const form = within(section());
    expect(form.getByRole('textbox', { name: 'Street' })).toHaveValue('Harbour Road');
    expect(form.getByRole('textbox', { name: 'Inspected at' })).toBeInTheDocument();
    expect(form.getByRole('combobox', { name: 'Shape' })).toHaveValue('circular');
    expect(form.getByRole('button', { name: 'Weather' })).toHaveTextContent('Light rain');
    expect(form.getByRole('button', { name: 'Observation code' })).toHaveTextContent('SCR Crack');
    expect(form.getByRole('button', { name: 'Purpose' })).toHaveTextContent('RoutineComplaint');
    expect(form.getByRole('combobox', { name: 'Pipe size' })).toHaveValue('225');
    expect(form.getByRole('combobox', { name: 'Water level' })).toHaveValue('25');
    expect(form.getByRole('textbox', { name: 'Cover level' })).toHaveValue('12.34');
    expect(form.getByRole('textbox', { name: 'Required accuracy' })).toHaveValue('0.5');
    expect(form.getByRole('textbox', { name: 'Receiver accuracy' })).toHaveValue('1.2');
    expect(form.getByRole('textbox', { name: 'Laterals' })).toHaveValue('3');
    expect(form.getByRole('checkbox', { name: 'Pre-cleaning' })).toBeChecked();
    expect(form.getByRole('combobox', { name: 'From node' })).toHaveValue('MH-000002');
    expect(form.getByRole('group', { name: 'Node position' })).toBeInTheDocument();
    expect(form.getByRole('group', { name: 'GPS position' })).toHaveTextContent('GPS details');
    expect(form.getByRole('group', { name: 'Connected subject' })).toHaveTextContent('Plane tree by the kerb (Tree)');
    expect(form.getByRole('group', { name: 'Subject' })).toHaveTextContent('Parked van over the cover (Vehicle)');
    expect(form.getByRole('note', { name: 'Photos' })).toBeInTheDocument();
    expect(form.getByRole('group', { name: 'Date modified' })).toBeInTheDocument();
  });

  it('the required example shows the required message from the start', () => {
    render(<FormFieldsDemo />);
    const operator = screen.getByRole('textbox', { name: 'Operator' });
    expect(operator).toHaveAttribute('aria-invalid', 'true');
    expect(operator).toHaveAccessibleDescription(REQUIRED_MESSAGE);
  });

  it('details mode shows every value as text', async () => {
    const user = userEvent.setup();
    render(<FormFieldsDemo />);
    await user.click(screen.getByRole('checkbox', { name: 'Details mode (read-only)' }));
    const form = within(section());
    expect(form.queryByRole('textbox', { name: 'Street' })).not.toBeInTheDocument();
    expect(form.getByRole('group', { name: 'Street' })).toHaveTextContent('Harbour Road');
    expect(form.getByRole('group', { name: 'Shape' })).toHaveTextContent('Circular');
    expect(form.getByRole('group', { name: 'Pre-cleaning' })).toHaveTextContent('Yes');
  });

  it('a change is reported with the value type the field holds', async () => {
    const user = userEvent.setup();
    render(<FormFieldsDemo />);
    await user.clear(screen.getByRole('textbox', { name: 'Laterals' }));
    await user.type(screen.getByRole('textbox', { name: 'Laterals' }), '7');
    expect(screen.getByText('lateralCount = 7')).toBeInTheDocument();
  });
});
