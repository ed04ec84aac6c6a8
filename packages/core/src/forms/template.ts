/**
 * Form templates as data (main-app spec section 3): a template per object type, and per standard for
 * inspections and observations, made of tabs of fields. Each field names its kind, its value model
 * type and its rules; the page draws and checks it, and the server checks it again with the same
 * rules (`validate.ts`) before anything is written. Templates ship with the product (`templates.ts`),
 * are stored in the database and travel with the sync's structure and standards data.
 */
import { z } from 'zod';
import { SelectOption, VALUE_MODEL_TYPES } from '../api/objects';

/** Form field kinds of spec section 3. */
export const FORM_FIELD_KINDS = [
  'subjectConnection',
  'subject',
  'simple',
  'placeholder',
  'lookup',
  'dateModified',
  'gpsPosition',
  'location',
] as const;
export type FormFieldKind = (typeof FORM_FIELD_KINDS)[number];

/** The object kinds that have forms; assets by their object type key. */
export const FORM_OBJECT_TYPES = [
  'node',
  'section',
  'lateral',
  'inspection',
  'observation',
  'connected-subject',
] as const;
export type FormObjectType = (typeof FORM_OBJECT_TYPES)[number];

/** Where the server fills a field's options from when they live in the database. */
export const OPTION_SOURCES = ['subtypes', 'codes', 'characterisations', 'subject-kinds'] as const;
export type FormOptionSource = (typeof OPTION_SOURCES)[number];

/** Custom validators are named in templates and found in one registry (`validators.ts`). */
export const VALIDATOR_NAMES = [
  /** A date-time not after now. */
  'not-in-future',
  /** A year not after the current one. */
  'year-not-in-future',
  /** A section joins two different nodes. */
  'different-from-node',
  /** The observation code exists in the standard. */
  'code-of-standard',
  /** The characterisation is one of the code's, and present when the code requires one. */
  'characterisation-of-code',
  /** The quantification is present when the code requires one. */
  'quantification-of-code',
  /** The clock position is present when the code requires one. */
  'clock-of-code',
  /** Start/finish only for codes that allow continuous defects. */
  'continuous-of-code',
] as const;
export type ValidatorName = (typeof VALIDATOR_NAMES)[number];

/** An option as a template holds it: bounded, since templates travel between systems. */
export const FormOption = SelectOption.extend({ id: z.string().max(100), value: z.string().max(300) });

export const RegexRuleData = z.object({ expression: z.string().max(500), message: z.string().max(300).optional() });

/** Field rules of spec section 3, as data; `validators` name custom validators of the registry. */
export const FormFieldRules = z.object({
  required: z.boolean().optional(),
  disabled: z.boolean().optional(),
  maxLength: z.number().int().positive().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  /** Decimal places a number keeps (text fields of spec section 5). */
  precision: z.number().int().min(0).max(10).optional(),
  regex: RegexRuleData.optional(),
  validators: z.array(z.enum(VALIDATOR_NAMES)).max(10).optional(),
  /** Subject connections and GPS positions: longitude and latitude are needed too. */
  gpsRequired: z.boolean().optional(),
});
export type FormFieldRules = z.infer<typeof FormFieldRules>;

export const FormField = z.object({
  /** The value's key in the object's form values: `material`, `header.operator`, `location`. */
  id: z.string().min(1).max(100),
  label: z.string().max(200),
  kind: z.enum(FORM_FIELD_KINDS),
  valueModelType: z.enum(VALUE_MODEL_TYPES),
  unit: z.string().max(20).nullable().optional(),
  /** Fixed options; for the database-backed ones see `optionsFrom` (the server resolves them). */
  options: z.array(FormOption).max(1000).optional(),
  optionsFrom: z.enum(OPTION_SOURCES).optional(),
  /** Lookup fields: the object type searched (`api/lookup/{objectType}`) and the subtype narrowing it. */
  lookup: z.object({ objectType: z.string().max(100), assetSubtype: z.string().max(100).optional() }).optional(),
  rules: FormFieldRules,
  /** Shown, never written by the user: system values and what calculate derives. */
  readOnly: z.boolean().optional(),
  /** Only writable when the object is created (a section's end nodes). */
  createOnly: z.boolean().optional(),
  /** A change of this field asks the server to recalculate the derived fields. */
  triggersCalculate: z.boolean().optional(),
  /** Only for these asset subtypes. */
  appliesTo: z.array(z.string().max(100)).max(50).optional(),
  hint: z.string().max(300).optional(),
});
export type FormField = z.infer<typeof FormField>;

export const FormTab = z.object({
  id: z.string().min(1).max(100),
  label: z.string().max(200),
  fields: z.array(FormField).max(200),
});
export type FormTab = z.infer<typeof FormTab>;

export const FormTemplate = z.object({
  id: z.string().min(1).max(100),
  objectType: z.enum(FORM_OBJECT_TYPES),
  /** Inspections and observations have a template per standard; null for assets. */
  standardId: z.string().max(40).nullable(),
  label: z.string().max(200),
  tabs: z.array(FormTab).min(1).max(30),
});
export type FormTemplate = z.infer<typeof FormTemplate>;

// Values. A form's values are a flat record keyed by field id; composite fields hold objects.

export const FormLocation = z.object({
  longitude: z.number().min(-180).max(180).nullable(),
  latitude: z.number().min(-90).max(90).nullable(),
});
export type FormLocation = z.infer<typeof FormLocation>;

/** A GPS position field: the position and every fix field of spec section 3. */
export const GpsPositionValue = FormLocation.extend({
  altitude: z.number().nullable().optional(),
  source: z.string().max(50).nullable().optional(),
  accuracy: z.number().min(0).nullable().optional(),
  height: z.number().nullable().optional(),
  fixQuality: z.number().int().min(0).max(9).nullable().optional(),
  satellites: z.number().int().min(0).max(200).nullable().optional(),
  asnr: z.number().nullable().optional(),
  hdop: z.number().nullable().optional(),
  pdop: z.number().nullable().optional(),
  vdop: z.number().nullable().optional(),
  localTime: z.string().max(40).nullable().optional(),
  utcTime: z.string().max(40).nullable().optional(),
  mode: z.string().max(20).nullable().optional(),
  dgpsAge: z.number().nullable().optional(),
  dgpsId: z.string().max(20).nullable().optional(),
  fix3d: z.boolean().nullable().optional(),
});
export type GpsPositionValue = z.infer<typeof GpsPositionValue>;

/** A lookup field's value: the object found, with the readable id to show. */
export const LookupValue = z.object({ id: z.number().int().positive(), readableId: z.string().max(200) });
export type LookupValue = z.infer<typeof LookupValue>;

export const SubjectInfo = z.object({
  id: z.number().int().positive().nullable(),
  kind: z.string().max(50),
  label: z.string().max(200),
});
export type SubjectInfo = z.infer<typeof SubjectInfo>;

export const SubjectConnectionFormValue = z.object({
  subject: SubjectInfo.nullable(),
  location: FormLocation.nullable().optional(),
});
export type SubjectConnectionFormValue = z.infer<typeof SubjectConnectionFormValue>;

export const SubjectFormValue = z.object({ subject: SubjectInfo.nullable() });

/**
 * One field's value. Which shape a field takes follows from its kind and value model type
 * (`validate.ts` checks it); the wire accepts any of them so that a wrong one is a message under the
 * field rather than a refused request.
 */
export const FormValue = z.union([
  z.string().max(100_000),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.string().max(100)).max(100),
  LookupValue,
  SubjectConnectionFormValue,
  SubjectFormValue,
  GpsPositionValue,
  FormLocation,
]);
export type FormValue = z.infer<typeof FormValue>;

export const FormValues = z.record(z.string().max(100), FormValue);
export type FormValues = z.infer<typeof FormValues>;

/** Every field of a template, tab after tab. */
export function templateFields(template: Pick<FormTemplate, 'tabs'>): FormField[] {
  return template.tabs.flatMap((t) => t.fields);
}
