/**
 * The dashboards page (office edition): pick a dashboard (the default one first) and see its
 * widgets on the grid, each loading its own data; copy, import, delete, make global or personal,
 * start a new one, or edit it in an editing session. Clicking a group on a chart or a table opens
 * the map with that group's assets as a search result.
 */
import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { DashboardSummary, EditingSession } from '@manway/core/api/dashboards';
import type { DataItem, Widget } from '@manway/core/domain/widgets';
import { searchHandOverState } from '../../../shell/app/searchHandOver';
import { confirm } from '../../../shell/confirm/confirm';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { LoadingStatus } from '../../../ui/Spinner';
import {
  refOf,
  useCopyDashboardMutation,
  useDeleteDashboardMutation,
  useGetDashboardsQuery,
  useGetDashboardTemplateQuery,
  useImportDashboardMutation,
  useSetDashboardGlobalMutation,
} from '../api/dashboards';
import { useDrillWidgetMutation } from '../api/drill';
import { useStartEmptySessionMutation, useStartSessionMutation } from '../api/editingSessions';
import { useBusyRun } from '../failures';
import { DashboardEditor } from './DashboardEditor';
import { DashboardGrid } from './DashboardGrid';
import { ImportDialog } from './dialogs';
import { NoWidgets } from './NoWidgets';
import { SavedWidget } from './WidgetFrame';
import './DashboardsPage.css';

interface Editing {
  session: EditingSession;
  dashboard: DashboardSummary | null;
}

export interface DashboardsPageProps {
  /** An edition's actions on the dashboard shown, in the toolbar (the office's Share…). */
  renderActions?(dashboard: DashboardSummary): ReactNode;
}

export function DashboardsPage({ renderActions }: DashboardsPageProps = {}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const pickerId = useId();
  const list = useGetDashboardsQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [importing, setImporting] = useState(false);
  const { busy, run } = useBusyRun();
  const dashboards = list.data ?? [];
  const current =
    dashboards.find((d) => d.name === chosen) ?? dashboards.find((d) => d.isDefault) ?? dashboards[0] ?? null;
  // Until the list arrives, the default dashboard is the one that opens: its template is asked for at
  // once, beside the list, rather than after it (the first draw waits for neither in turn).
  const ref = current ? refOf(current) : chosen === null && !list.isSuccess ? {} : null;
  const template = useGetDashboardTemplateQuery(ref ?? { dashboardName: '' }, { skip: !ref || editing !== null });

  const [startSession] = useStartSessionMutation();
  const [startEmpty] = useStartEmptySessionMutation();
  const [copy] = useCopyDashboardMutation();
  const [importDashboard] = useImportDashboardMutation();
  const [remove] = useDeleteDashboardMutation();
  const [setGlobal] = useSetDashboardGlobalMutation();
  const [drill] = useDrillWidgetMutation();

  const edit = (dashboard: DashboardSummary) =>
    run(async () => {
      const session = await startSession(refOf(dashboard)).unwrap();
      setEditing({ session, dashboard });
    });
  const createNew = () =>
    run(async () => {
      setEditing({ session: await startEmpty().unwrap(), dashboard: null });
    });
  const copyCurrent = (dashboard: DashboardSummary) =>
    run(async () => {
      const made = await copy(refOf(dashboard)).unwrap();
      if (made.name) setChosen(made.name);
      dispatch(
        showNotification({
          type: 'success',
          title: `“${dashboard.name}” copied${made.name ? ` as “${made.name}”` : ''}`,
        }),
      );
    });
  const deleteCurrent = (dashboard: DashboardSummary) =>
    run(async () => {
      const yes = await dispatch(
        confirm({
          title: 'Delete this dashboard?',
          text: `“${dashboard.name}” will be deleted. This cannot be undone.`,
          proceedButtonText: 'Delete',
        }),
      );
      if (!yes) return;
      await remove(refOf(dashboard)).unwrap();
      setChosen(null);
    });
  const toggleGlobal = (dashboard: DashboardSummary) =>
    run(async () => {
      await setGlobal({ dashboardName: dashboard.name, global: !dashboard.global }).unwrap();
    });
  const importFrom = (source: string, newDashboardName: string) =>
    run(async () => {
      await importDashboard({ dashboardName: source, newDashboardName }).unwrap();
      setImporting(false);
      setChosen(newDashboardName);
    });

  const openOnMap = (widget: Widget, item: DataItem) =>
    void run(async () => {
      const found = await drill({ widget, key: item.key }).unwrap();
      if (found.truncated)
        dispatch(
          showNotification({
            type: 'info',
            title: 'Only the first assets are shown',
            text: `“${found.title}” has more assets than a search shows at once.`,
          }),
        );
      void navigate('/', {
        state: searchHandOverState({
          filter: found.filter,
          additionalRestrictions: found.additionalRestrictions,
          title: found.title,
        }),
      });
    });

  if (editing)
    return (
      <div className="mw-dashboards">
        <h1 className="mw-dashboards__title">Dashboards</h1>
        <DashboardEditor
          session={editing.session}
          dashboard={editing.dashboard ? { ...refOf(editing.dashboard), name: editing.dashboard.name } : null}
          onClose={(savedName) => {
            setEditing(null);
            if (savedName) setChosen(savedName);
          }}
        />
      </div>
    );

  return (
    <div className="mw-dashboards">
      <h1 className="mw-dashboards__title">Dashboards</h1>
      {list.isError ? (
        <p role="alert">The dashboards could not be loaded.</p>
      ) : !list.data ? (
        <LoadingStatus />
      ) : (
        <div className="mw-dash-toolbar" role="toolbar" aria-label="Dashboard actions">
          {current && (
            <div className="mw-dash-toolbar__picker">
              <label htmlFor={pickerId}>Dashboard</label>
              <select
                id={pickerId}
                className="mw-compact-input"
                value={current.name}
                onChange={(e) => setChosen(e.target.value)}
              >
                {dashboards.map((d) => (
                  <option key={d.name} value={d.name}>
                    {d.name}
                    {d.isDefault ? ' (default)' : d.global ? ' (global)' : d.mine ? '' : ` (${d.ownerName})`}
                  </option>
                ))}
              </select>
            </div>
          )}
          {current?.canEdit && (
            <Button variant="primary" disabled={busy} onClick={() => void edit(current)}>
              Edit
            </Button>
          )}
          {current && (
            <Button disabled={busy} onClick={() => void copyCurrent(current)}>
              {current.canEdit ? 'Copy' : 'Copy to edit'}
            </Button>
          )}
          <Button disabled={busy} onClick={() => setImporting(true)}>
            Import
          </Button>
          {current?.canChangeGlobal && (
            <Button disabled={busy} onClick={() => void toggleGlobal(current)}>
              {current.global ? 'Make personal' : 'Make global'}
            </Button>
          )}
          {current?.canDelete && (
            <Button variant="danger" disabled={busy} onClick={() => void deleteCurrent(current)}>
              Delete
            </Button>
          )}
          {current && renderActions?.(current)}
          <span className="mw-dash-toolbar__spacer" />
          <Button disabled={busy} onClick={() => void createNew()}>
            New dashboard
          </Button>
        </div>
      )}
      {list.data && !current && <NoWidgets />}
      {ref &&
        (template.isError ? (
          <p role="alert">The dashboard could not be loaded.</p>
        ) : !template.currentData ? (
          <LoadingStatus />
        ) : template.currentData.widgets.length === 0 ? (
          <NoWidgets />
        ) : (
          <DashboardGrid
            widgets={template.currentData.widgets}
            renderWidget={(widget) => (
              <SavedWidget
                widget={widget}
                dashboard={ref}
                version={template.currentData!.version}
                onDrill={openOnMap}
              />
            )}
          />
        ))}
      {importing && (
        <ImportDialog
          dashboards={dashboards}
          onCancel={() => setImporting(false)}
          onSubmit={(s, n) => void importFrom(s, n)}
        />
      )}
    </div>
  );
}
