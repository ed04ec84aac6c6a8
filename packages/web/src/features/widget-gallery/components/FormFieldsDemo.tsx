import { useState } from 'react';
import type { FormField, FormValue, FormValues, LookupValue } from '@manway/core/forms/template';
import { validateFormField } from '@manway/core/forms/validate';
import { DEMO_CODES } from '@manway/core/domain/standard';
import { Checkbox } from '../../../ui/controls/Checkbox';
import { DateTimeRangeField, type DateTimeRangeFieldValue } from '../../../ui/form/DateTimeRangeField';
import { FormFieldView } from '../../../ui/form/FormFieldView';
import { sampleAssets } from '../sampleAssets';
import { GalleryExample, GallerySection } from './GallerySection';

const numbered = (ids: readonly string[]) => ids.map((id) => ({ id, value: id }));
const SEARCHABLE_NODES: LookupValue[] = sampleAssets(200)
  .map((asset, index) => ({ id: index + 1, readableId: asset.assetId }))
  .filter((node) => node.readableId.startsWith('MH'));
const MAX_LOOKUP_HITS = 8;

/** A search over the gallery's sample manholes, standing in for GET api/lookup/{objectType}. */
function searchSampleNodes(_objectType: string, text: string): Promise<LookupValue[]> {
  const needle = text.toLocaleLowerCase();
  return Promise.resolve(
    SEARCHABLE_NODES.filter((node) => node.readableId.toLocaleLowerCase().includes(needle)).slice(0, MAX_LOOKUP_HITS),
  );
}

const field = (overrides: Partial<FormField> & Pick<FormField, 'id' | 'label'>): FormField => ({
  kind: 'simple',
  valueModelType: 'String',
  rules: {},
  ...overrides,
});

/** One field of every kind and value model type, as a template would name them. */
const DEMO_FIELDS: FormField[] = [
  field({ id: 'street', label: 'Street', rules: { required: true, maxLength: 60 } }),
  field({
    id: 'inspectedAt',
    label: 'Inspected at',
    valueModelType: 'DateTimeRange',
    rules: { required: true, validators: ['not-in-future'] },
  }),
  field({
    id: 'shape',
    label: 'Shape',
    valueModelType: 'MappedEnum',
    options: [
      { id: 'circular', value: 'Circular' },
      { id: 'egg', value: 'Egg' },
      { id: 'rectangular', value: 'Rectangular' },
    ],
  }),
  field({
    id: 'weather',
    label: 'Weather',
    valueModelType: 'ModifierEnum',
    hint: 'More than 8 options: picked in the select modal, with search.',
    options: ['Dry', 'Light rain', 'Heavy rain', 'Snow', 'Frost', 'Fog', 'Wind', 'Heat', 'Thaw', 'Storm'].map(
      (value) => ({ id: value.toLowerCase().replace(' ', '-'), value }),
    ),
  }),
  field({
    id: 'code',
    label: 'Observation code',
    valueModelType: 'CodeEnum',
    options: DEMO_CODES.map((code) => ({ id: code.code, value: code.label })),
  }),
  field({
    id: 'header.purpose',
    label: 'Purpose',
    valueModelType: 'MultiCodeEnum',
    options: [
      { id: 'routine', value: 'Routine' },
      { id: 'complaint', value: 'Complaint' },
      { id: 'handover', value: 'Handover' },
      { id: 'rehabilitation', value: 'Before rehabilitation' },
    ],
  }),
  field({
    id: 'sizeMm',
    label: 'Pipe size',
    valueModelType: 'FloatEnumRange',
    unit: 'mm',
    options: numbered(['150', '225', '300', '450']),
  }),
  field({
    id: 'header.waterLevelPct',
    label: 'Water level',
    valueModelType: 'DoubleEnumRange',
    unit: '%',
    rules: { min: 0, max: 100 },
    options: numbered(['0', '25', '50', '75', '100']),
  }),
  field({
    id: 'coverLevelM',
    label: 'Cover level',
    valueModelType: 'DoubleRange',
    unit: 'm',
    rules: { min: -100, max: 9000 },
  }),
  field({
    id: 'accuracyRange',
    label: 'Required accuracy',
    valueModelType: 'GpsAccuracyRange',
    unit: 'm',
    rules: { min: 0 },
  }),
  field({ id: 'gpsAccuracy', label: 'Receiver accuracy', valueModelType: 'GpsAccuracy', unit: 'm', rules: { min: 0 } }),
  field({ id: 'lateralCount', label: 'Laterals', valueModelType: 'IntegerRange', rules: { min: 0, max: 50 } }),
  field({ id: 'preCleaning', label: 'Pre-cleaning', valueModelType: 'Boolean' }),
  field({ id: 'fromNode', label: 'From node', kind: 'lookup', lookup: { objectType: 'node' }, hint: 'Type MH-00…' }),
  field({ id: 'location', label: 'Node position', kind: 'location', rules: { required: true } }),
  field({ id: 'gpsPosition', label: 'GPS position', kind: 'gpsPosition' }),
  field({ id: 'connectedSubject', label: 'Connected subject', kind: 'subjectConnection' }),
  field({ id: 'subject', label: 'Subject', kind: 'subject' }),
  field({
    id: 'photos',
    label: 'Photos',
    kind: 'placeholder',
    hint: 'A placeholder draws its label and hint as a note: photos are added once the record is saved.',
  }),
  field({ id: 'dateModified', label: 'Date modified', kind: 'dateModified', readOnly: true }),
];

const SAMPLE_POINT = { longitude: -1.54912, latitude: 53.80076 };

const SAMPLE_VALUES: FormValues = {
  street: 'Harbour Road',
  inspectedAt: '2024-03-05T09:30:00.000Z',
  shape: 'circular',
  weather: 'light-rain',
  code: 'SCR',
  'header.purpose': ['routine', 'complaint'],
  sizeMm: 225,
  'header.waterLevelPct': 25,
  coverLevelM: 12.34,
  accuracyRange: 0.5,
  gpsAccuracy: 1.2,
  lateralCount: 3,
  preCleaning: true,
  fromNode: SEARCHABLE_NODES[0] ?? null,
  location: { longitude: -1.54321, latitude: 53.79876 },
  gpsPosition: {
    ...SAMPLE_POINT,
    altitude: 41.2,
    source: 'External receiver',
    accuracy: 0.8,
    height: 1.9,
    fixQuality: 4,
    satellites: 14,
    asnr: 42,
    hdop: 0.7,
    pdop: 1.3,
    vdop: 1.1,
    localTime: '2024-03-05 10:30:12',
    utcTime: '2024-03-05 09:30:12',
    mode: 'RTK fixed',
    dgpsAge: 1.4,
    dgpsId: '0117',
    fix3d: true,
  },
  connectedSubject: { subject: { id: 7, kind: 'Tree', label: 'Plane tree by the kerb' }, location: SAMPLE_POINT },
  subject: { subject: { id: 8, kind: 'Vehicle', label: 'Parked van over the cover' } },
  dateModified: '2024-03-06T16:05:00.000Z',
};

const USER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const REQUIRED_FIELD = field({ id: 'header.operator', label: 'Operator', rules: { required: true, maxLength: 80 } });

export function FormFieldsDemo() {
  const [values, setValues] = useState<FormValues>(SAMPLE_VALUES);
  const [operator, setOperator] = useState<FormValue>(null);
  const [readOnly, setReadOnly] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [lastChange, setLastChange] = useState('Nothing changed yet.');
  const [period, setPeriod] = useState<DateTimeRangeFieldValue>({ start: null, end: null });
  const context = { now: new Date(), creating: false };

  const errorOf = (formField: FormField, formValues: FormValues) => {
    const result = validateFormField(formField, formValues, context);
    return result.valid ? null : result.message;
  };

  return (
    <GallerySection
      id="form-fields"
      title="Form fields"
      wide
      files={[
        ['FormFieldView', 'ui/form/FormFieldView.tsx'],
        ['LookupField', 'ui/form/LookupField.tsx'],
        ['CodeField', 'ui/form/CodeField.tsx'],
        ['GpsPositionField', 'ui/form/GpsPositionField.tsx'],
        ['DateTimeRangeField', 'ui/form/DateTimeRangeField.tsx'],
        ['validateFormField', '@manway/core/forms/validate.ts'],
      ]}
      description="One field of each kind and value model type of a form template, drawn by FormFieldView from the field's data. Errors come from core's form validation, the same the server runs, and show once a field is left or after a save attempt. Details mode shows every value as text."
    >
      <div className="mw-gallery-actions">
        <Checkbox label="Details mode (read-only)" checked={readOnly} onChange={setReadOnly} />
        <Checkbox label="Show errors as after a save attempt" checked={showErrors} onChange={setShowErrors} />
      </div>
      <div className="mw-gallery-fields">
        {DEMO_FIELDS.map((formField) => (
          <FormFieldView
            key={formField.id}
            field={formField}
            value={values[formField.id]}
            readOnly={readOnly}
            error={errorOf(formField, values)}
            showError={showErrors}
            lookup={searchSampleNodes}
            onPickLocation={() => {
              setValues((current) => ({ ...current, [formField.id]: SAMPLE_POINT }));
              setLastChange(`${formField.id} picked on the map: ${JSON.stringify(SAMPLE_POINT)}`);
            }}
            onChange={(value) => {
              setValues((current) => ({ ...current, [formField.id]: value }));
              setLastChange(`${formField.id} = ${JSON.stringify(value)}`);
            }}
          />
        ))}
      </div>
      <p className="mw-gallery-note" aria-live="polite">
        Last change: <code>{lastChange}</code>
      </p>
      <GalleryExample title="Required, left empty">
        <FormFieldView
          field={REQUIRED_FIELD}
          value={operator}
          readOnly={false}
          error={errorOf(REQUIRED_FIELD, { [REQUIRED_FIELD.id]: operator })}
          showError
          onChange={setOperator}
        />
      </GalleryExample>
      <GalleryExample title="Date range (filters)">
        <DateTimeRangeField
          label="Inspected between"
          hint="Choose a start: the end becomes the end of that day."
          value={period}
          onChange={setPeriod}
          period="day"
          timeZone={USER_TIME_ZONE}
        />
        <p className="mw-gallery-note">
          Range reported: <code>{JSON.stringify(period)}</code>
        </p>
      </GalleryExample>
    </GallerySection>
  );
}
