import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  INSPECTION_FILTER_COLUMNS,
  INSPECTION_SORT_COLUMNS,
  type BulkAcceptResult,
  type InspectionGroup,
  type InspectionListRow,
} from '@manway/core/api/work';
import { confirm } from '../../../shell/confirm/confirm';
import type { ConfirmConfig } from '../../../shell/confirm/confirmSlice';
import { showNotification, type NotificationInput } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { Grid, type GridColumnFilter, type GridSort, type GridUpdate } from '../../../ui/grid/Grid';
import { DEFAULT_GRID_PAGE_SIZE } from '@manway/core/rules/grid-pages';
import { useBulkAcceptInspectionsMutation } from '../api/inspectionCommands';
import {
  useGetInspectionGridQuery,
  type InspectionFilterColumn,
  type InspectionGridArgs,
  type InspectionSortColumn,
} from '../api/inspectionGrid';
import { inspectionColumns } from './inspectionColumns';
import { GROUP_LABELS } from './inspectionLabels';
import { reviewSearch, type InspectionHref } from './inspectionsLocation';

/** What the user asked of the list; the page of answers itself lives in RTK Query's cache. */
interface ListView {
  pageIndex: number;
  pageSize: number;
  sortBy: GridSort[];
  filters: GridColumnFilter[];
  search: string;
}

/** The server's own order, shown on the header from the start. */
const INITIAL_VIEW: ListView = {
  pageIndex: 0,
  pageSize: DEFAULT_GRID_PAGE_SIZE,
  sortBy: [{ id: 'inspectedAt', desc: true }],
  filters: [],
  search: '',
};

const isSortColumn = (id: string): id is InspectionSortColumn =>
  (INSPECTION_SORT_COLUMNS as readonly string[]).includes(id);
const isFilterColumn = (id: string): id is InspectionFilterColumn =>
  (INSPECTION_FILTER_COLUMNS as readonly string[]).includes(id);

export function gridArgs(group: InspectionGroup, view: ListView): InspectionGridArgs {
  const sort = view.sortBy[0];
  const filters: InspectionGridArgs['filters'] = {};
  for (const { id, value } of view.filters) {
    if (isFilterColumn(id) && typeof value === 'string' && value !== '') filters[id] = value;
  }
  return {
    group,
    pageIndex: view.pageIndex,
    pageSize: view.pageSize,
    sort: sort && isSortColumn(sort.id) ? { by: sort.id, desc: sort.desc } : undefined,
    search: view.search || undefined,
    filters,
  };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function bulkConfirm(count: number): ConfirmConfig {
  const text = 'Accepted inspections become the record of their assets’ condition and can no longer be sent back.';
  // Several at once: the user types how many, as the spec asks before acting on a selection.
  return count > 1
    ? { type: 'massDelete', count, title: `Accept ${count} inspections?`, text, proceedButtonText: 'Accept' }
    : { type: 'normal', title: 'Accept 1 inspection?', text, proceedButtonText: 'Accept' };
}

/** Refused ones stay on screen with their reasons until read; a clean result goes by itself. */
export function bulkAcceptNotification(
  result: BulkAcceptResult,
  assetOf: (id: number) => string | undefined,
): NotificationInput {
  const { Accepted, Unchanged, Refused } = result;
  const lines = [`${Accepted.length} accepted`, `${Unchanged.length} already accepted`, `${Refused.length} refused`];
  const refusals = Refused.map(({ id, reason }) => `${assetOf(id) ?? `Inspection ${id}`}: ${reason}`);
  const noneAccepted = Accepted.length === 0 && Unchanged.length === 0;
  return {
    type: noneAccepted ? 'warning' : 'success',
    title: noneAccepted ? 'No inspection accepted' : `${plural(Accepted.length, 'inspection')} accepted`,
    text: [lines.join(', '), ...refusals].join('\n'),
    autoHide: Refused.length === 0,
  };
}

/** What the edition offers to do with the rows selected (Report…); with it, every list offers selection. */
export interface InspectionSelectionSlots {
  renderSelectionActions?(inspectionIds: number[], group: InspectionGroup): ReactNode;
}

/**
 * One group's list on the shared grid, paged, sorted, searched and filtered by the server. In the
 * pending list a reviewer selects rows and accepts them in one request.
 */
export function InspectionList({
  group,
  canReview,
  inspectionHref = reviewSearch,
  renderSelectionActions,
}: {
  group: InspectionGroup;
  canReview: boolean;
  /** Where a row leads: the review in this page's address, unless the edition opens its own page. */
  inspectionHref?: InspectionHref;
} & InspectionSelectionSlots) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [view, setView] = useState(INITIAL_VIEW);
  const [selected, setSelected] = useState<string[]>([]);
  const { currentData: page, data: lastPage, isError } = useGetInspectionGridQuery(gridArgs(group, view));
  const [bulkAccept, { isLoading: accepting }] = useBulkAcceptInspectionsMutation();
  const bulk = group === 'pending' && canReview;
  const selectable = bulk || renderSelectionActions !== undefined;

  const columns = useMemo(() => inspectionColumns(group, (row) => inspectionHref(group, row)), [group, inspectionHref]);
  const onRowClick = useCallback(
    (row: InspectionListRow) => navigate(inspectionHref(group, row)),
    [group, inspectionHref, navigate],
  );

  // The last answer's total keeps the pager steady while the next page loads.
  const total = lastPage?.total;
  const params = useMemo(
    () => ({
      manualPagination: true,
      manualSorting: true,
      manualFiltering: true,
      sortBy: view.sortBy,
      page: {
        pageIndex: view.pageIndex,
        pageSize: view.pageSize,
        pageCount: total === undefined ? undefined : Math.max(1, Math.ceil(total / view.pageSize)),
      },
    }),
    [view.sortBy, view.pageIndex, view.pageSize, total],
  );

  const onUpdate = useCallback(
    (update: GridUpdate) => {
      const next: ListView = {
        pageIndex: update.page.index,
        pageSize: update.page.size,
        sortBy: update.sortBy ?? view.sortBy,
        filters: update.filters ?? view.filters,
        search: update.search ?? view.search,
      };
      // Another sort or filter is another list: a selection made in the old one would accept unseen rows.
      if (
        JSON.stringify([next.sortBy, next.filters, next.search]) !==
        JSON.stringify([view.sortBy, view.filters, view.search])
      )
        setSelected([]);
      setView(next);
    },
    [view],
  );

  const acceptSelected = async () => {
    const ids = selected.map(Number);
    if (ids.length === 0 || !(await dispatch(confirm(bulkConfirm(ids.length))))) return;
    const rows = new Map(page?.items.map((row) => [row.id, row.assetReadableId]));
    try {
      const result = await bulkAccept(ids).unwrap();
      setSelected([]);
      dispatch(showNotification(bulkAcceptNotification(result, (id) => rows.get(id))));
    } catch {
      // Failures other than the answer's refusals are worded by the global handling (spec section 8).
    }
  };

  return (
    <div className="mw-inspections__list">
      {selectable && (
        <div className="mw-inspections__actions">
          {renderSelectionActions?.(selected.map(Number), group)}
          {bulk && (
            <Button
              variant="primary"
              disabled={selected.length === 0 || accepting}
              onClick={() => void acceptSelected()}
            >
              {selected.length === 0 ? 'Accept selected' : `Accept ${selected.length}`}
            </Button>
          )}
        </div>
      )}
      <Grid<InspectionListRow>
        label={`${GROUP_LABELS[group]} inspections`}
        columns={columns}
        data={page?.items ?? []}
        rowIdPath="id"
        params={params}
        onUpdate={onUpdate}
        loading={!page && !isError}
        error={isError}
        emptyMessage={`No ${GROUP_LABELS[group].toLowerCase()} inspections`}
        enableGlobalSearch
        enableColumnFilters
        enableRowSelection={selectable}
        selectedRowIds={selectable ? selected : undefined}
        onSelectedRowIdsChange={selectable ? setSelected : undefined}
        onRowClick={onRowClick}
      />
    </div>
  );
}
