/**
 * GET api/inspections/grid: one server-side page of the incomplete, pending or completed
 * inspections, for the shared grid. The workflow commands (inspectionCommands.ts) tag every page
 * stale by name ('InspectionGrid'), so whatever lists inspections asks again after a decision.
 */
import {
  InspectionGridPage,
  type INSPECTION_FILTER_COLUMNS,
  type INSPECTION_SORT_COLUMNS,
  type InspectionGroup,
} from '@manway/core/api/work';
import { shellApi } from '../../../shell/request/api';

export type InspectionSortColumn = (typeof INSPECTION_SORT_COLUMNS)[number];
export type InspectionFilterColumn = (typeof INSPECTION_FILTER_COLUMNS)[number];

export interface InspectionGridArgs {
  group: InspectionGroup;
  pageIndex: number;
  pageSize: number;
  /** Without it the server's order: newest inspection first. */
  sort?: { by: InspectionSortColumn; desc: boolean };
  search?: string;
  filters?: Partial<Record<InspectionFilterColumn, string>>;
}

export const INSPECTION_GRID_TAG = 'InspectionGrid';

/** The query string of a page; empty search and filters are left out, filters in a stable order. */
export function inspectionGridParams({ group, pageIndex, pageSize, sort, search, filters = {} }: InspectionGridArgs) {
  const filled = Object.entries(filters)
    .filter(([, text]) => typeof text === 'string' && text !== '')
    .sort(([a], [b]) => a.localeCompare(b));
  return {
    group,
    pageIndex,
    pageSize,
    sortBy: sort?.by,
    sortDesc: sort ? String(sort.desc) : undefined,
    search: search || undefined,
    filters: filled.length > 0 ? JSON.stringify(Object.fromEntries(filled)) : undefined,
  };
}

const inspectionGridApi = shellApi.enhanceEndpoints({ addTagTypes: [INSPECTION_GRID_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getInspectionGrid: build.query<InspectionGridPage, InspectionGridArgs>({
      query: (args) => ({ url: 'api/inspections/grid', params: inspectionGridParams(args) }),
      transformResponse: (data: unknown) => InspectionGridPage.parse(data),
      providesTags: (_page, _error, { group }) => [{ type: INSPECTION_GRID_TAG, id: group }],
    }),
  }),
});

export const { useGetInspectionGridQuery } = inspectionGridApi;
