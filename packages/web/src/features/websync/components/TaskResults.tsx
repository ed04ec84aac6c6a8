import { useCallback, useMemo, useState } from 'react';
import type { SyncAgentTask } from '@manway/core/api/websync';
import { confirm } from '../../../shell/confirm/confirm';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useRuntimeConfig } from '../../../shell/runtimeConfigContext';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { VirtualTable, type VirtualTableSort } from '../../../ui/virtual-table/VirtualTable';
import { fetchDeletableSyncTaskIds, fetchSyncTasks, useDeleteSyncTasksMutation } from '../api/tasks';
import { DELETE_CONFIRM } from './deleteConfirm';
import type { LogQuery } from './logQuery';
import { taskColumns } from './taskColumns';
import { TaskMediaModal } from './TaskMediaModal';

/** getByIds takes at most 1,000 ids a call. */
const DETAILS_PER_REQUEST = 1000;

/** The confirmation of a delete, with how many tasks it covers (the count warning). */
export function deleteConfirmOf(count: number) {
  return {
    ...DELETE_CONFIRM,
    text: `${DELETE_CONFIRM.text} ${count} task(s) will be deleted.`,
  };
}

/**
 * One answer of the log's id list: the id-first virtual table of the tasks with their logs,
 * deleting (selected, one, all of the filter) and the media transfer progress. Keyed by the
 * answer, so a new list starts with its rows reloaded and nothing ticked.
 */
export function TaskResults({
  query,
  answer,
  loading,
  sort,
  onSortChange,
  onReload,
}: {
  query: LogQuery;
  answer: readonly number[];
  loading: boolean;
  sort: VirtualTableSort;
  onSortChange: (sort: VirtualTableSort) => void;
  /** Asks the filter's list again, after a delete by filter. */
  onReload: () => void;
}) {
  const dispatch = useAppDispatch();
  const config = useRuntimeConfig();
  const [deleteTasks] = useDeleteSyncTasksMutation();
  // Deleted rows leave the list at once, without asking it again (the rest stay as loaded).
  const [gone, setGone] = useState<ReadonlySet<number>>(new Set());
  const ids = useMemo(() => (gone.size === 0 ? answer : answer.filter((id) => !gone.has(id))), [answer, gone]);
  const [selected, setSelected] = useState<number[]>([]);
  const [deletingByFilter, setDeletingByFilter] = useState(false);
  const [media, setMedia] = useState<{ taskId: number; opening: number } | null>(null);

  const loadDetails = useCallback(
    async (batch: number[]) =>
      Object.fromEntries((await dispatch(fetchSyncTasks(batch)).unwrap()).map((t) => [t.id, t])) as Record<
        number,
        SyncAgentTask
      >,
    [dispatch],
  );

  /** Deletes after the critical confirmation; resolves with whether the tasks went. */
  const confirmAndDelete = useCallback(
    async (taskIds: number[]) => {
      if (!(await dispatch(confirm(deleteConfirmOf(taskIds.length))))) return false;
      try {
        const payload = await deleteTasks(taskIds).unwrap();
        if (payload) return false;
        dispatch(showNotification({ type: 'success', title: 'Changes saved' }));
        return true;
      } catch {
        // Recorded in the request state only.
        return false;
      }
    },
    [dispatch, deleteTasks],
  );

  const removeFromList = useCallback((deleted: number[]) => {
    setGone((current) => new Set([...current, ...deleted]));
    setSelected((current) => current.filter((id) => !deleted.includes(id)));
  }, []);

  const deletableOf = async (candidates: number[]) => {
    const found: number[] = [];
    for (let i = 0; i < candidates.length; i += DETAILS_PER_REQUEST) {
      const tasks = await dispatch(fetchSyncTasks(candidates.slice(i, i + DETAILS_PER_REQUEST))).unwrap();
      found.push(...tasks.filter((t) => t.canBeDeleted).map((t) => t.id));
    }
    return found;
  };

  const deleteSelected = async () => {
    if (selected.length === 0) return;
    // Select all also ticks rows not loaded yet; only those the server says can go are sent.
    let taskIds: number[];
    try {
      taskIds = await deletableOf(selected);
    } catch {
      return; // Recorded in the request state only.
    }
    if (taskIds.length === 0) return;
    if (await confirmAndDelete(taskIds)) removeFromList(taskIds);
  };

  const deleteAll = async () => {
    if (ids.length === 0 || deletingByFilter) return;
    setDeletingByFilter(true);
    try {
      const covered = await dispatch(fetchDeletableSyncTaskIds(query)).unwrap();
      if (covered.length > 0 && (await confirmAndDelete(covered))) onReload();
    } catch {
      // Recorded in the request state only.
    } finally {
      setDeletingByFilter(false);
    }
  };

  const columns = useMemo(
    () =>
      taskColumns({
        apiBaseUrl: config.apiBaseUrl,
        onOpenMedia: (taskId) => setMedia((m) => ({ taskId, opening: (m?.opening ?? 0) + 1 })),
        onDelete: (taskId) => {
          void confirmAndDelete([taskId]).then((deleted) => deleted && removeFromList([taskId]));
        },
      }),
    [config.apiBaseUrl, confirmAndDelete, removeFromList],
  );

  return (
    <>
      <section className="mw-ws-panel mw-ws-results" aria-label="Results">
        <div className="mw-ws-toolbar">
          <Button onClick={() => void deleteAll()} disabled={deletingByFilter}>
            Delete All
          </Button>
          <Button onClick={() => void deleteSelected()}>Delete</Button>
        </div>
        <VirtualTable<SyncAgentTask, number>
          label="Sync tasks"
          ids={ids}
          loading={loading}
          loadDetails={loadDetails}
          columns={columns}
          sort={sort}
          onSortChange={onSortChange}
          selectedIds={selected}
          onSelectedIdsChange={setSelected}
          isRowSelectable={(t) => t.canBeDeleted}
          className="mw-ws-table"
        />
      </section>
      {/* Each opening asks for the files afresh. */}
      {media && <TaskMediaModal key={media.opening} taskId={media.taskId} onClose={() => setMedia(null)} />}
    </>
  );
}
