import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { REPORT_FORMATS, type ReportFormat, type ReportsDeleted, type ReportTask } from '@manway/core/api/reports';
import { DEFAULT_GRID_PAGE_SIZE } from '@manway/core/rules/grid-pages';
import { confirm } from '../../../shell/confirm/confirm';
import type { ConfirmConfig } from '../../../shell/confirm/confirmSlice';
import { showNotification, type NotificationInput } from '../../../shell/notifications/notificationsSlice';
import { buildUrl } from '../../../shell/request/request';
import { useRuntimeConfig } from '../../../shell/runtimeConfigContext';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { Grid, type GridSort, type GridUpdate } from '../../../ui/grid/Grid';
import { SearchBox } from '../../../ui/search-box/SearchBox';
import {
  useBulkDeleteReportTasksMutation,
  useDeleteReportTasksMutation,
  useShareReportTaskMutation,
  useUpdateReportTaskMutation,
} from '../api/reportTaskCommands';
import { REPORT_TASKS_TAG, reportTasksApi, tasksUrl, useGetReportTasksQuery } from '../api/reportTasks';
import { useGetReportUsersQuery } from '../api/reportUsers';
import {
  browserTimeZone,
  DATE_PRESET_LABELS,
  DATE_PRESETS,
  initialListFilters,
  presetRange,
  REPORT_OWNER_LABELS,
  REPORT_OWNERS,
  reportFilters,
  type DatePreset,
  type ReportListFilters,
  type ReportOwner,
} from '../reportFilters';
import { REPORT_POLL_INTERVAL_MS, watchReports } from '../reportWatch';
import { reportColumns, SORT_COLUMNS, type ReportRowActions } from './reportColumns';
import { useReportQueue } from './useReportQueue';
import './ReportsPage.css';

/**
 * The server sets a report's last download when it sends the file, which the browser fetches on its
 * own; the list is read again once that has had time to happen.
 */
const DOWNLOAD_REFRESH_DELAY_MS = 1500;

interface ListView {
  pageIndex: number;
  pageSize: number;
  sortBy: GridSort[];
}

/** The server's own order, shown on the header from the start. */
const INITIAL_VIEW: ListView = {
  pageIndex: 0,
  pageSize: DEFAULT_GRID_PAGE_SIZE,
  sortBy: [{ id: 'createdAt', desc: true }],
};

const reports = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'report' : 'reports'}`;

const DELETE_TEXT = 'Only your own reports are deleted. This cannot be undone.';

function deleteConfirm(count: number): ConfirmConfig {
  // Several at once: the user types how many, as the spec asks before acting on a selection.
  return count > 1
    ? { type: 'massDelete', count, title: `Delete ${reports(count)}?`, text: DELETE_TEXT, proceedButtonText: 'Delete' }
    : { type: 'normal', title: 'Delete 1 report?', text: DELETE_TEXT, proceedButtonText: 'Delete' };
}

function deletedNotification({ removed }: ReportsDeleted): NotificationInput {
  return { type: 'success', title: `${reports(removed)} deleted` };
}

/**
 * The reports the user may see (their own and the published ones), filtered by date, owner, format
 * and name, paged and sorted by the server. Rows in progress show their progress and are read again
 * every two seconds until none is; the user's own reports offer what their state allows.
 */
export function ReportsPage() {
  const dispatch = useAppDispatch();
  const { apiBaseUrl } = useRuntimeConfig();
  const { queueId, failed: queueFailed } = useReportQueue();
  const ids = { preset: useId(), owner: useId(), creator: useId(), format: useId() };
  const creators = useGetReportUsersQuery();
  const [filters, setFilters] = useState<ReportListFilters>(() => initialListFilters(new Date(), browserTimeZone()));
  const [view, setView] = useState(INITIAL_VIEW);
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [polling, setPolling] = useState(false);

  const wireFilters = useMemo(() => reportFilters(filters), [filters]);
  const sort = view.sortBy[0];
  const listArgs = queueId
    ? {
        queueId,
        pageIndex: view.pageIndex,
        pageSize: view.pageSize,
        sortBy: (sort && SORT_COLUMNS[sort.id]) ?? 'createdAt',
        sortDesc: sort?.desc ?? true,
        filters: wireFilters,
      }
    : skipToken;
  const {
    currentData: page,
    data: lastPage,
    isError,
  } = useGetReportTasksQuery(listArgs, { pollingInterval: polling ? REPORT_POLL_INTERVAL_MS : 0 });
  // Polling follows what the last answer showed: on while any row is in progress.
  const running = page?.items.some((task) => task.state === 'inProgress') ?? false;
  if (running !== polling) setPolling(running);
  // Deleting the last rows of the last page leaves it past the end: the new last page is shown instead.
  const lastIndex = page ? Math.max(0, Math.ceil(page.total / view.pageSize) - 1) : view.pageIndex;
  if (view.pageIndex > lastIndex) setView({ ...view, pageIndex: lastIndex });

  // This browser's own reports in progress (after a reload, say) are watched, so a failure is told.
  useEffect(() => {
    if (!queueId || !page) return;
    const mine = page.items.filter((task) => task.queueId === queueId && task.state === 'inProgress');
    dispatch(
      watchReports(
        queueId,
        mine.map((task) => task.id),
      ),
    );
  }, [dispatch, queueId, page]);

  const changeFilters = (change: Partial<ReportListFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    // Another filter is another list: its first page, and no selection of rows no longer shown.
    setView((current) => ({ ...current, pageIndex: 0 }));
    setSelected([]);
  };

  const onUpdate = (update: GridUpdate) => {
    const sortBy = update.sortBy ?? view.sortBy;
    if (JSON.stringify(sortBy) !== JSON.stringify(view.sortBy)) setSelected([]);
    setView({ pageIndex: update.page.index, pageSize: update.page.size, sortBy });
  };

  const [share] = useShareReportTaskMutation();
  const [update] = useUpdateReportTaskMutation();
  const [deleteTasks, { isLoading: deleting }] = useDeleteReportTasksMutation();
  const [bulkDelete, { isLoading: bulkDeleting }] = useBulkDeleteReportTasksMutation();

  /** Runs a row's command with its buttons held; failures are worded by the global handling. */
  const onRow = useCallback(async (task: ReportTask, command: () => Promise<unknown>) => {
    setBusy((current) => new Set(current).add(task.id));
    try {
      await command();
    } catch {
      // Told by the global handling (spec section 8); the list is read again either way.
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(task.id);
        return next;
      });
    }
  }, []);

  const afterDelete = useCallback(
    async (send: () => Promise<ReportsDeleted>) => {
      try {
        dispatch(showNotification(deletedNotification(await send())));
      } catch {
        // Others' reports among them: the server deleted the user's own and said so with a 403,
        // which the global handling shows; the list is read again either way.
      }
      setSelected([]);
    },
    [dispatch],
  );

  const actions = useMemo<ReportRowActions | null>(() => {
    if (!queueId) return null;
    return {
      busy,
      fileUrl: (task) => buildUrl(apiBaseUrl, `${tasksUrl(queueId)}/${task.id}/file`),
      onDownload: () => {
        setTimeout(() => dispatch(reportTasksApi.util.invalidateTags([REPORT_TASKS_TAG])), DOWNLOAD_REFRESH_DELAY_MS);
      },
      publish: (task) =>
        void (async () => {
          const yes = await dispatch(
            confirm({
              title: 'Publish this report?',
              text: `Every user will see “${task.name}”. A published report cannot be made personal again.`,
              proceedButtonText: 'Publish',
            }),
          );
          if (yes) await onRow(task, () => share({ queueId, id: task.id }).unwrap());
        })(),
      cancel: (task) =>
        void onRow(task, () =>
          update({ queueId, body: { Id: task.id, Version: task.version, State: 'canceled' } }).unwrap(),
        ),
      retry: (task) =>
        void onRow(task, async () => {
          const again = await update({
            queueId,
            body: { Id: task.id, Version: task.version, State: 'inProgress' },
          }).unwrap();
          dispatch(watchReports(queueId, [again.id]));
        }),
      remove: (task) =>
        void (async () => {
          const yes = await dispatch(
            confirm({
              title: 'Delete this report?',
              text: `“${task.name}” will be deleted. This cannot be undone.`,
              proceedButtonText: 'Delete',
            }),
          );
          if (yes) await afterDelete(() => deleteTasks({ queueId, ids: [task.id] }).unwrap());
        })(),
    };
  }, [queueId, busy, apiBaseUrl, dispatch, onRow, afterDelete, share, update, deleteTasks]);

  const columns = useMemo(() => (actions ? reportColumns(actions) : []), [actions]);

  const deleteSelected = async () => {
    const chosen = selected.map(Number);
    if (!queueId || chosen.length === 0 || !(await dispatch(confirm(deleteConfirm(chosen.length))))) return;
    await afterDelete(() => deleteTasks({ queueId, ids: chosen }).unwrap());
  };

  const total = lastPage?.total ?? 0;
  const deleteAllMatching = async () => {
    if (!queueId || total === 0) return;
    const yes = await dispatch(
      confirm({
        type: 'critical',
        title: `Delete all ${reports(total)} that match the filters?`,
        text: DELETE_TEXT,
        proceedButtonText: 'Delete all',
      }),
    );
    if (yes) await afterDelete(() => bulkDelete({ queueId, filters: wireFilters }).unwrap());
  };

  const params = useMemo(
    () => ({
      manualPagination: true,
      manualSorting: true,
      sortBy: view.sortBy,
      page: {
        pageIndex: view.pageIndex,
        pageSize: view.pageSize,
        pageCount: lastPage ? Math.max(1, Math.ceil(lastPage.total / view.pageSize)) : undefined,
      },
    }),
    [view, lastPage],
  );

  return (
    <div className="mw-reports">
      <h1 className="mw-reports__title">Reports</h1>
      <div className="mw-reports__filters" role="group" aria-label="Report filters">
        <div className="mw-reports__filter">
          <label htmlFor={ids.preset}>Created</label>
          <select
            id={ids.preset}
            className="mw-compact-input"
            value={filters.preset}
            onChange={(event) => {
              const preset = event.target.value as DatePreset;
              changeFilters({ preset, range: presetRange(preset, new Date(), browserTimeZone()) });
            }}
          >
            {DATE_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {DATE_PRESET_LABELS[preset]}
              </option>
            ))}
          </select>
        </div>
        <div className="mw-reports__filter">
          <label htmlFor={ids.owner}>Show</label>
          <select
            id={ids.owner}
            className="mw-compact-input"
            value={filters.owner}
            onChange={(event) => changeFilters({ owner: event.target.value as ReportOwner })}
          >
            {REPORT_OWNERS.map((owner) => (
              <option key={owner} value={owner}>
                {REPORT_OWNER_LABELS[owner]}
              </option>
            ))}
          </select>
        </div>
        {filters.owner === 'all' && (
          <div className="mw-reports__filter">
            <label htmlFor={ids.creator}>Created by</label>
            <select
              id={ids.creator}
              className="mw-compact-input"
              value={filters.creator ?? ''}
              onChange={(event) => changeFilters({ creator: event.target.value || null })}
            >
              <option value="">Anyone</option>
              {creators.data?.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.displayName}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="mw-reports__filter">
          <label htmlFor={ids.format}>Format</label>
          <select
            id={ids.format}
            className="mw-compact-input"
            value={filters.format ?? ''}
            onChange={(event) => changeFilters({ format: (event.target.value || null) as ReportFormat | null })}
          >
            <option value="">Any format</option>
            {REPORT_FORMATS.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </select>
        </div>
        <SearchBox
          className="mw-reports__search"
          label="Search by name"
          placeholder="Search by name"
          value={filters.name}
          onSearch={(name) => changeFilters({ name })}
        />
      </div>
      <div className="mw-reports__actions">
        <Button variant="danger" disabled={selected.length === 0 || deleting} onClick={() => void deleteSelected()}>
          {selected.length === 0 ? 'Delete selected' : `Delete ${reports(selected.length)}`}
        </Button>
        <Button disabled={total === 0 || bulkDeleting} onClick={() => void deleteAllMatching()}>
          Delete all matching
        </Button>
      </div>
      <Grid<ReportTask>
        label="Reports"
        columns={columns}
        data={page?.items ?? []}
        rowIdPath="id"
        params={params}
        onUpdate={onUpdate}
        loading={!page && !isError && !queueFailed}
        error={isError || queueFailed}
        enableRowSelection
        selectedRowIds={selected}
        onSelectedRowIdsChange={setSelected}
      />
    </div>
  );
}
