/**
 * The office's decisions on inspections (core's domain/workflow.ts): accept, reject with a reason,
 * accept a selection. A decision moves the inspection between the lists ('InspectionGrid') and
 * changes its asset's condition, which the map shows in the asset's details ('Object'), its layer's
 * colours ('LayerFeatures') and its list of inspections ('AssetInspections'); the inspection's
 * header form and observations may become read-only ('ObjectForm', 'ObservationRecords'). Those
 * are the map's and forms' tags, invalidated by name: this feature does not import theirs.
 *
 * A refused command answers 409, which the global handling leaves to the screen; it still
 * refreshes the lists, whose copy of the inspection was out of date.
 */
import {
  BulkAcceptResult,
  InspectionCommandResult,
  InspectionListRow,
  type BulkAcceptRequest,
  type CreateInspectionRequest,
  type RejectInspectionRequest,
} from '@manway/core/api/work';
import { MODIFIED_BY_ANOTHER_USER } from '../../../shell/errors/catalogue';
import { shellApi } from '../../../shell/request/api';
import { INSPECTION_TAG } from './inspection';
import { INSPECTION_GRID_TAG } from './inspectionGrid';

const MAP_TAGS = ['Object', 'LayerFeatures', 'AssetInspections'] as const;
/**
 * The crew's list of work, a task's start-info (the tasks feature's tags) and their session's count of
 * inspections: completing or creating an inspection changes them.
 */
const WORK_TAGS = ['MyWork', 'TaskStartInfo', 'AssetTasks', 'InspectionSessions'] as const;
const OBJECT_FORM = 'ObjectForm';
const OBSERVATION_RECORDS = 'ObservationRecords';

export interface AcceptInspectionArgs {
  id: number;
  /** The version the user decided on: a stale one answers 409. */
  version?: number;
}

export interface RejectInspectionArgs extends AcceptInspectionArgs {
  reason: string;
}

/** The crew's commands on their own inspection (POST api/inspections/{id}/{command}). */
export type CrewInspectionCommand = 'complete' | 'reopen';
export interface CrewCommandArgs extends AcceptInspectionArgs {
  command: CrewInspectionCommand;
}

const isConflict = (error: unknown) => (error as { status?: unknown } | undefined)?.status === 409;

type Tag =
  | typeof INSPECTION_GRID_TAG
  | (typeof MAP_TAGS)[number]
  | (typeof WORK_TAGS)[number]
  | { type: typeof INSPECTION_TAG; id: number }
  | { type: typeof OBJECT_FORM | typeof OBSERVATION_RECORDS; id: string };

const inspectionTags = (ids: readonly number[]): Tag[] =>
  ids.flatMap((id) => [
    { type: INSPECTION_TAG, id } as const,
    { type: OBJECT_FORM, id: `Inspection:${id}` } as const,
    { type: OBSERVATION_RECORDS, id: `Inspection:${id}` } as const,
  ]);

/** What a decision makes stale: everything after a change, the lists and the inspection after a refusal. */
function decisionTags(ids: readonly number[], changed: boolean, error: unknown): Tag[] {
  if (changed) return [INSPECTION_GRID_TAG, ...MAP_TAGS, ...inspectionTags(ids)];
  if (!isConflict(error)) return [];
  return [INSPECTION_GRID_TAG, 'AssetInspections', ...ids.map((id) => ({ type: INSPECTION_TAG, id }) as const)];
}

const inspectionCommandsApi = shellApi
  .enhanceEndpoints({
    addTagTypes: [INSPECTION_GRID_TAG, INSPECTION_TAG, ...MAP_TAGS, ...WORK_TAGS, OBJECT_FORM, OBSERVATION_RECORDS],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      /** POST api/inspections/{id}/accept: pending → completed; sent again, it answers changed: false. */
      acceptInspection: build.mutation<InspectionCommandResult, AcceptInspectionArgs>({
        query: ({ id, version }) => ({ url: `api/inspections/${id}/accept`, method: 'POST', body: { version } }),
        transformResponse: (data: unknown) => InspectionCommandResult.parse(data),
        invalidatesTags: (answer, error, { id }) => decisionTags([id], answer?.changed ?? false, error),
      }),

      /** POST api/inspections/{id}/reject: pending → incomplete, back to the crew with the reason. */
      rejectInspection: build.mutation<InspectionCommandResult, RejectInspectionArgs>({
        query: ({ id, reason, version }) => ({
          url: `api/inspections/${id}/reject`,
          method: 'POST',
          body: { reason, version } satisfies RejectInspectionRequest,
        }),
        transformResponse: (data: unknown) => InspectionCommandResult.parse(data),
        invalidatesTags: (answer, error, { id }) => decisionTags([id], answer?.changed ?? false, error),
      }),

      /**
       * POST api/inspections/{id}/complete (incomplete → pending: the office's to review) or reopen
       * (pending → incomplete, taken back before the review). The task and the crew's list follow.
       */
      crewInspectionCommand: build.mutation<InspectionCommandResult, CrewCommandArgs>({
        query: ({ id, command, version }) => ({
          url: `api/inspections/${id}/${command}`,
          method: 'POST',
          body: { version },
        }),
        transformResponse: (data: unknown) => InspectionCommandResult.parse(data),
        invalidatesTags: (answer, error, { id }) => {
          const tags = decisionTags([id], answer?.changed ?? false, error);
          return tags.length ? [...tags, ...WORK_TAGS] : tags;
        },
      }),

      /** POST api/inspections: an inspection of an asset picked outside any task (201 with it). */
      createInspection: build.mutation<InspectionListRow, CreateInspectionRequest>({
        query: (body) => ({ url: 'api/inspections', method: 'POST', body }),
        transformResponse: (data: unknown) => InspectionListRow.parse(data),
        invalidatesTags: [INSPECTION_GRID_TAG, 'AssetInspections', ...WORK_TAGS],
      }),

      /** POST api/inspections/bulk-accept: each one accepted, already accepted or refused with a reason. */
      bulkAcceptInspections: build.mutation<BulkAcceptResult, number[]>({
        query: (ids) => ({
          url: 'api/inspections/bulk-accept',
          method: 'POST',
          body: { InspectionIds: ids } satisfies BulkAcceptRequest,
        }),
        transformResponse: (data: unknown) => BulkAcceptResult.parse(data),
        // Refused or already accepted ones were out of date in the list too.
        invalidatesTags: (answer, error) =>
          answer && answer.Accepted.length === 0
            ? [INSPECTION_GRID_TAG]
            : decisionTags(answer?.Accepted ?? [], !!answer, error),
      }),
    }),
  });

export const {
  useAcceptInspectionMutation,
  useRejectInspectionMutation,
  useBulkAcceptInspectionsMutation,
  useCrewInspectionCommandMutation,
  useCreateInspectionMutation,
} = inspectionCommandsApi;
export const inspectionCommands = inspectionCommandsApi.endpoints;

/** The words of a refusal (409) for the screen, which shows them itself; null for other failures. */
export function refusalMessage(error: unknown): string | null {
  if (!isConflict(error)) return null;
  const data = (error as { data?: unknown }).data as { code?: unknown; message?: unknown } | null | undefined;
  if (typeof data?.message === 'string' && data.message.trim() !== '') return data.message;
  return data?.code === 'concurrency/modified-by-another-user'
    ? `${MODIFIED_BY_ANOTHER_USER.title}. It is shown as it is now.`
    : 'The inspection cannot be changed in its current state.';
}
