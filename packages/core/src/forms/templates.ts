/**
 * The form templates that ship with the product: one per asset type, the demo standard's inspection
 * header and observation, and connected subjects. Field ids are the property names the server
 * already answers (`domain/properties.ts`), and a field built from a property takes its label,
 * value model type, unit, bounds and options from there, so the form and the property metadata
 * cannot drift apart; only what a form adds (required, masks, validators, who may write) is said here.
 */
import type { SelectOption } from '../api/objects';
import { PROPERTY_DEFS, type ObjectKind } from '../domain/properties';
import { DEMO_STANDARD } from '../domain/standard';
import type { FormField, FormFieldRules, FormObjectType, FormTab, FormTemplate } from './template';

/** What a template says about a field beyond its property metadata. */
type FieldExtras = Partial<Omit<FormField, 'rules'>> & { rules?: FormFieldRules };

/** A field from the property `name` of `kind`, with the form's own rules and flags. */
function propertyField(kind: ObjectKind, name: string, extras: FieldExtras = {}): FormField {
  const def = PROPERTY_DEFS[kind].find((d) => d.name === name);
  if (!def) throw new Error(`${kind} has no property ${name}`);
  const bounds: FormFieldRules = {};
  if (def.min !== undefined) bounds.min = def.min;
  if (def.max !== undefined) bounds.max = def.max;
  const field: FormField = {
    id: def.name,
    label: def.label,
    kind: 'simple',
    valueModelType: def.valueModelType,
    rules: bounds,
  };
  if (def.unit !== undefined) field.unit = def.unit;
  if (def.options) field.options = def.options;
  if (def.optionsFrom) field.optionsFrom = def.optionsFrom;
  if (def.readOnly) field.readOnly = true;
  // Assets narrow by subtype, as forms do; an inspection property narrows by the inspected asset's
  // type, which a form's values do not carry.
  if (def.appliesTo && kind !== 'inspection') field.appliesTo = def.appliesTo;
  const { rules, ...rest } = extras;
  return { ...field, ...rest, rules: { ...bounds, ...rules } };
}

/** A field no property describes (inspection header values, composite fields). */
function formField(field: Omit<FormField, 'rules'> & { rules?: FormFieldRules }): FormField {
  return { ...field, rules: field.rules ?? {} };
}

const tab = (id: string, label: string, fields: FormField[]): FormTab => ({ id, label, fields });

const options = (entries: readonly (readonly [id: string, label: string])[]): SelectOption[] =>
  entries.map(([id, value]) => ({ id, value }));

/** Asset IDs are codes people type and read out: a letter or digit first, then a few separators. */
const ASSET_ID_MASK = {
  expression: '[A-Za-z0-9][A-Za-z0-9 ._/-]*',
  message: 'Start with a letter or digit; then use letters, digits, spaces and . _ / -',
};

/** Chamber sizes a manhole, gully or pump station is built in. */
const CHAMBER_SIZES_MM = [450, 600, 900, 1050, 1200, 1500, 1800];

const dateModifiedField = formField({
  id: 'dateModified',
  label: 'Date modified',
  kind: 'dateModified',
  valueModelType: 'DateTimeRange',
  readOnly: true,
});

function generalTab(kind: 'node' | 'section' | 'lateral'): FormTab {
  return tab('general', 'General', [
    propertyField(kind, 'assetId', { rules: { required: true, maxLength: 100, regex: ASSET_ID_MASK } }),
    propertyField(kind, 'subtype', { rules: { required: true } }),
    propertyField(kind, 'lifecycleStatus', { rules: { required: true } }),
    propertyField(kind, 'use'),
    propertyField(kind, 'owner', { rules: { maxLength: 200 } }),
    propertyField(kind, 'street', { rules: { maxLength: 200 } }),
    propertyField(kind, 'district', { rules: { maxLength: 200 } }),
    dateModifiedField,
  ]);
}

const yearBuilt = (kind: ObjectKind) =>
  propertyField(kind, 'yearBuilt', { rules: { validators: ['year-not-in-future'] } });

const conditionTab = (kind: ObjectKind) => tab('condition', 'Condition', [propertyField(kind, 'conditionGrade')]);

/** The length follows from the geometry (calculate), never from typing. */
const calculatedLength = (kind: ObjectKind) =>
  propertyField(kind, 'lengthM', { readOnly: true, hint: 'Calculated from the geometry', rules: { precision: 2 } });

const nodeLookup = (id: 'fromNode' | 'toNode' | 'startNode', label: string, extras: FieldExtras = {}): FormField =>
  formField({
    id,
    label,
    kind: 'lookup',
    valueModelType: 'String',
    lookup: { objectType: 'node' },
    ...extras,
    rules: extras.rules ?? {},
  });

const NODE_TEMPLATE: FormTemplate = {
  id: 'node',
  objectType: 'node',
  standardId: null,
  label: 'Node',
  tabs: [
    generalTab('node'),
    tab('construction', 'Construction', [
      propertyField('node', 'material'),
      propertyField('node', 'sizeMm', {
        options: CHAMBER_SIZES_MM.map((s) => ({ id: String(s), value: `${s} mm` })),
        rules: { min: 1 },
      }),
      propertyField('node', 'coverLevelM', { rules: { precision: 3 } }),
      propertyField('node', 'invertLevelM', { rules: { precision: 3 } }),
      yearBuilt('node'),
    ]),
    tab('position', 'Position', [
      formField({
        id: 'positionHint',
        label: 'Position',
        kind: 'placeholder',
        valueModelType: 'String',
        hint: 'After creation, a node is moved with the location editor on the map',
      }),
      formField({
        id: 'location',
        label: 'Location',
        kind: 'location',
        valueModelType: 'DoubleRange',
        unit: '°',
        createOnly: true,
        rules: { required: true },
      }),
    ]),
    conditionTab('node'),
  ],
};

const SECTION_TEMPLATE: FormTemplate = {
  id: 'section',
  objectType: 'section',
  standardId: null,
  label: 'Section',
  tabs: [
    generalTab('section'),
    tab('construction', 'Construction', [
      propertyField('section', 'shape'),
      propertyField('section', 'sizeMm', { rules: { min: 1 } }),
      propertyField('section', 'material'),
      yearBuilt('section'),
      calculatedLength('section'),
      propertyField('section', 'fromInvertM', { rules: { precision: 3 } }),
      propertyField('section', 'toInvertM', { rules: { precision: 3 } }),
    ]),
    tab('connectivity', 'Connectivity', [
      nodeLookup('fromNode', 'From node', { createOnly: true, triggersCalculate: true, rules: { required: true } }),
      nodeLookup('toNode', 'To node', {
        createOnly: true,
        triggersCalculate: true,
        rules: { required: true, validators: ['different-from-node'] },
      }),
    ]),
    conditionTab('section'),
  ],
};

const LATERAL_TEMPLATE: FormTemplate = {
  id: 'lateral',
  objectType: 'lateral',
  standardId: null,
  label: 'Lateral',
  tabs: [
    generalTab('lateral'),
    tab('connection', 'Connection', [
      formField({
        id: 'parentSection',
        label: 'Section',
        kind: 'lookup',
        valueModelType: 'String',
        lookup: { objectType: 'section' },
        createOnly: true,
        triggersCalculate: true,
        rules: { required: true },
      }),
      propertyField('lateral', 'chainageM', { createOnly: true, rules: { required: true, precision: 2 } }),
      propertyField('lateral', 'clock', { createOnly: true, rules: { required: true } }),
      formField({
        id: 'location',
        label: 'Property end',
        kind: 'location',
        valueModelType: 'DoubleRange',
        unit: '°',
        createOnly: true,
        hint: 'Where the lateral meets the property',
        rules: { required: true },
      }),
    ]),
    tab('construction', 'Construction', [
      propertyField('lateral', 'sizeMm', { rules: { min: 1 } }),
      propertyField('lateral', 'material'),
      yearBuilt('lateral'),
      calculatedLength('lateral'),
    ]),
    conditionTab('lateral'),
  ],
};

const SCORE_FAMILIES = [
  ['structural', 'Structural'],
  ['operational', 'O&M'],
] as const;

/** The family scores of DOMAIN.md, derived by calculate from the observations. */
function scoreFields(): FormField[] {
  return SCORE_FAMILIES.flatMap(([family, label]) => [
    formField({
      id: `${family}Peak`,
      label: `${label} peak grade`,
      kind: 'simple',
      valueModelType: 'IntegerRange',
      readOnly: true,
      rules: { min: 0, max: 5 },
    }),
    formField({
      id: `${family}Rating`,
      label: `${label} rating`,
      kind: 'simple',
      valueModelType: 'IntegerRange',
      readOnly: true,
      rules: { min: 0 },
    }),
    formField({
      id: `${family}Index`,
      label: `${label} index`,
      kind: 'simple',
      valueModelType: 'DoubleRange',
      readOnly: true,
      rules: { min: 0, max: 5, precision: 2 },
    }),
    formField({
      id: `${family}Quick`,
      label: `${label} quick rating`,
      kind: 'simple',
      valueModelType: 'String',
      readOnly: true,
    }),
  ]);
}

const DEMO_INSPECTION_TEMPLATE: FormTemplate = {
  id: `inspection:${DEMO_STANDARD.id}`,
  objectType: 'inspection',
  standardId: DEMO_STANDARD.id,
  label: `Inspection (${DEMO_STANDARD.name})`,
  tabs: [
    tab('header', 'Header', [
      propertyField('inspection', 'inspectedAt', { rules: { required: true, validators: ['not-in-future'] } }),
      propertyField('inspection', 'direction', { rules: { required: true } }),
      nodeLookup('startNode', 'Start node'),
      propertyField('inspection', 'weather'),
      propertyField('inspection', 'preCleaning'),
      propertyField('inspection', 'lengthSurveyedM', { rules: { precision: 2 } }),
      formField({
        id: 'header.operator',
        label: 'Operator',
        kind: 'simple',
        valueModelType: 'String',
        rules: { required: true, maxLength: 100 },
      }),
      formField({
        id: 'header.vehicle',
        label: 'Vehicle',
        kind: 'simple',
        valueModelType: 'String',
        rules: { maxLength: 100 },
      }),
      formField({
        id: 'header.flowControl',
        label: 'Flow control',
        kind: 'simple',
        valueModelType: 'MappedEnum',
        options: options([
          ['none', 'None'],
          ['plugged', 'Plugged'],
          ['pumped', 'Pumped'],
          ['diverted', 'Diverted'],
          ['low-flow-period', 'Low-flow period'],
        ]),
      }),
      formField({
        id: 'header.waterLevelPct',
        label: 'Water level',
        kind: 'simple',
        valueModelType: 'IntegerRange',
        unit: '%',
        rules: { min: 0, max: 100 },
      }),
      formField({
        id: 'header.purpose',
        label: 'Purpose',
        kind: 'simple',
        valueModelType: 'MultiCodeEnum',
        options: options([
          ['routine', 'Routine'],
          ['complaint', 'Complaint'],
          ['pre-rehabilitation', 'Before rehabilitation'],
          ['post-rehabilitation', 'After rehabilitation'],
          ['handover', 'Handover'],
        ]),
      }),
      propertyField('inspection', 'status'),
      formField({ id: 'standardId', label: 'Standard', kind: 'simple', valueModelType: 'String', readOnly: true }),
      dateModifiedField,
    ]),
    tab('position', 'Position', [
      formField({
        id: 'gpsPosition',
        label: 'GPS position',
        kind: 'gpsPosition',
        valueModelType: 'GpsAccuracy',
        rules: { gpsRequired: false },
      }),
      formField({
        id: 'header.requiredAccuracyM',
        label: 'Required accuracy',
        kind: 'simple',
        valueModelType: 'GpsAccuracyRange',
        unit: 'm',
        rules: { min: 0, max: 100 },
      }),
    ]),
    tab('scores', 'Scores', scoreFields()),
  ],
};

/** Which of them a code needs is the code's business: the `…-of-code` validators ask the standard. */
const DEMO_OBSERVATION_TEMPLATE: FormTemplate = {
  id: `observation:${DEMO_STANDARD.id}`,
  objectType: 'observation',
  standardId: DEMO_STANDARD.id,
  label: `Observation (${DEMO_STANDARD.name})`,
  tabs: [
    tab('observation', 'Observation', [
      propertyField('observation', 'code', {
        triggersCalculate: true,
        rules: { required: true, validators: ['code-of-standard'] },
      }),
      propertyField('observation', 'distanceM', { rules: { required: true, precision: 2 } }),
      propertyField('observation', 'characterisation', {
        triggersCalculate: true,
        rules: { validators: ['characterisation-of-code'] },
      }),
      propertyField('observation', 'quantification1', {
        triggersCalculate: true,
        rules: { validators: ['quantification-of-code'] },
      }),
      propertyField('observation', 'quantification2'),
      propertyField('observation', 'clockFrom', { rules: { validators: ['clock-of-code'] } }),
      propertyField('observation', 'clockTo'),
      propertyField('observation', 'continuous', { rules: { validators: ['continuous-of-code'] } }),
      propertyField('observation', 'atJoint'),
      propertyField('observation', 'grade', { hint: 'Calculated from the code under the standard' }),
    ]),
    tab('details', 'Details', [
      propertyField('observation', 'remark', { rules: { maxLength: 500 } }),
      propertyField('observation', 'videoOffsetMs', { readOnly: true }),
    ]),
  ],
};

const CONNECTED_SUBJECT_TEMPLATE: FormTemplate = {
  id: 'connected-subject',
  objectType: 'connected-subject',
  standardId: null,
  label: 'Connected subject',
  tabs: [
    tab('connection', 'Connection', [
      formField({
        id: 'connection',
        label: 'Connection',
        kind: 'subjectConnection',
        valueModelType: 'String',
        rules: { required: true, gpsRequired: true },
      }),
      formField({ id: 'subject', label: 'Subject', kind: 'subject', valueModelType: 'String' }),
      formField({ id: 'remark', label: 'Remark', kind: 'simple', valueModelType: 'String', rules: { maxLength: 500 } }),
      formField({
        id: 'kind',
        label: 'Kind',
        kind: 'simple',
        valueModelType: 'MappedEnum',
        optionsFrom: 'subject-kinds',
      }),
    ]),
  ],
};

export const SHIPPED_TEMPLATES: FormTemplate[] = [
  NODE_TEMPLATE,
  SECTION_TEMPLATE,
  LATERAL_TEMPLATE,
  DEMO_INSPECTION_TEMPLATE,
  DEMO_OBSERVATION_TEMPLATE,
  CONNECTED_SUBJECT_TEMPLATE,
];

/** Object types whose forms differ by inspection standard. */
const PER_STANDARD: readonly FormObjectType[] = ['inspection', 'observation'];

/**
 * The shipped template of an object type; inspections and observations by standard, the demo
 * standard's when none is named. Answers undefined when nothing ships for it (the spec's
 * missing-templates error is the caller's to raise).
 */
export function shippedTemplate(objectType: FormObjectType, standardId?: string | null): FormTemplate | undefined {
  if (!PER_STANDARD.includes(objectType)) return SHIPPED_TEMPLATES.find((t) => t.objectType === objectType);
  const standard = standardId ?? DEMO_STANDARD.id;
  return SHIPPED_TEMPLATES.find((t) => t.objectType === objectType && t.standardId === standard);
}
