/**
 * The crew's work: the tasks assigned to the signed-in user (GET api/tasks with parent User `me`,
 * open ones, nearest first from where they stand), what starting one needs (start-info), starting
 * it and creating its inspection. A command makes the lists stale ('MyWork', an asset's
 * 'AssetTasks' and the map's inspections of the asset, named here as this feature may not import
 * theirs) and the task's start-info.
 */
import {
  TaskCommandResult,
  TaskInspectionCreated,
  TaskList,
  TaskStartInfo,
  type CreateTaskInspectionRequest,
} from '@manway/core/api/work';
import { OBJECT_NOT_FOUND } from '../../../shell/errors/catalogue';
import { shellApi } from '../../../shell/request/api';

/** More than a crew does in a week: the list is for today's round, not for the backlog. */
export const MY_WORK_LIMIT = 200;

const MY_WORK = 'MyWork';
const START_INFO = 'TaskStartInfo';
const OTHER_LISTS = ['AssetTasks', 'AssetInspections', 'InspectionSessions'] as const;

export interface MyWorkArgs {
  /** Where the user stands: the list then runs nearest first, else by due date. */
  near: { longitude: number; latitude: number } | null;
}

export interface TaskCommandArgs {
  id: number;
  version?: number;
}

export type CreateTaskInspectionArgs = TaskCommandArgs & Pick<CreateTaskInspectionRequest, 'sessionId' | 'values'>;

/** Six decimals are a tenth of a metre: finer positions only make new requests, not a new order. */
const nearText = ({ longitude, latitude }: NonNullable<MyWorkArgs['near']>) =>
  `${longitude.toFixed(6)},${latitude.toFixed(6)}`;

const taskTags = (id: number) => [MY_WORK, ...OTHER_LISTS, { type: START_INFO, id }] as const;

const myWorkApi = shellApi.enhanceEndpoints({ addTagTypes: [MY_WORK, START_INFO, ...OTHER_LISTS] }).injectEndpoints({
  endpoints: (build) => ({
    getMyWork: build.query<TaskList, MyWorkArgs>({
      query: ({ near }) => ({
        url: 'api/tasks',
        params: {
          parentObjectType: 'User',
          parentObjectId: 'me',
          taskState: 'open',
          limit: MY_WORK_LIMIT,
          ...(near ? { near: nearText(near) } : {}),
        },
      }),
      transformResponse: (data: unknown) => TaskList.parse(data),
      providesTags: [MY_WORK],
    }),

    getTaskStartInfo: build.query<TaskStartInfo, number>({
      query: (id) => ({ url: `api/tasks/${id}/start-info`, statusMessages: { 404: OBJECT_NOT_FOUND } }),
      transformResponse: (data: unknown) => TaskStartInfo.parse(data),
      providesTags: (_info, _error, id) => [{ type: START_INFO, id }],
    }),

    /** POST api/tasks/{id}/start: planned → started; sent again it answers changed: false. */
    startTask: build.mutation<TaskCommandResult, TaskCommandArgs>({
      query: ({ id, version }) => ({ url: `api/tasks/${id}/start`, method: 'POST', body: { version } }),
      transformResponse: (data: unknown) => TaskCommandResult.parse(data),
      invalidatesTags: (_answer, _error, { id }) => [...taskTags(id)],
    }),

    /** POST api/tasks/{id}/create-inspection: the task's inspection with the header's defaults. */
    createTaskInspection: build.mutation<TaskInspectionCreated, CreateTaskInspectionArgs>({
      query: ({ id, version, sessionId, values }) => ({
        url: `api/tasks/${id}/create-inspection`,
        method: 'POST',
        body: { version, sessionId, values } satisfies CreateTaskInspectionRequest,
      }),
      transformResponse: (data: unknown) => TaskInspectionCreated.parse(data),
      invalidatesTags: (_answer, _error, { id }) => [...taskTags(id)],
    }),
  }),
});

export const { useGetMyWorkQuery, useGetTaskStartInfoQuery, useStartTaskMutation, useCreateTaskInspectionMutation } =
  myWorkApi;

/** Tags other features' commands make stale (an inspection completed moves its task): by name. */
export const MY_WORK_TAGS = [MY_WORK, START_INFO] as const;
