/**
 * The object-forms calls (main-app spec section 7, "Object details and forms") and the lookup
 * search their lookup fields use.
 *
 * Tags: 'ObjectForm' (by type and id) tags the details template and every tab of one object, so a
 * save reads the version and the values afresh. A save also changes what the map shows of the
 * object: its details ('Object', by type and id, as the map and location features tag them) and its
 * layer ('LayerFeatures', by layer, which is the asset type name), whose colour and label follow the
 * values. Tags are strings shared through shellApi, so this feature invalidates the map's answers
 * without importing the map feature.
 */
import { LookupResult } from '@manway/core/api/objects';
import {
  DetailsTemplate,
  EmptyForm,
  FormCalculated,
  FormDefaults,
  FormSaved,
  FormTabAnswer,
  type FormCalculate,
  type FormCreate,
  type FormSave,
  type NewObjectContext,
} from '@manway/core/api/forms';
import type { LookupValue } from '@manway/core/forms/template';
import { shellApi } from '../../../shell/request/api';

export interface FormObject {
  /** The object type's name as the calls take it: Node, Section, Lateral, Inspection. */
  type: string;
  id: number;
}

const OBJECT_FORM = 'ObjectForm';
const formsPath = (type: string) => `api/object-forms/${encodeURIComponent(type)}`;
const objectPath = ({ type, id }: FormObject) => `${formsPath(type)}/${id}`;
const objectKey = ({ type, id }: FormObject) => `${type}:${id}`;

/** What a change of one object makes stale: its forms, its details on the map and its layer. */
const savedObjectTags = (object: FormObject) => [
  { type: OBJECT_FORM, id: objectKey(object) } as const,
  { type: 'Object', id: objectKey(object) } as const,
  { type: 'LayerFeatures', id: object.type } as const,
  // An inspection's header shows in its asset's list of inspections, by the map's tag name.
  ...(object.type.toLowerCase() === 'inspection' ? ['AssetInspections' as const] : []),
];

export interface LookupSearchArgs {
  objectType: string;
  search: string;
  assetSubtype?: string;
  limit: number;
}

const objectFormsApi = shellApi
  .enhanceEndpoints({ addTagTypes: [OBJECT_FORM, 'Object', 'LayerFeatures', 'AssetInspections'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET api/object-details-templates/{type}/{id}: the tabs, whether the user may edit, the version. */
      getObjectDetailsTemplate: build.query<DetailsTemplate, FormObject>({
        query: ({ type, id }) => `api/object-details-templates/${encodeURIComponent(type)}/${id}`,
        transformResponse: (data: unknown) => DetailsTemplate.parse(data),
        providesTags: (_result, _error, object) => [{ type: OBJECT_FORM, id: objectKey(object) }],
      }),

      /** GET api/object-forms/{type}/{id}/{tabId}: one tab's fields and the object's values. */
      getObjectFormTab: build.query<FormTabAnswer, FormObject & { tabId: string }>({
        query: ({ tabId, ...object }) => `${objectPath(object)}/${encodeURIComponent(tabId)}`,
        transformResponse: (data: unknown) => FormTabAnswer.parse(data),
        providesTags: (_result, _error, object) => [{ type: OBJECT_FORM, id: objectKey(object) }],
      }),

      /**
       * PUT …/{tabId}: saves one tab with the version read. A stale version answers 409, which the
       * global handling leaves to the form; nothing is invalidated then, so the user's values stay
       * on the page until they choose to reload.
       */
      saveObjectFormTab: build.mutation<FormSaved, FormObject & { tabId: string; save: FormSave }>({
        query: ({ tabId, save, ...object }) => ({
          url: `${objectPath(object)}/${encodeURIComponent(tabId)}`,
          method: 'PUT',
          body: save,
        }),
        transformResponse: (data: unknown) => FormSaved.parse(data),
        invalidatesTags: (saved, _error, object) => (saved ? [...savedObjectTags(object)] : []),
      }),

      /** POST …/{id}: saves the fields of several tabs at once, with the version read. */
      saveObjectForm: build.mutation<FormSaved, FormObject & { save: FormSave }>({
        query: ({ save, ...object }) => ({ url: objectPath(object), method: 'POST', body: save }),
        transformResponse: (data: unknown) => FormSaved.parse(data),
        invalidatesTags: (saved, _error, object) => (saved ? [...savedObjectTags(object)] : []),
      }),

      /** POST api/object-forms/{type}: creates an object; a 403 carries the server's create-denied text. */
      createFormObject: build.mutation<FormSaved, { type: string; create: FormCreate }>({
        query: ({ type, create }) => ({ url: formsPath(type), method: 'POST', body: create }),
        transformResponse: (data: unknown) => FormSaved.parse(data),
        // The new object is not in any cached answer yet, except its layer's features.
        invalidatesTags: (saved, _error, { type }) => (saved ? [{ type: 'LayerFeatures', id: type }] : []),
      }),

      /**
       * POST …/empty: every tab of a new object's form. A read, though it is a POST: the context
       * travels in the body. Read afresh for each new object.
       */
      getEmptyObjectForm: build.query<EmptyForm, { type: string; context: NewObjectContext }>({
        query: ({ type, context }) => ({ url: `${formsPath(type)}/empty`, method: 'POST', body: context }),
        transformResponse: (data: unknown) => EmptyForm.parse(data),
        keepUnusedDataFor: 0,
      }),

      /** POST …/empty/default-value: date now, operator, standard, the user's last position. */
      getObjectFormDefaults: build.query<FormDefaults, { type: string; context: NewObjectContext }>({
        query: ({ type, context }) => ({
          url: `${formsPath(type)}/empty/default-value`,
          method: 'POST',
          body: context,
        }),
        transformResponse: (data: unknown) => FormDefaults.parse(data),
        keepUnusedDataFor: 0,
      }),

      /**
       * POST …/{id}/calculate: the derived fields of the values on the page. A newer calculation
       * makes an older one worthless, so it supersedes it.
       */
      calculateObjectForm: build.mutation<FormCalculated, FormObject & { calculate: FormCalculate }>({
        query: ({ calculate, ...object }) => ({
          url: `${objectPath(object)}/calculate`,
          method: 'POST',
          body: calculate,
        }),
        transformResponse: (data: unknown) => FormCalculated.parse(data),
        extraOptions: { supersede: true },
      }),

      /** POST …/empty/calculate: the same for an object not created yet. */
      calculateEmptyObjectForm: build.mutation<FormCalculated, { type: string; calculate: FormCalculate }>({
        query: ({ type, calculate }) => ({
          url: `${formsPath(type)}/empty/calculate`,
          method: 'POST',
          body: calculate,
        }),
        transformResponse: (data: unknown) => FormCalculated.parse(data),
        extraOptions: { supersede: true },
      }),

      /**
       * GET api/lookup/{objectType}: the objects a lookup field offers for the text typed. Read
       * imperatively by the field as the user types; each text is its own short-lived answer.
       */
      searchFormLookup: build.query<LookupValue[], LookupSearchArgs>({
        query: ({ objectType, search, assetSubtype, limit }) => ({
          url: `api/lookup/${encodeURIComponent(objectType)}`,
          params: { search, assetSubtype, limit },
        }),
        transformResponse: (data: unknown) =>
          LookupResult.parse(data).map(({ id, readableId }) => ({ id, readableId })),
        keepUnusedDataFor: 0,
      }),
    }),
  });

export const {
  useGetObjectDetailsTemplateQuery,
  useGetObjectFormTabQuery,
  useSaveObjectFormTabMutation,
  useSaveObjectFormMutation,
  useCreateFormObjectMutation,
  useGetEmptyObjectFormQuery,
  useGetObjectFormDefaultsQuery,
  useCalculateObjectFormMutation,
  useCalculateEmptyObjectFormMutation,
} = objectFormsApi;

export const { getObjectFormTab, searchFormLookup } = objectFormsApi.endpoints;

/** Reads the object's forms again, dropping what is cached: the Reload after a refused stale save. */
export const reloadObjectForms = (object: FormObject) =>
  objectFormsApi.util.invalidateTags([{ type: OBJECT_FORM, id: objectKey(object) }]);
