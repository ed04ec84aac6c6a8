/**
 * An inspection's observations and the subjects connected to an object (main-app spec section 7,
 * "Observations and connected subjects"): listed by parent, created and changed by multipart
 * requests (the form's values as the `Data` part, each new file as a `Files[]` part, the media to
 * detach as `FilesToRemove`), deleted by id and kind with the version read.
 *
 * Tags: 'ObservationRecords' (by inspection) and 'ConnectedSubjects' (by parent) tag the lists. A
 * change of an observation also changes the inspection's scores (its header form, 'ObjectForm' as
 * the object-forms calls tag it) and may change its asset's condition grade, which the map shows
 * in the asset's details ('Object') and its layer's colour ('LayerFeatures'). Which asset that is
 * the observation does not say, so those two are invalidated by name, every answer of each.
 */
import {
  ConnectedSubjectItem,
  ConnectedSubjectList,
  ObservationItem,
  ObservationList,
  RecordDeleted,
  type RecordData,
  type RecordKind,
} from '@manway/core/api/observations';
import type { FormValues, SubjectInfo } from '@manway/core/forms/template';
import { shellApi } from '../../../shell/request/api';

const OBSERVATION_RECORDS = 'ObservationRecords';
const CONNECTED_SUBJECTS = 'ConnectedSubjects';
/** The object-forms calls' tag of one object's forms (api/objectForms.ts). */
const OBJECT_FORM = 'ObjectForm';

/** An object subjects may be connected to, by its type name as the calls take it (Node, Inspection, …). */
export interface RecordParent {
  type: string;
  id: number;
}

/** What a save adds and takes away besides the values. */
export interface RecordFiles {
  /** New files, each sent as a `Files[]` part. */
  files: readonly File[];
  /** Media ids to detach (update only). */
  filesToRemove: readonly number[];
}

export interface ObservationCreate extends Pick<RecordFiles, 'files'> {
  inspectionId: number;
  values: FormValues;
}

export interface ObservationUpdate extends RecordFiles {
  id: number;
  inspectionId: number;
  version: number;
  values: FormValues;
}

export interface ConnectedSubjectCreate extends Pick<RecordFiles, 'files'> {
  parent: RecordParent;
  /** A new subject (id null) by its kind and label, or an existing one by its id. */
  subject: SubjectInfo;
  values: FormValues;
}

export interface ConnectedSubjectUpdate extends RecordFiles {
  id: number;
  parent: RecordParent;
  version: number;
  values: FormValues;
}

type Deleted = ReturnType<typeof RecordDeleted.parse>;

export interface RecordDelete {
  id: number;
  version: number;
}

/** The server's name of the `Files[]` part (observations routes): a bare `Files` is taken too. */
const FILES_PART = 'Files[]';

/**
 * The multipart body. The request function sends FormData as it is, so the browser writes the
 * multipart content type with its boundary.
 */
function multipartBody(data: RecordData, { files, filesToRemove = [] }: Partial<RecordFiles>): FormData {
  const body = new FormData();
  body.append('Data', JSON.stringify(data));
  for (const file of files ?? []) body.append(FILES_PART, file, file.name);
  if (filesToRemove.length > 0) body.append('FilesToRemove', JSON.stringify(filesToRemove));
  return body;
}

const parentKey = ({ type, id }: RecordParent) => `${type}:${id}`;
const inspectionKey = (inspectionId: number) => `Inspection:${inspectionId}`;

/** What a change of an observation makes stale: the list, the header's scores, the asset on the map. */
const observationChangeTags = (inspectionId: number) => [
  { type: OBSERVATION_RECORDS, id: inspectionKey(inspectionId) } as const,
  { type: OBJECT_FORM, id: inspectionKey(inspectionId) } as const,
  'Object' as const,
  'LayerFeatures' as const,
  // The asset's list of inspections counts the observations.
  'AssetInspections' as const,
];

const connectedChangeTags = (parent: RecordParent) => [{ type: CONNECTED_SUBJECTS, id: parentKey(parent) } as const];

const kindQuery = (kind: RecordKind) => ({ kind });

const recordsApi = shellApi
  .enhanceEndpoints({
    addTagTypes: [OBSERVATION_RECORDS, CONNECTED_SUBJECTS, OBJECT_FORM, 'Object', 'LayerFeatures', 'AssetInspections'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      /** GET api/observations: an inspection's observations in their recorded order, with their media. */
      getRecordsOfInspection: build.query<ObservationItem[], number>({
        query: (inspectionId) => ({
          url: 'api/observations',
          params: { parentObjectId: inspectionId, parentObjectType: 'Inspection' },
        }),
        transformResponse: (data: unknown) => ObservationList.parse(data).items,
        providesTags: (_result, _error, inspectionId) => [
          { type: OBSERVATION_RECORDS, id: inspectionKey(inspectionId) },
        ],
      }),

      /** POST api/observations: the grade is calculated and the inspection's scores recomputed. */
      createRecordObservation: build.mutation<ObservationItem, ObservationCreate>({
        query: ({ inspectionId, values, files }) => ({
          url: 'api/observations',
          method: 'POST',
          body: multipartBody({ InspectionId: inspectionId, FormValues: values }, { files }),
        }),
        transformResponse: (data: unknown) => ObservationItem.parse(data),
        invalidatesTags: (saved, _error, { inspectionId }) => (saved ? observationChangeTags(inspectionId) : []),
      }),

      /** PUT api/observations/{id}?kind: with the version read; a stale one answers 409. */
      updateRecordObservation: build.mutation<ObservationItem, ObservationUpdate>({
        query: ({ id, version, values, files, filesToRemove }) => ({
          url: `api/observations/${id}`,
          method: 'PUT',
          params: kindQuery('Observation'),
          body: multipartBody({ FormValues: values, Version: version }, { files, filesToRemove }),
        }),
        transformResponse: (data: unknown) => ObservationItem.parse(data),
        invalidatesTags: (saved, _error, { inspectionId }) => (saved ? observationChangeTags(inspectionId) : []),
      }),

      deleteRecordObservation: build.mutation<Deleted, RecordDelete & { inspectionId: number }>({
        query: ({ id, version }) => ({
          url: `api/observations/${id}`,
          method: 'DELETE',
          params: { ...kindQuery('Observation'), version },
        }),
        transformResponse: (data: unknown) => RecordDeleted.parse(data),
        invalidatesTags: (deleted, _error, { inspectionId }) => (deleted ? observationChangeTags(inspectionId) : []),
      }),

      /** GET api/connected-subjects: the subjects connected to an asset, an inspection or an observation. */
      getConnectedSubjectsOf: build.query<ConnectedSubjectItem[], RecordParent>({
        query: (parent) => ({
          url: 'api/connected-subjects',
          params: { parentObjectId: parent.id, parentObjectType: parent.type },
        }),
        transformResponse: (data: unknown) => ConnectedSubjectList.parse(data).items,
        providesTags: (_result, _error, parent) => [{ type: CONNECTED_SUBJECTS, id: parentKey(parent) }],
      }),

      createConnectedSubject: build.mutation<ConnectedSubjectItem, ConnectedSubjectCreate>({
        query: ({ parent, subject, values, files }) => ({
          url: 'api/connected-subjects',
          method: 'POST',
          body: multipartBody(
            {
              ParentObjectType: parent.type,
              ParentObjectId: parent.id,
              ...(subject.id === null ? { Subject: subject } : { SubjectId: subject.id }),
              FormValues: values,
            },
            { files },
          ),
        }),
        transformResponse: (data: unknown) => ConnectedSubjectItem.parse(data),
        invalidatesTags: (saved, _error, { parent }) => (saved ? connectedChangeTags(parent) : []),
      }),

      updateConnectedSubject: build.mutation<ConnectedSubjectItem, ConnectedSubjectUpdate>({
        query: ({ id, version, values, files, filesToRemove }) => ({
          url: `api/connected-subjects/${id}`,
          method: 'PUT',
          params: kindQuery('ConnectedSubject'),
          body: multipartBody({ FormValues: values, Version: version }, { files, filesToRemove }),
        }),
        transformResponse: (data: unknown) => ConnectedSubjectItem.parse(data),
        invalidatesTags: (saved, _error, { parent }) => (saved ? connectedChangeTags(parent) : []),
      }),

      deleteConnectedSubject: build.mutation<Deleted, RecordDelete & { parent: RecordParent }>({
        query: ({ id, version }) => ({
          url: `api/connected-subjects/${id}`,
          method: 'DELETE',
          params: { ...kindQuery('ConnectedSubject'), version },
        }),
        transformResponse: (data: unknown) => RecordDeleted.parse(data),
        invalidatesTags: (deleted, _error, { parent }) => (deleted ? connectedChangeTags(parent) : []),
      }),
    }),
  });

export const {
  useGetRecordsOfInspectionQuery,
  useCreateRecordObservationMutation,
  useUpdateRecordObservationMutation,
  useDeleteRecordObservationMutation,
  useGetConnectedSubjectsOfQuery,
  useCreateConnectedSubjectMutation,
  useUpdateConnectedSubjectMutation,
  useDeleteConnectedSubjectMutation,
} = recordsApi;

/** Reads an inspection's observations again: the Reload after a refused stale save. */
export const reloadInspectionRecords = (inspectionId: number) =>
  recordsApi.util.invalidateTags([{ type: OBSERVATION_RECORDS, id: inspectionKey(inspectionId) }]);

/** Reads an object's connected subjects again. */
export const reloadConnectedSubjects = (parent: RecordParent) =>
  recordsApi.util.invalidateTags([{ type: CONNECTED_SUBJECTS, id: parentKey(parent) }]);
