/**
 * The settings edition's Saved filters page (main-app sections 2 and 3 "Saved filter: name, order"):
 * the administrator's global filters, which every user can import, and personal ones, in the order
 * the search lists them; making a filter global or personal; importing what others share.
 *
 * The calls are the search feature's saved-filter calls. Features do not import each other, so the
 * edition hands them over as props (editions/settings/SavedFiltersSettingsPage.tsx).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  ADVANCED_FILTER_MESSAGE,
  type AvailableFilter,
  type SavedFilterSummary,
  type UpdateSavedFilter,
} from '@manway/core/api/filters';
import { confirm } from '../../../shell/confirm/confirm';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { LoadingStatus } from '../../../ui/Spinner';
import { moveWithin } from '../filterOrder';
import '../../../ui/table/table.css';
import './SavedFiltersAdminPage.css';

export const CONFLICT_TEXT = 'Another administrator changed this filter. It has been reloaded.';
export const NO_GLOBAL_TEXT =
  'No global filters. Make one of your personal filters global to share it with every user.';
export const NO_PERSONAL_TEXT = 'No personal filters. Filters saved in the search, or imported below, appear here.';
export const NAME_TAKEN_TEXT = 'You already have a filter by this name: rename or delete yours to import this one.';
export const NO_AVAILABLE_TEXT = 'No other administrator shares a filter you could import.';

/** A read the page shows: its answer once there is one, and whether the last attempt failed. */
export interface Loadable<T> {
  data: T | undefined;
  failed: boolean;
}

export interface SavedFiltersAdminPageProps {
  /** The caller's own filters, global and personal, in their order. */
  filters: Loadable<SavedFilterSummary[]>;
  /** Shared filters of others that the caller may import. */
  available: Loadable<AvailableFilter[]>;
  refresh(): void;
  /**
   * The calls. Each settles when the server has answered; a failure rejects with the request's
   * failure, which the request layer has already told the user about (all but a 409).
   */
  order(names: string[]): Promise<unknown>;
  update(name: string, update: UpdateSavedFilter): Promise<unknown>;
  remove(name: string): Promise<unknown>;
  importFilter(name: string): Promise<unknown>;
}

type Direction = -1 | 1;
const moveKey = (name: string, by: Direction) => `${by < 0 ? 'up' : 'down'}:${name}`;

function isStale(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 409;
}

export function SavedFiltersAdminPage({
  filters,
  available,
  refresh,
  order,
  update,
  remove,
  importFilter,
}: SavedFiltersAdminPageProps) {
  const dispatch = useAppDispatch();
  const own = filters.data;
  const [conflict, setConflict] = useState(false);
  // One change at a time: each is made against the list as last read.
  const busy = useRef(false);
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<{ name: string; by: Direction } | null>(null);

  // A moved filter keeps the keyboard focus: on the same arrow, or the other one at the list's end.
  useEffect(() => {
    const wanted = focusAfterMove.current;
    if (!wanted) return;
    focusAfterMove.current = null;
    const same = moveButtons.current.get(moveKey(wanted.name, wanted.by));
    const other = moveButtons.current.get(moveKey(wanted.name, wanted.by < 0 ? 1 : -1));
    (same && !same.disabled ? same : other)?.focus();
  }, [own]);

  /** Runs one change; a 409 says another administrator came first, and the list is read again. */
  const change = async (run: () => Promise<unknown>): Promise<boolean> => {
    if (busy.current) return false;
    busy.current = true;
    setConflict(false);
    try {
      await run();
      return true;
    } catch (error) {
      if (isStale(error)) setConflict(true);
      // Anything else has been told by the request layer.
      return false;
    } finally {
      busy.current = false;
    }
  };

  const move = (section: readonly SavedFilterSummary[], filter: SavedFilterSummary, by: Direction) => {
    if (!own) return;
    const names = moveWithin(
      own.map((f) => f.name),
      section.map((f) => f.name),
      filter.name,
      by,
    );
    if (!names) return;
    focusAfterMove.current = { name: filter.name, by };
    void change(() => order(names)).then((done) => {
      if (!done) focusAfterMove.current = null;
    });
  };

  const setShared = (filter: SavedFilterSummary, shared: boolean) =>
    void change(() => update(filter.name, { shared, version: filter.version })).then((done) => {
      if (!done) return;
      dispatch(
        showNotification({
          type: 'success',
          title: shared ? 'Filter made global' : 'Filter made personal',
          text: shared
            ? `Every user can now import "${filter.name}".`
            : `"${filter.name}" is no longer offered to other users.`,
        }),
      );
    });

  const deleteFilter = async (filter: SavedFilterSummary) => {
    const proceed = await dispatch(
      confirm({
        type: 'normal',
        title: filter.shared ? 'Delete global filter' : 'Delete saved filter',
        text: filter.shared
          ? `Delete the global filter "${filter.name}"? Users can no longer import it; those who have keep their copies. This cannot be undone.`
          : `Delete the saved filter "${filter.name}"? This cannot be undone.`,
        proceedButtonText: 'Delete',
        cancelButtonText: 'Cancel',
      }),
    );
    if (proceed) await change(() => remove(filter.name));
  };

  const importAvailable = (filter: AvailableFilter) =>
    void change(() => importFilter(filter.name)).then((done) => {
      if (!done) return;
      dispatch(
        showNotification({
          type: 'success',
          title: 'Filter imported',
          text: `"${filter.name}" is now one of your personal filters.`,
        }),
      );
    });

  const global = own?.filter((f) => f.shared) ?? [];
  const personal = own?.filter((f) => !f.shared) ?? [];

  const list = (section: SavedFilterSummary[], label: string, empty: string) =>
    own ? (
      <FilterTable
        filters={section}
        label={label}
        empty={empty}
        onMove={(filter, by) => move(section, filter, by)}
        onShared={setShared}
        onDelete={(filter) => void deleteFilter(filter)}
        moveButton={(filter, by) => (element) => {
          if (element) moveButtons.current.set(moveKey(filter.name, by), element);
          else moveButtons.current.delete(moveKey(filter.name, by));
        }}
      />
    ) : filters.failed ? (
      <p role="alert">The saved filters could not be loaded. Please try refreshing the page.</p>
    ) : (
      <LoadingStatus className="mw-page-loading" />
    );

  return (
    <div className="mw-filter-admin">
      <div className="mw-filter-admin__header">
        <h1 className="mw-filter-admin__title">Saved filters</h1>
        <Button onClick={refresh}>Refresh</Button>
      </div>
      <p className="mw-page__lead">
        Global filters are shared: every user can import them into their own saved filters. Personal filters are yours
        alone. The order here is the order the search lists your filters in.
      </p>
      {conflict && (
        <p className="mw-filter-admin__message" role="alert">
          {CONFLICT_TEXT}
        </p>
      )}

      <Section title="Global filters" lead="What every user can import, in your order.">
        {list(global, 'Global filters', NO_GLOBAL_TEXT)}
      </Section>

      <Section title="Personal filters" lead="Your own filters, which only you see.">
        {list(personal, 'Personal filters', NO_PERSONAL_TEXT)}
      </Section>

      <Section
        title="Import from the available filters"
        lead="Filters other administrators share. An imported filter becomes one of your personal filters."
      >
        {available.data ? (
          <AvailableTable filters={available.data} onImport={importAvailable} />
        ) : available.failed ? (
          <p role="alert">The available filters could not be loaded. Please try refreshing the page.</p>
        ) : (
          <LoadingStatus className="mw-page-loading" />
        )}
      </Section>
    </div>
  );
}

function Section({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="mw-filter-admin__section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p className="mw-filter-admin__lead">{lead}</p>
      {children}
    </section>
  );
}

function kindOf(filter: { advanced: boolean }) {
  return filter.advanced ? 'Advanced' : 'Simple';
}

function FilterTable({
  filters,
  label,
  empty,
  onMove,
  onShared,
  onDelete,
  moveButton,
}: {
  filters: SavedFilterSummary[];
  label: string;
  empty: string;
  onMove(filter: SavedFilterSummary, by: Direction): void;
  onShared(filter: SavedFilterSummary, shared: boolean): void;
  onDelete(filter: SavedFilterSummary): void;
  moveButton(filter: SavedFilterSummary, by: Direction): (element: HTMLButtonElement | null) => void;
}) {
  if (filters.length === 0) return <p className="mw-empty-state">{empty}</p>;
  return (
    <div className="mw-table-wrap">
      <table className="mw-table mw-filter-admin__table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Object type</th>
            <th scope="col">Kind</th>
            <th scope="col">
              <span className="mw-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {filters.map((f, i) => (
            <tr key={f.name}>
              <th scope="row" className="mw-filter-admin__name">
                {f.name}
                {f.importedFrom !== null && (
                  <span className="mw-filter-admin__note">Imported from {f.importedFrom}</span>
                )}
                {!f.editable && <span className="mw-filter-admin__note">{ADVANCED_FILTER_MESSAGE}</span>}
              </th>
              <td>{f.objectType}</td>
              <td>{kindOf(f)}</td>
              <td className="mw-filter-admin__actions">
                <Button
                  variant="ghost"
                  ref={moveButton(f, -1)}
                  disabled={i === 0}
                  aria-label={`Move ${f.name} up`}
                  onClick={() => onMove(f, -1)}
                >
                  ↑
                </Button>
                <Button
                  variant="ghost"
                  ref={moveButton(f, 1)}
                  disabled={i === filters.length - 1}
                  aria-label={`Move ${f.name} down`}
                  onClick={() => onMove(f, 1)}
                >
                  ↓
                </Button>
                <Button
                  disabled={!f.editable}
                  aria-label={f.shared ? `Make ${f.name} personal` : `Make ${f.name} global`}
                  onClick={() => onShared(f, !f.shared)}
                >
                  {f.shared ? 'Make personal' : 'Make global'}
                </Button>
                <Button variant="danger" aria-label={`Delete ${f.name}`} onClick={() => onDelete(f)}>
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AvailableTable({
  filters,
  onImport,
}: {
  filters: AvailableFilter[];
  onImport(filter: AvailableFilter): void;
}) {
  if (filters.length === 0) return <p className="mw-empty-state">{NO_AVAILABLE_TEXT}</p>;
  return (
    <div className="mw-table-wrap">
      <table className="mw-table mw-filter-admin__table" aria-label="Available filters">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Object type</th>
            <th scope="col">Kind</th>
            <th scope="col">
              <span className="mw-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {filters.map((f) => (
            <AvailableRow key={f.name} filter={f} onImport={() => onImport(f)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AvailableRow({ filter, onImport }: { filter: AvailableFilter; onImport(): void }) {
  const noteId = useId();
  return (
    <tr>
      <th scope="row" className="mw-filter-admin__name">
        {filter.name}
        {filter.nameTaken && (
          <span id={noteId} className="mw-filter-admin__note">
            {NAME_TAKEN_TEXT}
          </span>
        )}
      </th>
      <td>{filter.objectType}</td>
      <td>{kindOf(filter)}</td>
      <td className="mw-filter-admin__actions">
        <Button
          disabled={filter.nameTaken}
          aria-label={`Import ${filter.name}`}
          aria-describedby={filter.nameTaken ? noteId : undefined}
          onClick={onImport}
        >
          Import
        </Button>
      </td>
    </tr>
  );
}
