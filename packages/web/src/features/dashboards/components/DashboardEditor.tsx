/**
 * Edit mode: the widgets of an editing session (spec section 4), laid out on the grid by drag and
 * resize (kept here until the commit), added from the types or the gallery, configured, duplicated,
 * deleted and saved to the gallery through the session's calls. Save commits the widgets as laid
 * out; when someone else saved the dashboard meanwhile, the spec's question offers to overwrite,
 * to save as a new dashboard, or to keep editing. Discard deletes the session. The unsaved-changes
 * lock is held while the editor is open.
 */
import { useEffect, useState } from 'react';
import type { Layout } from 'react-grid-layout';
import type { EditingSession, GalleryWidget } from '@manway/core/api/dashboards';
import { sameTitle, type Widget, type WidgetType } from '@manway/core/domain/widgets';
import { confirm } from '../../../shell/confirm/confirm';
import { MODIFIED_BY_ANOTHER_USER } from '../../../shell/errors/catalogue';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { DISCARD_CHANGES_CONFIRM } from '../../../shell/unsaved/discardConfirm';
import { acquireLock, releaseLock } from '../../../shell/unsaved/unsavedSlice';
import { Button } from '../../../ui/controls/Button';
import type { DashboardRef } from '../api/dashboards';
import {
  useAddToGalleryMutation,
  useAddWidgetMutation,
  useCommitSessionMutation,
  useDeleteWidgetMutation,
  useDiscardSessionMutation,
  useUpdateWidgetMutation,
} from '../api/editingSessions';
import { isConflict, useBusyRun } from '../failures';
import { applyLayout, newWidget, placeForNew } from '../gridLayout';
import { AddWidgetDialog } from './AddWidgetDialog';
import { DashboardGrid } from './DashboardGrid';
import { ChoiceDialog, NameDialog } from './dialogs';
import { NoWidgets } from './NoWidgets';
import { SessionWidget } from './WidgetFrame';
import { WidgetConfigDialog } from './WidgetConfigDialog';

export const EDITOR_LOCK = 'dashboard-editor';

export const CONFLICT_TEXT =
  'Someone saved this dashboard after you started editing it. Overwrite their changes, save yours as a new dashboard, or cancel and keep editing.';

type Dialog =
  | { kind: 'add' }
  | { kind: 'configure'; widget: Widget; isNew: boolean }
  | { kind: 'gallery-exists'; item: GalleryWidget }
  | { kind: 'conflict' }
  | { kind: 'name'; reason: 'new' | 'save-as' }
  | null;

export interface DashboardEditorProps {
  session: EditingSession;
  /** The dashboard edited; null for a new one, which asks its name on the first save. */
  dashboard: (DashboardRef & { name: string }) | null;
  /** The editor is done: saved under this name, or discarded (null). */
  onClose(savedName: string | null): void;
}

export function DashboardEditor({ session, dashboard, onClose }: DashboardEditorProps) {
  const dispatch = useAppDispatch();
  const [widgets, setWidgets] = useState<Widget[]>(session.widgets);
  const [dirty, setDirty] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { busy, run } = useBusyRun();
  const sessionId = session.id;
  const [addWidget] = useAddWidgetMutation();
  const [updateWidget, { isLoading: updating }] = useUpdateWidgetMutation();
  const [deleteWidget] = useDeleteWidgetMutation();
  const [addToGallery] = useAddToGalleryMutation();
  const [commit] = useCommitSessionMutation();
  const [discard] = useDiscardSessionMutation();

  useEffect(() => {
    dispatch(acquireLock(EDITOR_LOCK));
    return () => {
      dispatch(releaseLock(EDITOR_LOCK));
    };
  }, [dispatch]);

  const changeWidgets = (next: (current: Widget[]) => Widget[]) => {
    setWidgets(next);
    setDirty(true);
  };
  const append = (widget: Widget) =>
    changeWidgets((current) => [...current, { ...widget, layout: placeForNew(current, widget.type) }]);

  const addOfType = (type: WidgetType) =>
    run(async () => {
      setDialog(null);
      const created = await addWidget({ sessionId, body: { Widget: newWidget(type, widgets) } }).unwrap();
      const placed = { ...created, layout: placeForNew(widgets, created.type) };
      changeWidgets((current) => [...current, placed]);
      setDialog({ kind: 'configure', widget: placed, isNew: true });
    });

  const addFromGallery = (item: GalleryWidget, force?: 'rename' | 'replace') =>
    run(async () => {
      setDialog(null);
      try {
        const added = await addWidget({
          sessionId,
          body: {
            GalleryWidgetId: item.id,
            ...(force === 'rename' ? { ForceRename: true } : {}),
            ...(force === 'replace' ? { ForceReplace: true } : {}),
          },
        }).unwrap();
        if (force === 'replace') {
          // The gallery's widget takes the place of the one with its title.
          changeWidgets((current) => {
            const old = current.find((w) => w.id === added.id || sameTitle(w.title, added.title));
            return old
              ? current.map((w) => (w === old ? { ...added, layout: old.layout } : w))
              : [...current, { ...added, layout: placeForNew(current, added.type) }];
          });
        } else append(added);
      } catch (error) {
        if (isConflict(error, 'dashboard/widget-exists')) setDialog({ kind: 'gallery-exists', item });
        else throw error;
      }
    });

  const saveConfigured = (widget: Widget) =>
    run(async () => {
      const saved = await updateWidget({ sessionId, widget }).unwrap();
      changeWidgets((current) => current.map((w) => (w.id === widget.id ? { ...saved, layout: w.layout } : w)));
      setDialog(null);
    });

  const cancelConfigure = (widget: Widget, isNew: boolean) => {
    setDialog(null);
    // A widget added for this dialog is not kept when the dialog is cancelled.
    if (isNew)
      void run(async () => {
        await deleteWidget({ sessionId, widgetId: widget.id }).unwrap();
        changeWidgets((current) => current.filter((w) => w.id !== widget.id));
      });
  };

  const duplicate = (widget: Widget) =>
    run(async () => {
      append(await addWidget({ sessionId, body: { WidgetId: widget.id } }).unwrap());
    });

  const remove = async (widget: Widget) => {
    const yes = await dispatch(
      confirm({
        title: 'Delete this widget?',
        text: `“${widget.title}” will be removed from the dashboard.`,
        proceedButtonText: 'Delete',
      }),
    );
    if (!yes) return;
    await run(async () => {
      await deleteWidget({ sessionId, widgetId: widget.id }).unwrap();
      changeWidgets((current) => current.filter((w) => w.id !== widget.id));
    });
  };

  const saveToGallery = (widget: Widget) =>
    run(async () => {
      try {
        await addToGallery({ sessionId, widgetId: widget.id }).unwrap();
      } catch (error) {
        if (!isConflict(error, 'dashboard/widget-exists')) throw error;
        const replace = await dispatch(
          confirm({
            title: 'Replace the gallery’s widget?',
            text: `The gallery already has a widget called “${widget.title}”. Replace it with this one?`,
            proceedButtonText: 'Replace',
          }),
        );
        if (!replace) return;
        await addToGallery({ sessionId, widgetId: widget.id, forceReplace: true }).unwrap();
      }
      dispatch(showNotification({ type: 'success', title: `“${widget.title}” saved to the gallery` }));
    });

  const save = (options: { force?: boolean; newDashboardName?: string } = {}) =>
    run(async () => {
      setDialog(null);
      try {
        await commit({ sessionId, widgets, dashboardName: dashboard?.dashboardName, ...options }).unwrap();
      } catch (error) {
        if (isConflict(error, 'concurrency/modified-by-another-user')) {
          setDialog({ kind: 'conflict' });
          return;
        }
        throw error;
      }
      dispatch(releaseLock(EDITOR_LOCK));
      onClose(options.newDashboardName ?? dashboard?.name ?? null);
    });

  const close = async () => {
    if (dirty && !(await dispatch(confirm(DISCARD_CHANGES_CONFIRM)))) return;
    await discard(sessionId)
      .unwrap()
      .catch(() => {});
    dispatch(releaseLock(EDITOR_LOCK));
    onClose(null);
  };

  const onLayoutChange = (layout: Layout) => {
    const next = applyLayout(widgets, layout);
    if (next !== widgets) changeWidgets(() => next);
  };

  return (
    <div className="mw-dash-editor">
      <div className="mw-dash-toolbar" role="toolbar" aria-label="Edit dashboard">
        <span className="mw-dash-toolbar__label">{dashboard ? `Editing ${dashboard.name}` : 'New dashboard'}</span>
        <Button onClick={() => setDialog({ kind: 'add' })} disabled={busy}>
          Add widget
        </Button>
        <span className="mw-dash-toolbar__spacer" />
        <Button onClick={() => void close()} disabled={busy}>
          Discard
        </Button>
        <Button
          variant="primary"
          disabled={busy}
          onClick={() => (dashboard ? void save() : setDialog({ kind: 'name', reason: 'new' }))}
        >
          Save
        </Button>
      </div>
      {widgets.length === 0 ? (
        <NoWidgets />
      ) : (
        <DashboardGrid
          widgets={widgets}
          editing
          onLayoutChange={onLayoutChange}
          renderWidget={(widget) => (
            <SessionWidget
              widget={widget}
              sessionId={sessionId}
              menu={[
                {
                  id: 'configure',
                  label: 'Configure',
                  onSelect: () => setDialog({ kind: 'configure', widget, isNew: false }),
                },
                { id: 'duplicate', label: 'Duplicate', onSelect: () => void duplicate(widget) },
                { id: 'gallery', label: 'Save to gallery', onSelect: () => void saveToGallery(widget) },
                { id: 'delete', label: 'Delete', onSelect: () => void remove(widget) },
              ]}
            />
          )}
        />
      )}
      {dialog?.kind === 'add' && (
        <AddWidgetDialog
          onPickType={(type) => void addOfType(type)}
          onPickGallery={(item) => void addFromGallery(item)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'configure' && (
        <WidgetConfigDialog
          sessionId={sessionId}
          widget={dialog.widget}
          saving={updating}
          onSave={(widget) => void saveConfigured(widget)}
          onCancel={() => cancelConfigure(dialog.widget, dialog.isNew)}
        />
      )}
      {dialog?.kind === 'gallery-exists' && (
        <ChoiceDialog
          title="Widget already exists"
          text={`The dashboard already has a widget called “${dialog.item.widget.title}”. Add this one under another title, or let it replace that one?`}
          choices={[
            { value: 'cancel', label: 'Cancel' },
            { value: 'rename', label: 'Add with a new title' },
            { value: 'replace', label: 'Replace', variant: 'primary' },
          ]}
          cancel="cancel"
          onChoose={(choice) => (choice === 'cancel' ? setDialog(null) : void addFromGallery(dialog.item, choice))}
        />
      )}
      {dialog?.kind === 'conflict' && (
        <ChoiceDialog
          title={MODIFIED_BY_ANOTHER_USER.title}
          text={CONFLICT_TEXT}
          choices={[
            { value: 'cancel', label: 'Cancel' },
            { value: 'save-as', label: 'Save as new dashboard' },
            { value: 'force', label: 'Overwrite', variant: 'danger' },
          ]}
          cancel="cancel"
          onChoose={(choice) =>
            choice === 'force'
              ? void save({ force: true })
              : setDialog(choice === 'save-as' ? { kind: 'name', reason: 'save-as' } : null)
          }
        />
      )}
      {dialog?.kind === 'name' && (
        <NameDialog
          title={dialog.reason === 'new' ? 'Save the new dashboard' : 'Save as new dashboard'}
          proceedText="Save"
          initial={dialog.reason === 'save-as' && dashboard ? `${dashboard.name} (2)` : ''}
          onCancel={() => setDialog(null)}
          onSubmit={(name) => void save({ newDashboardName: name })}
        />
      )}
    </div>
  );
}
