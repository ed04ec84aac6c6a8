/**
 * Object details and forms (main-app spec section 7, "Object details and forms"): the tabs the
 * details panel shows, each tab's form with the object's values, saving one tab or the whole object,
 * creating one, the form and defaults of a new object, and the server's calculation of derived fields.
 * Every write names the version it read; a stale one answers 409 and changes nothing.
 */
import { z } from 'zod';
import { ObjectIdParam } from './objects';
import { FormTab, FormValues } from '../forms/template';

/** `{type}`: an asset type (Node, Section, Lateral, by key or type name, any case) or Inspection. */
export const FormTypeParams = z.object({ type: z.string().min(1).max(100) });
export const FormObjectParams = FormTypeParams.extend({ id: ObjectIdParam });
export const FormTabParams = FormObjectParams.extend({ tabId: z.string().min(1).max(100) });

/** The object's place in the product when a screen asks: which edition and panel (reports use it too). */
export const UiContext = z.string().min(1).max(100);

/** GET api/object-details-templates/{type}/{id}: what the details panel shows and whether it may edit. */
export const DetailsTemplate = z.object({
  templateId: z.string(),
  /** The object type's name, as the other calls answer it (Node, Section, Inspection, …). */
  type: z.string(),
  id: z.number(),
  title: z.string(),
  tabs: z.array(z.object({ id: z.string(), label: z.string() })),
  /** The caller may edit this object (editor permissions for assets; see the forms service). */
  editable: z.boolean(),
  version: z.number(),
});
export type DetailsTemplate = z.infer<typeof DetailsTemplate>;

/** GET api/object-forms/{type}/{id}/{tabId}: one tab's fields (options resolved) and the values. */
export const FormTabAnswer = z.object({
  templateId: z.string(),
  tab: FormTab,
  values: FormValues,
  version: z.number(),
});
export type FormTabAnswer = z.infer<typeof FormTabAnswer>;

/** PUT …/{tabId} (that tab's fields) and POST …/{id} (every tab's): the values and the version read. */
export const FormSave = z.object({
  values: FormValues,
  version: z.number().int().min(1),
});
export type FormSave = z.infer<typeof FormSave>;

/** What a save or a create answers: the object as stored now. */
export const FormSaved = z.object({ id: z.number(), version: z.number(), values: FormValues });
export type FormSaved = z.infer<typeof FormSaved>;

/**
 * The context of a new object: its subtype (assets), its parent (an inspection's asset, an
 * observation's inspection) and the standard (inspections, observations; from the project otherwise).
 */
export const NewObjectContext = z.object({
  subtype: z.string().min(1).max(100).optional(),
  parentType: z.string().min(1).max(100).optional(),
  parentId: ObjectIdParam.optional(),
  standardId: z.string().min(1).max(40).optional(),
});
export type NewObjectContext = z.infer<typeof NewObjectContext>;

/** POST api/object-forms/{type}/empty: every tab of a new object's form, with its default values. */
export const EmptyForm = z.object({
  templateId: z.string(),
  tabs: z.array(FormTab),
  values: FormValues,
});
export type EmptyForm = z.infer<typeof EmptyForm>;

/** POST api/object-forms/{type}: create with the values of every tab. */
export const FormCreate = NewObjectContext.extend({ values: FormValues });
export type FormCreate = z.infer<typeof FormCreate>;

/** POST …/{id}/calculate and …/empty/calculate: the values as they are on the page. */
export const FormCalculate = NewObjectContext.extend({
  values: FormValues,
  /** The fields the user just changed; the answer is the same without, only slower to compute. */
  changed: z.array(z.string().max(100)).max(200).optional(),
});
export type FormCalculate = z.infer<typeof FormCalculate>;

/** The derived fields, recomputed: only the fields calculate owns, to merge over the page's values. */
export const FormCalculated = z.object({ values: FormValues });
export type FormCalculated = z.infer<typeof FormCalculated>;

/** POST …/empty/default-value: the defaults of a new object (date now, operator, standard, position). */
export const FormDefaults = z.object({ values: FormValues });
export type FormDefaults = z.infer<typeof FormDefaults>;

export const CREATE_DENIED = 'Access denied. You have no permissions to create new object.';
export const EDIT_DENIED = 'Access denied. You have no permissions to edit object.';
export const MISSING_TEMPLATES = 'There are no form templates to complete this operation. Please contact support.';
export const FORM_INVALID = 'The form has errors.';
