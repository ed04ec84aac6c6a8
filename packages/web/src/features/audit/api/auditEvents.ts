/** GET api/audit (administrators): who changed what and when, newest first, a page at a time. */
import { AuditPage, type AuditAction, type AuditObjectType } from '@manway/core/api/audit';
import { shellApi } from '../../../shell/request/api';

export interface AuditRequest {
  objectType?: AuditObjectType;
  action?: AuditAction;
  /** The acting user's login. */
  actor?: string;
  /** ISO date-times: from is inclusive, to exclusive. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

const auditEventsApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    getAuditEvents: build.query<AuditPage, AuditRequest>({
      query: (request) => ({ url: 'api/audit', params: { ...request } }),
      transformResponse: (data: unknown) => AuditPage.parse(data),
    }),
  }),
});

export const { useGetAuditEventsQuery } = auditEventsApi;
