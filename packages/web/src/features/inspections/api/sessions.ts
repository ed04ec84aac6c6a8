/**
 * Inspection sessions (DOMAIN.md): a crew member's stretch of work with one camera, for an
 * assignment; the inspections recorded meanwhile belong to it. One open session per operator.
 * Starting or ending one changes what a task's start-info says it needs ('TaskStartInfo', the
 * tasks feature's tag, by name).
 */
import {
  InspectionSessionList,
  SessionCommandResult,
  InspectionSessionSummary,
  type StartSessionRequest,
} from '@manway/core/api/work';
import { shellApi } from '../../../shell/request/api';

const SESSIONS = 'InspectionSessions';
const START_INFO = 'TaskStartInfo';

const sessionsApi = shellApi.enhanceEndpoints({ addTagTypes: [SESSIONS, START_INFO] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET api/inspection-sessions?status=open: the caller's running session, if any. */
    getOpenSessions: build.query<InspectionSessionSummary[], void>({
      query: () => ({ url: 'api/inspection-sessions', params: { status: 'open', limit: 1 } }),
      transformResponse: (data: unknown) => InspectionSessionList.parse(data),
      providesTags: [SESSIONS],
    }),

    /** POST api/inspection-sessions: 409 while another of the caller's is open. */
    startSession: build.mutation<InspectionSessionSummary, StartSessionRequest>({
      query: (body) => ({ url: 'api/inspection-sessions', method: 'POST', body }),
      transformResponse: (data: unknown) => InspectionSessionSummary.parse(data),
      invalidatesTags: [SESSIONS, START_INFO],
    }),

    /** POST api/inspection-sessions/{id}/end; sent again it answers changed: false. */
    endSession: build.mutation<SessionCommandResult, { id: number; version?: number }>({
      query: ({ id, version }) => ({ url: `api/inspection-sessions/${id}/end`, method: 'POST', body: { version } }),
      transformResponse: (data: unknown) => SessionCommandResult.parse(data),
      invalidatesTags: [SESSIONS, START_INFO],
    }),
  }),
});

export const { useGetOpenSessionsQuery, useStartSessionMutation, useEndSessionMutation } = sessionsApi;
