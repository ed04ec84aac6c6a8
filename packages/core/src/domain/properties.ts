/**
 * Property metadata of each object kind (what `api/metadata/objects/{type}/properties` answers):
 * name, label, value model type (spec section 3), unit and bounds. Options that live in the database
 * (subtypes, a standard's codes) are named by `optionsFrom` and filled in by the server.
 */
import type { SelectOption, ValueModelType } from '../api/objects';
import { INSPECTION_DIRECTIONS, INSPECTION_STATUSES, SEWER_USES } from './types';

export type OptionSource = 'subtypes' | 'codes' | 'characterisations';

export interface PropertyDef {
  name: string;
  label: string;
  valueModelType: ValueModelType;
  unit?: string;
  readOnly?: boolean;
  min?: number;
  max?: number;
  options?: SelectOption[];
  optionsFrom?: OptionSource;
  /** Only for these asset subtypes (assets) or inspected asset types (inspections). */
  appliesTo?: string[];
}

export type ObjectKind = 'node' | 'section' | 'lateral' | 'inspection' | 'observation';

const opts = (values: readonly string[], label = (v: string) => v[0]!.toUpperCase() + v.slice(1).replace(/-/g, ' ')) =>
  values.map((v) => ({ id: v, value: label(v) }));

/** The inspection header's direction choices, as its form and an inspection profile offer them. */
export const INSPECTION_DIRECTION_OPTIONS: SelectOption[] = opts(INSPECTION_DIRECTIONS);

const MATERIALS = ['brick', 'concrete', 'vitrified clay', 'PVC', 'PE'];
const LIFECYCLE = ['planned', 'active', 'abandoned', 'removed'];
const PIPE_SIZES = [100, 150, 225, 300, 450, 600, 900].map(String);

const common: PropertyDef[] = [
  { name: 'assetId', label: 'Asset ID', valueModelType: 'String' },
  { name: 'subtype', label: 'Subtype', valueModelType: 'MappedEnum', optionsFrom: 'subtypes' },
  { name: 'material', label: 'Material', valueModelType: 'MappedEnum', options: opts(MATERIALS, (v) => v) },
  { name: 'yearBuilt', label: 'Year built', valueModelType: 'IntegerRange', min: 1800, max: 2100 },
  { name: 'owner', label: 'Owner', valueModelType: 'String' },
  { name: 'use', label: 'Use', valueModelType: 'MappedEnum', options: opts(SEWER_USES) },
  { name: 'lifecycleStatus', label: 'Lifecycle status', valueModelType: 'MappedEnum', options: opts(LIFECYCLE) },
  { name: 'street', label: 'Street', valueModelType: 'String' },
  { name: 'district', label: 'District', valueModelType: 'String' },
  {
    name: 'conditionGrade',
    label: 'Condition grade',
    valueModelType: 'IntegerRange',
    min: 1,
    max: 5,
    readOnly: true,
  },
];

const location: PropertyDef[] = [
  { name: 'location.longitude', label: 'Longitude', valueModelType: 'DoubleRange', unit: '°', min: -180, max: 180 },
  { name: 'location.latitude', label: 'Latitude', valueModelType: 'DoubleRange', unit: '°', min: -90, max: 90 },
  { name: 'location.altitude', label: 'Altitude', valueModelType: 'DoubleRange', unit: 'm' },
  {
    name: 'location.horizontalAccuracy',
    label: 'Horizontal accuracy',
    valueModelType: 'GpsAccuracyRange',
    unit: 'm',
    min: 0,
  },
  { name: 'location.fixQuality', label: 'Fix quality', valueModelType: 'GpsAccuracy', min: 0, max: 9 },
  {
    name: 'location.source',
    label: 'Source',
    valueModelType: 'MappedEnum',
    options: [
      { id: 'collected', value: 'Collected' },
      { id: 'imported-from-gis', value: 'Imported from GIS' },
    ],
  },
  { name: 'location.capturedTime', label: 'Captured', valueModelType: 'DateTimeRange' },
];

const observation: PropertyDef[] = [
  { name: 'sequence', label: 'Sequence', valueModelType: 'IntegerRange', min: 1, readOnly: true },
  { name: 'distanceM', label: 'Distance', valueModelType: 'DoubleRange', unit: 'm', min: 0 },
  { name: 'code', label: 'Code', valueModelType: 'CodeEnum', optionsFrom: 'codes' },
  {
    name: 'characterisation',
    label: 'Characterisation',
    valueModelType: 'ModifierEnum',
    optionsFrom: 'characterisations',
  },
  { name: 'quantification1', label: 'Quantification 1', valueModelType: 'DoubleEnumRange', min: 0 },
  { name: 'quantification2', label: 'Quantification 2', valueModelType: 'DoubleEnumRange', min: 0 },
  { name: 'clockFrom', label: 'Clock from', valueModelType: 'IntegerRange', min: 1, max: 12 },
  { name: 'clockTo', label: 'Clock to', valueModelType: 'IntegerRange', min: 1, max: 12 },
  { name: 'atJoint', label: 'At joint', valueModelType: 'Boolean' },
  {
    name: 'continuous',
    label: 'Continuous defect',
    valueModelType: 'MappedEnum',
    options: [
      { id: 'S', value: 'Start' },
      { id: 'F', value: 'Finish' },
    ],
  },
  { name: 'grade', label: 'Grade', valueModelType: 'IntegerRange', min: 1, max: 5, readOnly: true },
  { name: 'remark', label: 'Remark', valueModelType: 'String' },
  { name: 'videoOffsetMs', label: 'Video offset', valueModelType: 'IntegerRange', unit: 'ms', min: 0 },
];

export const PROPERTY_DEFS: Record<ObjectKind, PropertyDef[]> = {
  node: [
    ...common,
    { name: 'coverLevelM', label: 'Cover level', valueModelType: 'DoubleRange', unit: 'm' },
    { name: 'invertLevelM', label: 'Invert level', valueModelType: 'DoubleRange', unit: 'm' },
    {
      name: 'sizeMm',
      label: 'Chamber size',
      valueModelType: 'FloatEnumRange',
      unit: 'mm',
      min: 0,
      appliesTo: ['manhole', 'gully', 'pump-station'],
    },
  ],
  section: [
    ...common,
    { name: 'fromNode', label: 'From node', valueModelType: 'String', readOnly: true },
    { name: 'toNode', label: 'To node', valueModelType: 'String', readOnly: true },
    {
      name: 'shape',
      label: 'Shape',
      valueModelType: 'MappedEnum',
      options: opts(['circular', 'egg', 'rectangular', 'square']),
    },
    {
      name: 'sizeMm',
      label: 'Diameter',
      valueModelType: 'FloatEnumRange',
      unit: 'mm',
      min: 0,
      options: PIPE_SIZES.map((s) => ({ id: s, value: `${s} mm` })),
    },
    { name: 'lengthM', label: 'Length', valueModelType: 'DoubleRange', unit: 'm', min: 0 },
    {
      name: 'fromInvertM',
      label: 'Upstream invert',
      valueModelType: 'DoubleRange',
      unit: 'm',
      appliesTo: ['gravity-main'],
    },
    {
      name: 'toInvertM',
      label: 'Downstream invert',
      valueModelType: 'DoubleRange',
      unit: 'm',
      appliesTo: ['gravity-main'],
    },
  ],
  lateral: [
    ...common,
    { name: 'parentSection', label: 'Section', valueModelType: 'String', readOnly: true },
    { name: 'chainageM', label: 'Chainage', valueModelType: 'DoubleRange', unit: 'm', min: 0 },
    { name: 'clock', label: 'Clock position', valueModelType: 'IntegerRange', min: 1, max: 12 },
    {
      name: 'sizeMm',
      label: 'Diameter',
      valueModelType: 'FloatEnumRange',
      unit: 'mm',
      min: 0,
      options: ['100', '150'].map((s) => ({ id: s, value: `${s} mm` })),
    },
    { name: 'lengthM', label: 'Length', valueModelType: 'DoubleRange', unit: 'm', min: 0 },
  ],
  inspection: [
    { name: 'assetId', label: 'Asset ID', valueModelType: 'String', readOnly: true },
    {
      name: 'status',
      label: 'Status',
      valueModelType: 'MappedEnum',
      options: opts(INSPECTION_STATUSES),
      readOnly: true,
    },
    { name: 'inspectedAt', label: 'Date and time', valueModelType: 'DateTimeRange' },
    {
      name: 'direction',
      label: 'Direction',
      valueModelType: 'MappedEnum',
      options: INSPECTION_DIRECTION_OPTIONS,
      appliesTo: ['section', 'lateral'],
    },
    { name: 'startNode', label: 'Start node', valueModelType: 'String', appliesTo: ['section', 'lateral'] },
    {
      name: 'weather',
      label: 'Weather',
      valueModelType: 'MappedEnum',
      options: opts(['dry', 'rain', 'snow', 'frost']),
    },
    { name: 'preCleaning', label: 'Pre-cleaning', valueModelType: 'Boolean' },
    { name: 'lengthSurveyedM', label: 'Length surveyed', valueModelType: 'DoubleRange', unit: 'm', min: 0 },
    {
      name: 'observedCodes',
      label: 'Codes observed',
      valueModelType: 'MultiCodeEnum',
      optionsFrom: 'codes',
      readOnly: true,
    },
    {
      name: 'structuralPeak',
      label: 'Structural peak grade',
      valueModelType: 'IntegerRange',
      min: 0,
      max: 5,
      readOnly: true,
    },
    {
      name: 'structuralIndex',
      label: 'Structural index',
      valueModelType: 'DoubleEnumRange',
      min: 0,
      max: 5,
      readOnly: true,
    },
    { name: 'structuralQuick', label: 'Structural quick rating', valueModelType: 'String', readOnly: true },
    {
      name: 'operationalPeak',
      label: 'O&M peak grade',
      valueModelType: 'IntegerRange',
      min: 0,
      max: 5,
      readOnly: true,
    },
    { name: 'operationalIndex', label: 'O&M index', valueModelType: 'DoubleEnumRange', min: 0, max: 5, readOnly: true },
    { name: 'operationalQuick', label: 'O&M quick rating', valueModelType: 'String', readOnly: true },
  ],
  observation,
};

/** Nested property sets: an inspection's observations, an asset's location. */
export const NESTED: Partial<Record<ObjectKind, { prefix: string; defs: PropertyDef[] }>> = {
  inspection: { prefix: 'observations.', defs: observation },
  node: { prefix: '', defs: location },
  section: { prefix: '', defs: location },
  lateral: { prefix: '', defs: location },
};
