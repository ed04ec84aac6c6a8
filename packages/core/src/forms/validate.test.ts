import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VALUE_MODEL_TYPES, type ValueModelType } from '../api/objects';
import { DEMO_CODES } from '../domain/standard';
import {
  DATE_TIME_FORMAT_MESSAGE,
  LOCATION_REQUIRED_MESSAGE,
  MASK_MESSAGE,
  MAX_LENGTH_MESSAGE,
  MAX_MESSAGE,
  MIN_MESSAGE,
  REQUIRED_MESSAGE,
  formatMessage,
} from '../rules/field-validation';
import {
  FORM_FIELD_KINDS,
  VALIDATOR_NAMES,
  templateFields,
  type FormField,
  type FormFieldRules,
  type FormValues,
} from './template';
import { shippedTemplate } from './templates';
import {
  CHOOSE_LISTED_MANY_MESSAGE,
  CHOOSE_LISTED_MESSAGE,
  GPS_POSITION_SHAPE_MESSAGE,
  LOCATION_SHAPE_MESSAGE,
  LOOKUP_SHAPE_MESSAGE,
  NUMBER_MESSAGE,
  SUBJECT_SHAPE_MESSAGE,
  TEXT_MESSAGE,
  WHOLE_NUMBER_MESSAGE,
  YES_NO_MESSAGE,
  applicableFields,
  validateForm,
  validateFormField,
  type FormContext,
} from './validate';

const now = new Date('2026-06-15T12:00:00Z');
const editing: FormContext = { now, creating: false, codes: DEMO_CODES };
const creating: FormContext = { ...editing, creating: true };

const VALID = { valid: true };
const fail = (message: string) => ({ valid: false, message });

function simple(valueModelType: ValueModelType, rules: FormFieldRules = {}, more: Partial<FormField> = {}): FormField {
  return { id: 'f', label: 'F', kind: 'simple', valueModelType, rules, ...more };
}

/** One field checked against one value, as the form would hold it under the field's id. */
function check(field: FormField, value: unknown, ctx: FormContext = editing, others: FormValues = {}) {
  return validateFormField(field, { ...others, [field.id]: value } as FormValues, ctx);
}

describe('applicableFields', () => {
  const fields: FormField[] = [
    simple('String', {}, { id: 'everywhere' }),
    simple('FloatEnumRange', {}, { id: 'chamber', appliesTo: ['manhole', 'gully'] }),
    { id: 'hint', label: 'Hint', kind: 'placeholder', valueModelType: 'String', rules: {} },
  ];

  it("drops fields whose appliesTo does not include the values' subtype", () => {
    expect(applicableFields(fields, { subtype: 'outfall' }).map((f) => f.id)).toEqual(['everywhere']);
    expect(applicableFields(fields, { subtype: 'manhole' }).map((f) => f.id)).toEqual(['everywhere', 'chamber']);
  });

  it('keeps subtype-bound fields when the values carry no subtype', () => {
    expect(applicableFields(fields, {}).map((f) => f.id)).toEqual(['everywhere', 'chamber']);
    expect(applicableFields(fields, { subtype: 3 }).map((f) => f.id)).toEqual(['everywhere', 'chamber']);
  });

  it('drops placeholders, which hold no value', () => {
    expect(applicableFields(fields, {}).some((f) => f.kind === 'placeholder')).toBe(false);
  });
});

describe('validateForm', () => {
  it('answers {} when every field is valid', () => {
    expect(validateForm([simple('String', { required: true })], { f: 'x' }, editing)).toEqual({});
  });

  it('names each failing field with its first message only', () => {
    const fields = [
      simple('String', { required: true, maxLength: 2 }, { id: 'a' }),
      simple('IntegerRange', { min: 5 }, { id: 'b' }),
      simple('String', {}, { id: 'c' }),
    ];
    expect(validateForm(fields, { a: '', b: 3, c: 'ok' }, editing)).toEqual({
      a: [REQUIRED_MESSAGE],
      b: [formatMessage(MIN_MESSAGE, 5)],
    });
  });

  it('does not check read-only fields or the date modified: the user does not write them', () => {
    const fields: FormField[] = [
      simple('IntegerRange', { required: true }, { id: 'grade', readOnly: true }),
      { id: 'dateModified', label: 'Modified', kind: 'dateModified', valueModelType: 'DateTimeRange', rules: {} },
    ];
    expect(validateForm(fields, { dateModified: 'garbage' }, editing)).toEqual({});
  });

  it('checks create-only fields when creating, and not afterwards', () => {
    const fields = [simple('String', { required: true }, { id: 'fromNode', createOnly: true })];
    expect(validateForm(fields, {}, creating)).toEqual({ fromNode: [REQUIRED_MESSAGE] });
    expect(validateForm(fields, {}, editing)).toEqual({});
  });

  it("does not check fields that do not apply to the values' subtype", () => {
    const fields = [simple('FloatEnumRange', { required: true }, { id: 'sizeMm', appliesTo: ['manhole'] })];
    expect(validateForm(fields, { subtype: 'outfall' }, editing)).toEqual({});
    expect(validateForm(fields, { subtype: 'manhole' }, editing)).toEqual({ sizeMm: [REQUIRED_MESSAGE] });
  });

  it('keys a field named __proto__ like any other', () => {
    const answer = validateForm([simple('String', { required: true }, { id: '__proto__' })], {}, editing);
    expect(Object.keys(answer)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(answer)).toBe(Object.prototype);
  });
});

describe('the rules in the spec order', () => {
  it('1. disabled rules make any value valid', () => {
    expect(check(simple('IntegerRange', { disabled: true, required: true, max: 1 }), 'not a number')).toEqual(VALID);
    expect(check(simple('String', { disabled: true, required: true }), null)).toEqual(VALID);
  });

  it('2. required and empty fails with the required message before anything else', () => {
    const rules = {
      required: true,
      maxLength: 1,
      regex: { expression: 'x' },
      validators: ['code-of-standard' as const],
    };
    expect(check(simple('String', rules), '')).toEqual(fail(REQUIRED_MESSAGE));
    expect(check(simple('String', rules), null)).toEqual(fail(REQUIRED_MESSAGE));
    expect(check(simple('String', rules), undefined)).toEqual(fail(REQUIRED_MESSAGE));
  });

  it('3. a value longer than maxLength fails before min, max and the mask', () => {
    const field = simple('String', { maxLength: 3, min: 50000, regex: { expression: '[a-z]+' } });
    expect(check(field, '12345')).toEqual(fail(formatMessage(MAX_LENGTH_MESSAGE, 3)));
  });

  it('4. a number below min fails before max and the mask', () => {
    const field = simple('DoubleRange', { min: 10, max: 5, regex: { expression: 'x' } });
    expect(check(field, 2)).toEqual(fail(formatMessage(MIN_MESSAGE, 10)));
  });

  it('5. a number above max fails before the mask', () => {
    const field = simple('DoubleRange', { max: 5, regex: { expression: 'x' } });
    expect(check(field, 6)).toEqual(fail(formatMessage(MAX_MESSAGE, 5)));
  });

  it('6. a mask that does not match the whole value fails with its own message, or the default one', () => {
    expect(check(simple('String', { regex: { expression: '\\d{4}', message: 'Four digits' } }), '12345')).toEqual(
      fail('Four digits'),
    );
    expect(check(simple('String', { regex: { expression: '\\d{4}' } }), '123')).toEqual(fail(MASK_MESSAGE));
    expect(check(simple('String', { regex: { expression: '\\d{4}' } }), '1234')).toEqual(VALID);
  });

  it('6. a mask that does not compile fails closed', () => {
    expect(check(simple('String', { regex: { expression: '(' } }), 'anything')).toEqual(fail(MASK_MESSAGE));
  });

  it('7. the custom validators come last, and the first that fails supplies the message', () => {
    const field = simple('CodeEnum', { validators: ['code-of-standard', 'continuous-of-code'] }, { id: 'code' });
    expect(check(field, 'XYZ')).toEqual(fail('Unknown code "XYZ" in this standard'));
    const masked = simple('String', { regex: { expression: 'A+' }, validators: ['code-of-standard'] }, { id: 'code' });
    expect(check(masked, 'XYZ')).toEqual(fail(MASK_MESSAGE));
  });

  it('7. the custom validators also judge an empty value that is not required', () => {
    const field = simple('ModifierEnum', { validators: ['characterisation-of-code'] }, { id: 'characterisation' });
    expect(check(field, null, editing, { code: 'SCR' })).toEqual(fail('Code SCR requires a characterisation'));
  });

  it('a validator name the registry does not know is ignored', () => {
    const rules = { validators: ['no-such-validator'] } as unknown as FormFieldRules;
    expect(check(simple('String', rules), 'x')).toEqual(VALID);
  });
});

describe('simple fields by value model type', () => {
  it('String takes text only', () => {
    expect(check(simple('String'), 'text')).toEqual(VALID);
    expect(check(simple('String'), 12)).toEqual(fail(TEXT_MESSAGE));
    expect(check(simple('String'), { text: 'x' })).toEqual(fail(TEXT_MESSAGE));
  });

  it('DateTimeRange takes an ISO date or date-time that exists', () => {
    expect(check(simple('DateTimeRange'), '2024-02-29T10:15:00Z')).toEqual(VALID);
    expect(check(simple('DateTimeRange'), '2023-02-29')).toEqual(fail(DATE_TIME_FORMAT_MESSAGE));
    expect(check(simple('DateTimeRange'), 1700000000000)).toEqual(fail(DATE_TIME_FORMAT_MESSAGE));
    expect(check(simple('DateTimeRange', { required: true }), '')).toEqual(fail(REQUIRED_MESSAGE));
  });

  it('DateTimeRange with not-in-future refuses a later date', () => {
    const field = simple('DateTimeRange', { validators: ['not-in-future'] });
    expect(check(field, '2026-06-16T00:00:00Z')).toEqual(fail('The date cannot be in the future'));
  });

  const listed = [
    { id: 'a', value: 'A' },
    { id: 'b', value: 'B' },
  ];
  it.each(['MappedEnum', 'ModifierEnum', 'CodeEnum'] as const)('%s takes one of the listed option ids', (type) => {
    expect(check(simple(type, {}, { options: listed }), 'b')).toEqual(VALID);
    expect(check(simple(type, {}, { options: listed }), 'B')).toEqual(fail(CHOOSE_LISTED_MESSAGE));
    expect(check(simple(type, {}, { options: listed }), 1)).toEqual(fail(CHOOSE_LISTED_MESSAGE));
    expect(check(simple(type, {}, { options: listed }), ['a'])).toEqual(fail(CHOOSE_LISTED_MESSAGE));
  });

  it('an enum whose options the server resolves takes any text here', () => {
    expect(check(simple('MappedEnum', {}, { optionsFrom: 'subtypes' }), 'manhole')).toEqual(VALID);
    expect(check(simple('MappedEnum', {}, { optionsFrom: 'subtypes' }), 5)).toEqual(fail(CHOOSE_LISTED_MESSAGE));
  });

  it('MultiCodeEnum takes a list of listed option ids; an empty list is empty', () => {
    expect(check(simple('MultiCodeEnum', {}, { options: listed }), ['a', 'b'])).toEqual(VALID);
    expect(check(simple('MultiCodeEnum', {}, { options: listed }), ['a', 'z'])).toEqual(
      fail(CHOOSE_LISTED_MANY_MESSAGE),
    );
    expect(check(simple('MultiCodeEnum', {}, { options: listed }), 'a')).toEqual(fail(CHOOSE_LISTED_MANY_MESSAGE));
    expect(check(simple('MultiCodeEnum', {}, { options: listed }), [1])).toEqual(fail(CHOOSE_LISTED_MANY_MESSAGE));
    expect(check(simple('MultiCodeEnum', { required: true }, { options: listed }), [])).toEqual(fail(REQUIRED_MESSAGE));
    expect(check(simple('MultiCodeEnum', {}, { options: listed }), [])).toEqual(VALID);
  });

  it('IntegerRange takes a whole number within min and max', () => {
    const field = simple('IntegerRange', { min: 1, max: 12 });
    expect(check(field, 12)).toEqual(VALID);
    expect(check(field, 3.5)).toEqual(fail(WHOLE_NUMBER_MESSAGE));
    expect(check(field, 13)).toEqual(fail(formatMessage(MAX_MESSAGE, 12)));
    expect(check(field, 0)).toEqual(fail(formatMessage(MIN_MESSAGE, 1)));
    expect(check(field, '3')).toEqual(fail(NUMBER_MESSAGE));
  });

  it.each(['FloatEnumRange', 'DoubleRange', 'DoubleEnumRange', 'GpsAccuracyRange', 'GpsAccuracy'] as const)(
    '%s takes a finite number within min and max',
    (type) => {
      const field = simple(type, { min: 0, max: 100 });
      expect(check(field, 12.25)).toEqual(VALID);
      expect(check(field, 0)).toEqual(VALID);
      expect(check(field, -0.5)).toEqual(fail(formatMessage(MIN_MESSAGE, 0)));
      expect(check(field, 100.5)).toEqual(fail(formatMessage(MAX_MESSAGE, 100)));
      expect(check(field, Number.NaN)).toEqual(fail(NUMBER_MESSAGE));
      expect(check(field, Number.POSITIVE_INFINITY)).toEqual(fail(NUMBER_MESSAGE));
      expect(check(field, '12')).toEqual(fail(NUMBER_MESSAGE));
      expect(check(field, true)).toEqual(fail(NUMBER_MESSAGE));
    },
  );

  it('Boolean takes true or false; false is a value, not an empty one', () => {
    expect(check(simple('Boolean', { required: true }), false)).toEqual(VALID);
    expect(check(simple('Boolean', { required: true }), null)).toEqual(fail(REQUIRED_MESSAGE));
    expect(check(simple('Boolean'), 'yes')).toEqual(fail(YES_NO_MESSAGE));
    expect(check(simple('Boolean'), 0)).toEqual(fail(YES_NO_MESSAGE));
  });

  it.each(VALUE_MODEL_TYPES)('%s: an empty value passes unless required', (type) => {
    expect(check(simple(type), null)).toEqual(VALID);
    expect(check(simple(type, { required: true }), undefined)).toEqual(fail(REQUIRED_MESSAGE));
  });
});

describe('composite and special kinds', () => {
  const field = (kind: FormField['kind'], rules: FormFieldRules = {}): FormField => ({
    id: 'f',
    label: 'F',
    kind,
    valueModelType: 'String',
    rules,
  });

  it('location: required needs both longitude and latitude', () => {
    const location = field('location', { required: true });
    expect(check(location, { longitude: 4.9, latitude: 52.37 })).toEqual(VALID);
    expect(check(location, { longitude: 4.9, latitude: null })).toEqual(fail(LOCATION_REQUIRED_MESSAGE));
    expect(check(location, { longitude: null, latitude: null })).toEqual(fail(REQUIRED_MESSAGE));
    expect(check(location, null)).toEqual(fail(REQUIRED_MESSAGE));
    expect(check(field('location'), null)).toEqual(VALID);
  });

  it('location: coordinates off the globe or of the wrong shape are refused', () => {
    expect(check(field('location'), { longitude: 181, latitude: 0 })).toEqual(fail(LOCATION_SHAPE_MESSAGE));
    expect(check(field('location'), { longitude: '4.9', latitude: '52' })).toEqual(fail(LOCATION_SHAPE_MESSAGE));
    expect(check(field('location'), [4.9, 52.37])).toEqual(fail(LOCATION_SHAPE_MESSAGE));
  });

  it('GPS position: required or GPS required needs both coordinates', () => {
    expect(check(field('gpsPosition', { gpsRequired: true }), { longitude: 1, latitude: null })).toEqual(
      fail(LOCATION_REQUIRED_MESSAGE),
    );
    expect(check(field('gpsPosition', { required: true }), null)).toEqual(fail(REQUIRED_MESSAGE));
    expect(check(field('gpsPosition', { gpsRequired: false }), null)).toEqual(VALID);
  });

  it('GPS position: every fix field of spec section 3 is accepted, a malformed one is refused', () => {
    const fix = {
      longitude: 4.9,
      latitude: 52.37,
      altitude: 2.1,
      source: 'receiver',
      accuracy: 0.4,
      height: 41.2,
      fixQuality: 4,
      satellites: 14,
      asnr: 38,
      hdop: 0.8,
      pdop: 1.4,
      vdop: 1.1,
      localTime: '2026-06-15T14:00:00+02:00',
      utcTime: '2026-06-15T12:00:00Z',
      mode: 'RTK',
      dgpsAge: 1.5,
      dgpsId: '0042',
      fix3d: true,
    };
    expect(check(field('gpsPosition', { gpsRequired: true }), fix)).toEqual(VALID);
    expect(check(field('gpsPosition'), { ...fix, satellites: 'many' })).toEqual(fail(GPS_POSITION_SHAPE_MESSAGE));
    expect(check(field('gpsPosition'), { ...fix, accuracy: -1 })).toEqual(fail(GPS_POSITION_SHAPE_MESSAGE));
  });

  it('subject connection: required needs a subject, GPS required a location too', () => {
    const subject = { id: 3, kind: 'tree', label: 'Oak' };
    const connection = field('subjectConnection', { required: true, gpsRequired: true });
    expect(check(connection, { subject, location: { longitude: 1, latitude: 2 } })).toEqual(VALID);
    expect(check(connection, { subject: null })).toEqual(fail(REQUIRED_MESSAGE));
    expect(check(connection, null)).toEqual(fail(REQUIRED_MESSAGE));
    expect(check(connection, { subject })).toEqual(fail(LOCATION_REQUIRED_MESSAGE));
    expect(check(connection, 'Oak')).toEqual(fail(SUBJECT_SHAPE_MESSAGE));
  });

  it('subject: the subject inside the value is what is required', () => {
    const subject = field('subject', { required: true });
    expect(check(subject, { subject: { id: null, kind: 'tree', label: 'New oak' } })).toEqual(VALID);
    expect(check(subject, { subject: null })).toEqual(fail(REQUIRED_MESSAGE));
    expect(check(subject, { subject: 'Oak' })).toEqual(fail(SUBJECT_SHAPE_MESSAGE));
  });

  it('lookup: an object found ({id, readableId}) or nothing', () => {
    const lookup = field('lookup', { required: true });
    expect(check(lookup, { id: 7, readableId: 'MH-7' })).toEqual(VALID);
    expect(check(lookup, null)).toEqual(fail(REQUIRED_MESSAGE));
    expect(check(lookup, 'MH-7')).toEqual(fail(LOOKUP_SHAPE_MESSAGE));
    expect(check(lookup, { id: -1, readableId: 'MH-7' })).toEqual(fail(LOOKUP_SHAPE_MESSAGE));
    expect(check(field('lookup'), '')).toEqual(VALID);
  });

  it('lookup: the to node must differ from the from node', () => {
    const toNode = { ...field('lookup', { validators: ['different-from-node'] }), id: 'toNode' };
    const fromNode = { id: 7, readableId: 'MH-7' };
    expect(check(toNode, { id: 7, readableId: 'MH-7' }, editing, { fromNode })).toEqual(
      fail('The to node must differ from the from node'),
    );
  });

  it('placeholder and date modified hold nothing the user writes', () => {
    expect(check(field('placeholder', { required: true }), null)).toEqual(VALID);
    expect(check(field('dateModified', { required: true }), 'garbage')).toEqual(VALID);
  });
});

describe('the shipped templates validate what the demo town holds', () => {
  const nodeFields = templateFields(shippedTemplate('node')!);
  const inspectionFields = templateFields(shippedTemplate('inspection')!);
  const observationFields = templateFields(shippedTemplate('observation')!);

  it('a complete new manhole is valid', () => {
    const values: FormValues = {
      assetId: 'MH-0001',
      subtype: 'manhole',
      lifecycleStatus: 'active',
      use: 'combined',
      material: 'concrete',
      sizeMm: 1200,
      coverLevelM: 12.345,
      invertLevelM: 9.8,
      yearBuilt: 1978,
      location: { longitude: 4.9, latitude: 52.37 },
      conditionGrade: 3,
      dateModified: '2026-06-01T00:00:00Z',
    };
    expect(validateForm(nodeFields, values, creating)).toEqual({});
  });

  it("an asset ID starting with a separator fails with the mask's own message", () => {
    const answer = validateForm(nodeFields, { assetId: '-MH', subtype: 'manhole', lifecycleStatus: 'active' }, editing);
    expect(answer.assetId).toEqual([shippedTemplate('node')!.tabs[0]!.fields[0]!.rules.regex!.message]);
  });

  it('an inspection header with what the demo records is valid', () => {
    const values: FormValues = {
      inspectedAt: '2025-03-04T09:30:00Z',
      direction: 'downstream',
      startNode: { id: 12, readableId: 'MH-0012' },
      weather: 'dry',
      preCleaning: true,
      lengthSurveyedM: 48.2,
      'header.operator': 'inspector',
      'header.vehicle': 'CCTV-2',
      'header.flowControl': 'none',
      'header.waterLevelPct': 10,
      'header.purpose': ['routine'],
      gpsPosition: null,
      status: 'completed',
      standardId: 'manway-demo',
    };
    expect(validateForm(inspectionFields, values, editing)).toEqual({});
  });

  it('an inspection in the future without an operator names both fields', () => {
    const answer = validateForm(
      inspectionFields,
      { inspectedAt: '2027-01-01T00:00:00Z', direction: 'upstream' },
      editing,
    );
    expect(answer).toEqual({
      inspectedAt: ['The date cannot be in the future'],
      'header.operator': [REQUIRED_MESSAGE],
    });
  });

  it('an observation asks for what its code needs', () => {
    expect(validateForm(observationFields, { code: 'ORT', distanceM: 3.2 }, creating)).toEqual({
      characterisation: ['Code ORT requires a characterisation'],
      quantification1: ['Code ORT requires a quantification (%)'],
      clockFrom: ['Code ORT requires a clock position'],
    });
    expect(
      validateForm(
        observationFields,
        { code: 'ORT', distanceM: 3.2, characterisation: 'F', quantification1: 15, clockFrom: 3 },
        creating,
      ),
    ).toEqual({});
  });
});

// Property tests: templates and values both come from outside, so no combination may throw.

const FIELD_IDS = ['a', 'b', 'code', 'subtype', 'fromNode', 'characterisation', '__proto__', 'constructor'];

const oddNumber = fc.oneof(
  fc.double(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 1e308),
);

const anyRules: fc.Arbitrary<FormFieldRules> = fc.record(
  {
    required: fc.boolean(),
    disabled: fc.boolean(),
    maxLength: fc.integer({ min: -5, max: 50 }),
    min: oddNumber,
    max: oddNumber,
    precision: fc.integer({ min: 0, max: 10 }),
    regex: fc.record(
      {
        expression: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('(', '[', '*', '\\', '(?<', 'a{2,1}', '.*')),
        message: fc.string({ maxLength: 20 }),
      },
      { requiredKeys: ['expression'] },
    ),
    validators: fc.subarray([...VALIDATOR_NAMES]),
    gpsRequired: fc.boolean(),
  },
  { requiredKeys: [] },
);

const anyField: fc.Arbitrary<FormField> = fc.record(
  {
    id: fc.constantFrom(...FIELD_IDS),
    label: fc.string({ maxLength: 10 }),
    kind: fc.constantFrom(...FORM_FIELD_KINDS),
    valueModelType: fc.constantFrom(...VALUE_MODEL_TYPES),
    rules: anyRules,
    options: fc.array(fc.record({ id: fc.string({ maxLength: 3 }), value: fc.string({ maxLength: 5 }) }), {
      maxLength: 4,
    }),
    optionsFrom: fc.constantFrom('subtypes', 'codes', 'characterisations', 'subject-kinds' as const),
    appliesTo: fc.array(fc.constantFrom('manhole', 'gully', 'gravity-main'), { maxLength: 3 }),
    readOnly: fc.boolean(),
    createOnly: fc.boolean(),
  },
  { requiredKeys: ['id', 'label', 'kind', 'valueModelType', 'rules'] },
);

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  oddNumber,
  fc.object({ values: [oddNumber, fc.string(), fc.constant(null)] }),
  fc.record({ longitude: oddNumber, latitude: oddNumber }),
  fc.record({ id: fc.integer(), readableId: fc.string() }),
  fc.record({ subject: fc.option(fc.record({ id: fc.option(fc.integer()), kind: fc.string(), label: fc.string() })) }),
  fc.array(fc.oneof(fc.string({ maxLength: 3 }), oddNumber), { maxLength: 4 }),
  fc.constantFrom('SCR', 'ORT', 'SCO', 'XYZ', 'manhole', '2024-02-29T10:00:00Z', '2999-01-01'),
);

const anyValues = fc.dictionary(fc.constantFrom(...FIELD_IDS), anyValue) as fc.Arbitrary<FormValues>;

const anyContext: fc.Arbitrary<FormContext> = fc.record({
  now: fc.date({ noInvalidDate: true }),
  creating: fc.boolean(),
  codes: fc.option(fc.constant(DEMO_CODES), { nil: undefined }),
});

describe('validateForm on any input', () => {
  it('never throws and answers one message per failing field', () => {
    fc.assert(
      fc.property(fc.array(anyField, { maxLength: 6 }), anyValues, anyContext, (fields, values, ctx) => {
        const answer = validateForm(fields, values, ctx);
        const ids = new Set(fields.map((f) => f.id));
        for (const [id, messages] of Object.entries(answer)) {
          expect(ids.has(id)).toBe(true);
          expect(messages).toHaveLength(1);
          expect(typeof messages[0]).toBe('string');
          expect(messages[0]).not.toBe('');
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('answers the same for the same input', () => {
    fc.assert(
      fc.property(fc.array(anyField, { maxLength: 6 }), anyValues, anyContext, (fields, values, ctx) => {
        expect(validateForm(fields, values, ctx)).toEqual(validateForm(fields, values, ctx));
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on the shipped templates, whatever the values', () => {
    const fields = [
      ...templateFields(shippedTemplate('node')!),
      ...templateFields(shippedTemplate('section')!),
      ...templateFields(shippedTemplate('inspection')!),
      ...templateFields(shippedTemplate('observation')!),
      ...templateFields(shippedTemplate('connected-subject')!),
    ];
    const keys = [...new Set(fields.map((f) => f.id))];
    const values = fc.dictionary(fc.constantFrom(...keys), anyValue) as fc.Arbitrary<FormValues>;
    fc.assert(
      fc.property(values, anyContext, (v, ctx) => {
        for (const messages of Object.values(validateForm(fields, v, ctx))) expect(messages).toHaveLength(1);
      }),
      { numRuns: 1000 },
    );
  });

  it('a disabled field is valid whatever it holds', () => {
    fc.assert(
      fc.property(anyField, anyValue, anyContext, (field, value, ctx) => {
        const disabled = { ...field, rules: { ...field.rules, disabled: true } };
        expect(validateFormField(disabled, { [field.id]: value } as FormValues, ctx)).toEqual(VALID);
      }),
    );
  });
});
