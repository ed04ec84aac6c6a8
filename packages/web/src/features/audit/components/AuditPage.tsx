/**
 * The settings edition's Audit page (issue #21): who changed a user, a permission, a licence, a
 * setting or a shared link, and when, newest first. Filters by what was changed, the action, the
 * user who did it and the days; a row opens to show each changed field before and after.
 */
import { Fragment, useId, useState, type FormEvent } from 'react';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_OBJECT_TYPES,
  type AuditEvent,
  type AuditObjectType,
} from '@manway/core/api/audit';
import { Button } from '../../../ui/controls/Button';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { Pager } from '../../../ui/pager/Pager';
import { LoadingStatus } from '../../../ui/Spinner';
import { useGetAuditEventsQuery } from '../api/auditEvents';
import { auditRequest, NO_FILTERS, type AuditFilters } from '../auditFilters';
import '../../../ui/table/table.css';
import './AuditPage.css';

/** The shared grid's default page size (main-app section 9). */
export const AUDIT_PAGE_SIZE = 25;
export const NO_RESULTS_TEXT = 'No results';

export const AUDIT_OBJECT_TYPE_LABELS: Record<AuditObjectType, string> = {
  user: 'User',
  licence: 'Licence',
  seat: 'Seat',
  settings: 'Settings',
  'shared-link': 'Shared link',
};

/** The actions about one type of object: each action's name starts with its object type. */
const actionsOf = (objectType: AuditObjectType | null) =>
  AUDIT_ACTIONS.filter((a) => objectType === null || a.startsWith(`${objectType}.`));

/** A value as a person reads it: text as it is, nothing as a dash, anything else as compact JSON. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function AuditPage() {
  const [typed, setTyped] = useState<AuditFilters>(NO_FILTERS);
  const [applied, setApplied] = useState<AuditFilters>(NO_FILTERS);
  const [pageIndex, setPageIndex] = useState(0);
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const events = useGetAuditEventsQuery(auditRequest(applied, pageIndex, AUDIT_PAGE_SIZE), {
    refetchOnMountOrArgChange: true,
  });
  const page = events.currentData;
  const pageCount = page ? Math.ceil(page.total / AUDIT_PAGE_SIZE) : 0;
  const ids = { type: useId(), action: useId(), actor: useId(), from: useId(), to: useId() };

  const apply = (filters: AuditFilters) => {
    setApplied(filters);
    setPageIndex(0);
    setOpened(new Set());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(typed);
  };
  const clear = () => {
    setTyped(NO_FILTERS);
    apply(NO_FILTERS);
  };
  const toggle = (id: number) => {
    const next = new Set(opened);
    if (!next.delete(id)) next.add(id);
    setOpened(next);
  };

  return (
    <div className="mw-audit">
      <div className="mw-audit__header">
        <h1 className="mw-audit__title">Audit</h1>
        <Button onClick={() => void events.refetch()}>Refresh</Button>
      </div>
      <p className="mw-page__lead">
        Who changed a user, a permission, a licence, a setting or a shared link, and when. Newest first.
      </p>

      <form className="mw-audit__filters" onSubmit={submit} aria-label="Audit filters">
        <div className="mw-audit__filter">
          <label htmlFor={ids.type}>Object</label>
          <select
            id={ids.type}
            className="mw-compact-input"
            value={typed.objectType ?? ''}
            onChange={(event) => {
              const objectType = AUDIT_OBJECT_TYPES.find((t) => t === event.target.value) ?? null;
              const action = typed.action && actionsOf(objectType).includes(typed.action) ? typed.action : null;
              setTyped({ ...typed, objectType, action });
            }}
          >
            <option value="">All objects</option>
            {AUDIT_OBJECT_TYPES.map((type) => (
              <option key={type} value={type}>
                {AUDIT_OBJECT_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        <div className="mw-audit__filter">
          <label htmlFor={ids.action}>Action</label>
          <select
            id={ids.action}
            className="mw-compact-input"
            value={typed.action ?? ''}
            onChange={(event) =>
              setTyped({ ...typed, action: AUDIT_ACTIONS.find((a) => a === event.target.value) ?? null })
            }
          >
            <option value="">All actions</option>
            {actionsOf(typed.objectType).map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </select>
        </div>
        <div className="mw-audit__filter">
          <label htmlFor={ids.actor}>User</label>
          <input
            id={ids.actor}
            className="mw-compact-input"
            type="search"
            placeholder="Login"
            maxLength={200}
            value={typed.actor}
            onChange={(event) => setTyped({ ...typed, actor: event.target.value })}
          />
        </div>
        <div className="mw-audit__filter">
          <label htmlFor={ids.from}>From</label>
          <input
            id={ids.from}
            className="mw-compact-input"
            type="date"
            value={typed.fromDay}
            max={typed.toDay || undefined}
            onChange={(event) => setTyped({ ...typed, fromDay: event.target.value })}
          />
        </div>
        <div className="mw-audit__filter">
          <label htmlFor={ids.to}>To</label>
          <input
            id={ids.to}
            className="mw-compact-input"
            type="date"
            value={typed.toDay}
            min={typed.fromDay || undefined}
            onChange={(event) => setTyped({ ...typed, toDay: event.target.value })}
          />
        </div>
        <div className="mw-audit__filter-actions">
          <Button type="submit" variant="primary">
            Apply
          </Button>
          <Button onClick={clear}>Clear</Button>
        </div>
      </form>

      {page ? (
        page.items.length === 0 ? (
          <p className="mw-empty-state">{NO_RESULTS_TEXT}</p>
        ) : (
          <>
            <p className="mw-audit__count" aria-live="polite">
              {page.total === 1 ? '1 entry' : `${page.total.toLocaleString('en')} entries`}
            </p>
            <div className="mw-table-wrap">
              <table className="mw-table mw-audit__table" aria-label="Audit entries">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">User</th>
                    <th scope="col">Action</th>
                    <th scope="col">Object</th>
                    <th scope="col">Summary</th>
                    <th scope="col">
                      <span className="mw-visually-hidden">Changes</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((event) => (
                    <AuditRow key={event.id} event={event} open={opened.has(event.id)} onToggle={toggle} />
                  ))}
                </tbody>
              </table>
            </div>
            {pageCount > 1 && (
              <Pager pageIndex={pageIndex} pageCount={pageCount} onPageChange={setPageIndex} label="Audit pages" />
            )}
          </>
        )
      ) : events.isError ? (
        <p role="alert">The audit entries could not be loaded. Please try refreshing the page.</p>
      ) : (
        <LoadingStatus className="mw-page-loading" />
      )}
    </div>
  );
}

function AuditRow({ event, open, onToggle }: { event: AuditEvent; open: boolean; onToggle: (id: number) => void }) {
  const changes = Object.entries(event.changes);
  const detailsId = useId();
  return (
    <Fragment>
      <tr className={open ? 'mw-audit__row--open' : undefined}>
        <td className="mw-audit__when">
          <DateTimeText value={event.at} />
        </td>
        <td>{event.actor.login}</td>
        <td className="mw-audit__action">{AUDIT_ACTION_LABELS[event.action]}</td>
        <td className="mw-audit__object">
          {AUDIT_OBJECT_TYPE_LABELS[event.objectType]}: {event.objectId}
        </td>
        <td className="mw-audit__summary">{event.summary}</td>
        <td className="mw-audit__toggle">
          {changes.length > 0 && (
            <Button
              variant="ghost"
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              aria-label={`${open ? 'Hide' : 'Show'} changes: ${event.summary}`}
              onClick={() => onToggle(event.id)}
            >
              {open ? 'Hide changes' : 'Changes'}
            </Button>
          )}
        </td>
      </tr>
      {open && (
        <tr className="mw-audit__details">
          <td colSpan={6} id={detailsId}>
            <table className="mw-audit__changes" aria-label={`Changes: ${event.summary}`}>
              <thead>
                <tr>
                  <th scope="col">Field</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                </tr>
              </thead>
              <tbody>
                {changes.map(([field, { from, to }]) => (
                  <tr key={field}>
                    <th scope="row">{field}</th>
                    <td>
                      <code>{valueText(from)}</code>
                    </td>
                    <td>
                      <code>{valueText(to)}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </td>
        </tr>
      )}
    </Fragment>
  );
}
