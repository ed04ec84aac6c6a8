/**
 * Follows the reports this browser asked for (made or generated again here, or in progress in its
 * queue) until each is done, so a failure is told wherever the user is, not only on the Reports
 * page, and told once. The watch runs in the store's thunk world rather than in a component: the
 * dialog that asked is long closed when a report fails.
 */
import {
  REPORT_FAILED_TEXT,
  REPORT_FAILED_TITLE,
  type ReportTask,
  type ReportTaskPage,
} from '@manway/core/api/reports';
import { showNotification, type NotificationInput } from '../../shell/notifications/notificationsSlice';
import type { AppDispatch, AppThunk } from '../../shell/store/types';
import { MAX_IDS_PER_CALL, REPORT_TASKS_TAG, reportTasksApi } from './api/reportTasks';
import { REPORTS_PAGE_PATH } from './reportsLocation';

/** How often reports in progress are looked at again, by the watch and by the list. */
export const REPORT_POLL_INTERVAL_MS = 2000;

interface Watch {
  queueId: string;
  ids: Set<number>;
  running: boolean;
}

/**
 * One watch per store, found by the store's extra argument (one object per store), so tests with
 * stores of their own do not share one.
 */
const watches = new WeakMap<object, Watch>();

function reportFailedNotification(task: Pick<ReportTask, 'name'>): NotificationInput {
  return {
    type: 'error',
    title: REPORT_FAILED_TITLE,
    text: `“${task.name}”: ${REPORT_FAILED_TEXT}`,
    // Notifications carry a link, not an action: Retry is on the Reports page.
    link: { path: `/${REPORTS_PAGE_PATH}`, text: 'Retry on the Reports page' },
  };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

async function follow(dispatch: AppDispatch, watch: Watch): Promise<void> {
  watch.running = true;
  try {
    while (watch.ids.size > 0) {
      await pause(REPORT_POLL_INTERVAL_MS);
      const asked = [...watch.ids].slice(0, MAX_IDS_PER_CALL);
      let page: ReportTaskPage;
      try {
        page = await dispatch(
          reportTasksApi.endpoints.getReportTasksById.initiate(
            { queueId: watch.queueId, ids: asked },
            { subscribe: false, forceRefetch: true },
          ),
        ).unwrap();
      } catch (error) {
        // Offline (status 0) may pass; an answer of the server's refusing the look will not.
        if (statusOf(error) !== 0) watch.ids.clear();
        continue;
      }
      const byId = new Map(page.items.map((task) => [task.id, task]));
      let settled = false;
      for (const id of asked) {
        const task = byId.get(id);
        // A report gone from the answer was deleted: nothing more to say about it.
        if (task?.state === 'inProgress') continue;
        watch.ids.delete(id);
        settled = true;
        if (task?.state === 'failed') dispatch(showNotification(reportFailedNotification(task)));
      }
      if (settled) dispatch(reportTasksApi.util.invalidateTags([REPORT_TASKS_TAG]));
    }
  } finally {
    watch.running = false;
  }
}

/** Adds reports in progress to the watch; one already followed is not followed twice. */
export const watchReports =
  (queueId: string, ids: readonly number[]): AppThunk =>
  (dispatch, _getState, extra) => {
    if (ids.length === 0) return;
    let watch = watches.get(extra);
    if (!watch) {
      watch = { queueId, ids: new Set(), running: false };
      watches.set(extra, watch);
    }
    watch.queueId = queueId;
    for (const id of ids) watch.ids.add(id);
    if (!watch.running) void follow(dispatch, watch);
  };
