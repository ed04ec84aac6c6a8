import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FormField } from '@manway/core/forms/template';
import { FormFieldView } from './FormFieldView';
import { GPS_DETAILS } from './GpsPositionField';
import { formField, HeldFormField } from './testFields';

const MATERIALS = [
  { id: 'pvc', value: 'PVC' },
  { id: 'vc', value: 'Vitrified clay' },
  { id: 'co', value: 'Concrete' },
];
const MANY_OPTIONS = Array.from({ length: 12 }, (_, i) => ({ id: `w${String(i)}`, value: `Weather ${String(i)}` }));
const CODES = [
  { id: 'SCR', value: 'Crack' },
  { id: 'SFR', value: 'Fracture' },
  { id: 'ORO', value: 'Roots' },
  { id: 'IJN', value: 'Junction' },
  { id: 'XSA', value: 'Survey abandoned' },
];

function renderField(field: FormField, props: Partial<Parameters<typeof HeldFormField>[0]> = {}) {
  const onChange = vi.fn();
  render(<HeldFormField field={field} onChange={onChange} {...props} />);
  return { onChange, user: userEvent.setup() };
}

describe('simple fields emit the value type their value model type holds', () => {
  it('String: a text box named by the label, typing past maxLength refused', async () => {
    const { onChange, user } = renderField(formField({ id: 'street', label: 'Street', rules: { maxLength: 5 } }));
    await user.type(screen.getByRole('textbox', { name: 'Street' }), 'Harbour');
    expect(screen.getByRole('textbox', { name: 'Street' })).toHaveValue('Harbo');
    expect(onChange).toHaveBeenLastCalledWith('Harbo');
  });

  it('IntegerRange: whole numbers emitted as numbers', async () => {
    const { onChange, user } = renderField(
      formField({ id: 'yearBuilt', label: 'Year built', valueModelType: 'IntegerRange', rules: { max: 2100 } }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Year built' }), '19.32');
    expect(onChange).toHaveBeenLastCalledWith(1932);
  });

  it.each(['DoubleRange', 'GpsAccuracyRange', 'GpsAccuracy'] as const)(
    '%s: double-range decimals use precision 2 unless the rules say otherwise',
    async (valueModelType) => {
      const { onChange, user } = renderField(formField({ id: 'depth', label: 'Depth', valueModelType }));
      await user.type(screen.getByRole('textbox', { name: 'Depth' }), '2.456');
      expect(screen.getByRole('textbox', { name: 'Depth' })).toHaveValue('2.45');
      expect(onChange).toHaveBeenLastCalledWith(2.45);
    },
  );

  it('a precision in the rules wins over the default', async () => {
    const { onChange, user } = renderField(
      formField({ id: 'lengthM', label: 'Length', valueModelType: 'DoubleRange', rules: { precision: 3 } }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Length' }), '1.2345');
    expect(onChange).toHaveBeenLastCalledWith(1.234);
  });

  it.each(['FloatEnumRange', 'DoubleEnumRange'] as const)(
    '%s: a number input suggesting the options',
    async (valueModelType) => {
      const options = [
        { id: '150', value: '150 mm' },
        { id: '225', value: '225 mm' },
      ];
      const { onChange, user } = renderField(formField({ id: 'sizeMm', label: 'Size', valueModelType, options }));
      const input = screen.getByRole('combobox', { name: 'Size' });
      const list = document.getElementById(input.getAttribute('list') ?? '');
      expect(list?.tagName).toBe('DATALIST');
      expect([...(list?.querySelectorAll('option') ?? [])].map((option) => option.value)).toEqual(['150', '225']);
      await user.type(input, '300');
      expect(onChange).toHaveBeenLastCalledWith(300);
    },
  );

  it('Boolean: a checkbox emitting true and false', async () => {
    const { onChange, user } = renderField(
      formField({ id: 'preCleaning', label: 'Pre-cleaning', valueModelType: 'Boolean' }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Pre-cleaning' }));
    expect(onChange).toHaveBeenLastCalledWith(true);
    await user.click(screen.getByRole('checkbox', { name: 'Pre-cleaning' }));
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it.each(['MappedEnum', 'ModifierEnum'] as const)(
    '%s with up to 8 options: a native select with an empty choice when not required',
    async (valueModelType) => {
      const { onChange, user } = renderField(
        formField({ id: 'material', label: 'Material', valueModelType, options: MATERIALS }),
        { initialValue: 'pvc' },
      );
      const select = screen.getByRole('combobox', { name: 'Material' });
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['—', 'PVC', 'Vitrified clay', 'Concrete']);
      await user.selectOptions(select, 'Concrete');
      expect(onChange).toHaveBeenLastCalledWith('co');
      await user.selectOptions(select, '—');
      expect(onChange).toHaveBeenLastCalledWith(null);
    },
  );

  it('a required select with a value offers no empty choice', () => {
    renderField(
      formField({
        id: 'material',
        label: 'Material',
        valueModelType: 'MappedEnum',
        options: MATERIALS,
        rules: { required: true },
      }),
      { initialValue: 'vc' },
    );
    expect(within(screen.getByRole('combobox', { name: 'Material' })).queryByRole('option', { name: '—' })).toBeNull();
  });

  it('a select with more than 8 options opens the searchable select modal', async () => {
    const { onChange, user } = renderField(
      formField({ id: 'weather', label: 'Weather', valueModelType: 'MappedEnum', options: MANY_OPTIONS }),
    );
    await user.click(screen.getByRole('button', { name: 'Weather' }));
    const dialog = screen.getByRole('dialog', { name: 'Weather' });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search' }), 'Weather 11');
    await user.click(within(dialog).getByRole('option', { name: 'Weather 11' }));
    expect(onChange).toHaveBeenLastCalledWith('w11');
    expect(screen.getByRole('button', { name: 'Weather' })).toHaveTextContent('Weather 11');
  });

  it('CodeEnum: codes grouped by family, searchable by code or name', async () => {
    const { onChange, user } = renderField(
      formField({ id: 'code', label: 'Code', valueModelType: 'CodeEnum', options: CODES }),
    );
    await user.click(screen.getByRole('button', { name: 'Code' }));
    const dialog = screen.getByRole('dialog', { name: 'Code' });
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Structural', 'Operation & maintenance', 'Inventory', 'Other']);
    expect(within(within(dialog).getByRole('region', { name: 'Structural' })).getAllByRole('button')).toHaveLength(2);

    await user.type(within(dialog).getByRole('searchbox', { name: 'Search codes' }), 'roots');
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Operation & maintenance']);
    await user.click(within(dialog).getByRole('button', { name: 'ORO Roots' }));
    expect(onChange).toHaveBeenLastCalledWith('ORO');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Code' })).toHaveTextContent('ORO Roots');
  });

  it('CodeEnum: the families can come from the standard instead of the first letter', async () => {
    const { user } = renderField(formField({ id: 'code', label: 'Code', valueModelType: 'CodeEnum', options: CODES }), {
      groupOf: (id) => (id === 'XSA' ? 'Survey' : 'Defects'),
    });
    await user.click(screen.getByRole('button', { name: 'Code' }));
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Defects',
      'Survey',
    ]);
  });

  it('MultiCodeEnum: the chosen codes as chips, changed in a multi select', async () => {
    const { onChange, user } = renderField(
      formField({ id: 'header.purpose', label: 'Purpose', valueModelType: 'MultiCodeEnum', options: MATERIALS }),
      { initialValue: ['pvc'] },
    );
    expect(screen.getByRole('button', { name: 'Purpose' })).toHaveTextContent('PVC');
    await user.click(screen.getByRole('button', { name: 'Purpose' }));
    await user.click(screen.getByRole('option', { name: 'Concrete' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onChange).toHaveBeenLastCalledWith(['pvc', 'co']);
    expect(screen.getByRole('button', { name: 'Purpose' })).toHaveTextContent('PVCConcrete');
  });

  it('DateTimeRange: a typed local date-time is emitted as ISO text', async () => {
    const { onChange, user } = renderField(
      formField({ id: 'inspectedAt', label: 'Inspected at', valueModelType: 'DateTimeRange' }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Inspected at' }), '03/05/2024 10:30 AM');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(new Date(2024, 2, 5, 10, 30).toISOString());
  });

  it('DateTimeRange: text that is no date-time is kept for validation to name it', async () => {
    const { onChange, user } = renderField(
      formField({ id: 'inspectedAt', label: 'Inspected at', valueModelType: 'DateTimeRange' }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Inspected at' }), 'yesterday');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('yesterday');
  });

  it('DateTimeRange: the picker button opens the date-time picker and applies its choice', async () => {
    const { onChange, user } = renderField(
      formField({ id: 'inspectedAt', label: 'Inspected at', valueModelType: 'DateTimeRange' }),
      { initialValue: new Date(2024, 2, 5, 10, 30).toISOString() },
    );
    expect(screen.getByRole('textbox', { name: 'Inspected at' })).toHaveValue('03/05/2024 10:30 AM');
    await user.click(screen.getByRole('button', { name: 'Choose Inspected at' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('composite kinds', () => {
  it('location: longitude and latitude with 5 decimals, emitted as a location', async () => {
    const onPickLocation = vi.fn();
    const { onChange, user } = renderField(formField({ id: 'location', label: 'Position', kind: 'location' }), {
      initialValue: { longitude: 8.5, latitude: null },
      onPickLocation,
    });
    expect(screen.getByRole('group', { name: 'Position' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Latitude' }), '47.3769123');
    expect(onChange).toHaveBeenLastCalledWith({ longitude: 8.5, latitude: 47.37691 });
    await user.click(screen.getByRole('button', { name: 'Pick on map' }));
    expect(onPickLocation).toHaveBeenCalledTimes(1);
  });

  it('location: no map button unless the screen offers picking', () => {
    renderField(formField({ id: 'location', label: 'Position', kind: 'location' }));
    expect(screen.queryByRole('button', { name: 'Pick on map' })).not.toBeInTheDocument();
  });

  it('GPS position: the position can be corrected and the details list every GPS field read-only', async () => {
    const position = {
      longitude: 8.54321,
      latitude: 47.37689,
      accuracy: 1.5,
      satellites: 9,
      fix3d: true,
      hdop: 0.8,
      dgpsId: '0042',
    };
    const { onChange, user } = renderField(
      formField({ id: 'gpsPosition', label: 'GPS position', kind: 'gpsPosition' }),
      {
        initialValue: position,
      },
    );
    const details = screen.getByText('GPS details').closest('details');
    if (!details) throw new Error('no GPS details disclosure');
    const terms = within(details)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(GPS_DETAILS.map(([, label]) => label));
    expect(terms).toHaveLength(18);
    expect(within(details).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(details).getByText('Yes')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Longitude' }));
    await user.type(screen.getByRole('textbox', { name: 'Longitude' }), '8.6');
    expect(onChange).toHaveBeenLastCalledWith({ ...position, longitude: 8.6 });
  });

  it('GPS position read-only: a summary with the accuracy', () => {
    renderField(formField({ id: 'gpsPosition', label: 'GPS position', kind: 'gpsPosition' }), {
      readOnly: true,
      initialValue: { longitude: 8.54321, latitude: 47.37689, accuracy: 1.5 },
    });
    expect(screen.getByText('8.54321, 47.37689 ± 1.5 m')).toBeInTheDocument();
  });

  it('subject connection: the subject, its kind and its location, never an input', () => {
    renderField(formField({ id: 'subject', label: 'Subject', kind: 'subjectConnection' }), {
      initialValue: {
        subject: { id: 4, kind: 'Tree', label: 'Oak at the corner' },
        location: { longitude: 8.5, latitude: 47.25 },
      },
    });
    expect(screen.getByRole('group', { name: 'Subject' })).toHaveTextContent(
      'Oak at the corner (Tree) · 8.50000, 47.25000',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('subject: the subject label and kind', () => {
    renderField(formField({ id: 'subject', label: 'Subject', kind: 'subject' }), {
      initialValue: { subject: { id: null, kind: 'Vehicle', label: 'Parked car' } },
    });
    expect(screen.getByRole('group', { name: 'Subject' })).toHaveTextContent('Parked car (Vehicle)');
  });

  it('placeholder: the label and hint as a note, no input', () => {
    renderField(
      formField({ id: 'note', label: 'Photos', kind: 'placeholder', hint: 'Photos are added after saving.' }),
    );
    expect(screen.getByRole('note', { name: 'Photos' })).toHaveTextContent('Photos are added after saving.');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('date modified: always read-only, in the locale', () => {
    renderField(formField({ id: 'dateModified', label: 'Modified', kind: 'dateModified' }), {
      initialValue: new Date(2024, 2, 5, 10, 30).toISOString(),
    });
    expect(screen.getByRole('group', { name: 'Modified' })).toHaveTextContent('03/05/2024 10:30 AM');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('read-only view', () => {
  const cases: [FormField, Parameters<typeof HeldFormField>[0]['initialValue'], string][] = [
    [formField({ id: 'street', label: 'Street' }), 'Harbour Road', 'Harbour Road'],
    [formField({ id: 'street', label: 'Street' }), null, '—'],
    [formField({ id: 'owner', label: 'Owner' }), undefined, '—'],
    [
      formField({ id: 'material', label: 'Material', valueModelType: 'MappedEnum', options: MATERIALS }),
      'vc',
      'Vitrified clay',
    ],
    [formField({ id: 'code', label: 'Code', valueModelType: 'CodeEnum', options: CODES }), 'SCR', 'Crack'],
    [
      formField({ id: 'purpose', label: 'Purpose', valueModelType: 'MultiCodeEnum', options: MATERIALS }),
      ['pvc', 'co'],
      'PVC, Concrete',
    ],
    [formField({ id: 'preCleaning', label: 'Pre-cleaning', valueModelType: 'Boolean' }), true, 'Yes'],
    [formField({ id: 'preCleaning', label: 'Pre-cleaning', valueModelType: 'Boolean' }), false, 'No'],
    [formField({ id: 'lengthM', label: 'Length', valueModelType: 'DoubleRange', unit: 'm' }), 42.5, '42.5'],
    [
      formField({ id: 'fromNode', label: 'From node', kind: 'lookup' }),
      { id: 3, readableId: 'MH-000003' },
      'MH-000003',
    ],
    [
      formField({ id: 'location', label: 'Position', kind: 'location' }),
      { longitude: 8.5, latitude: 47.1 },
      '8.50000, 47.10000',
    ],
  ];

  it.each(cases)('%# %o reads as text', (field, initialValue, text) => {
    renderField(field, { readOnly: true, initialValue });
    expect(screen.getByRole('group', { name: field.label })).toHaveTextContent(text);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a readOnly or disabled field is shown as text even in edit mode', () => {
    render(
      <>
        <FormFieldView
          field={formField({ id: 'status', label: 'Status', readOnly: true })}
          value="Draft"
          onChange={vi.fn()}
          readOnly={false}
        />
        <FormFieldView
          field={formField({ id: 'owner', label: 'Owner', rules: { disabled: true } })}
          value="City"
          onChange={vi.fn()}
          readOnly={false}
        />
      </>,
    );
    expect(screen.getByRole('group', { name: 'Status' })).toHaveTextContent('Draft');
    expect(screen.getByRole('group', { name: 'Owner' })).toHaveTextContent('City');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('labels, units and errors', () => {
  it('the accessible name is the label; the unit is shown and read as the description', () => {
    renderField(
      formField({ id: 'lengthM', label: 'Length', valueModelType: 'DoubleRange', unit: 'm', hint: 'Pipe length' }),
    );
    const input = screen.getByRole('textbox', { name: 'Length' });
    expect(input).toHaveAccessibleDescription('(m) Pipe length');
    expect(screen.getByText('(m)')).toBeVisible();
  });

  it.each([
    ['a text field', formField({ id: 'street', label: 'Street' }), 'textbox'],
    [
      'a select',
      formField({ id: 'material', label: 'Material', valueModelType: 'MappedEnum', options: MATERIALS }),
      'combobox',
    ],
    ['a lookup', formField({ id: 'fromNode', label: 'Street', kind: 'lookup' }), 'combobox'],
  ] as const)('%s shows the error only once left, never while focused', async (_, field, role) => {
    const { user } = renderField(field, { error: 'The server says no' });
    const input = screen.getByRole(role, { name: field.label });
    expect(screen.queryByText('The server says no')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'false');

    await user.click(input);
    await user.tab();
    expect(screen.getByText('The server says no')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('The server says no');

    await user.click(input);
    expect(screen.queryByText('The server says no')).not.toBeInTheDocument();
  });

  it.each([
    formField({ id: 'street', label: 'Street', rules: { required: true } }),
    formField({ id: 'code', label: 'Street', valueModelType: 'CodeEnum', options: CODES, rules: { required: true } }),
    formField({ id: 'location', label: 'Street', kind: 'location', rules: { required: true } }),
  ])('showError shows the error before the field was touched (%#)', (field) => {
    renderField(field, { error: 'This field is required', showError: true });
    expect(screen.getByText('This field is required')).toBeInTheDocument();
  });

  it('a required picker button is marked by its label, not by aria-required (ARIA allows it on inputs only)', () => {
    renderField(
      formField({ id: 'code', label: 'Code', valueModelType: 'CodeEnum', options: CODES, rules: { required: true } }),
    );
    expect(screen.getByRole('button', { name: 'Code' })).not.toHaveAttribute('aria-required');
  });

  it("a text field shows the first failing of its own rules before the form's message", async () => {
    const { user } = renderField(formField({ id: 'street', label: 'Street', rules: { required: true } }), {
      error: 'Another message',
      initialValue: 'x',
    });
    await user.clear(screen.getByRole('textbox', { name: 'Street' }));
    await user.tab();
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(screen.queryByText('Another message')).not.toBeInTheDocument();
  });
});
