import { useId, useRef, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { INSPECTION_GROUPS, type InspectionGroup } from '@manway/core/api/work';
import { useAppSelector } from '../../../shell/store/hooks';
import { useGetInspectionGridQuery } from '../api/inspectionGrid';
import { InspectionList, type InspectionSelectionSlots } from './InspectionList';
import { InspectionReview, type InspectionActionSlots, type InspectionReviewSlots } from './InspectionReview';
import { GROUP_LABELS } from './inspectionLabels';
import { listSearch, readInspectionsLocation, type InspectionHref } from './inspectionsLocation';
import './InspectionsPage.css';

/** The smallest page the server serves: a tab needs only the total. */
const COUNT_PAGE_SIZE = 10;

function GroupTab({
  group,
  selected,
  panelId,
  tabId,
  onSelect,
  onKeyDown,
  setButton,
}: {
  group: InspectionGroup;
  selected: boolean;
  panelId: string;
  tabId: string;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  setButton: (node: HTMLButtonElement | null) => void;
}) {
  const { data } = useGetInspectionGridQuery({ group, pageIndex: 0, pageSize: COUNT_PAGE_SIZE });
  return (
    <button
      ref={setButton}
      type="button"
      role="tab"
      id={tabId}
      aria-selected={selected}
      aria-controls={panelId}
      tabIndex={selected ? 0 : -1}
      className={`mw-inspections__tab${selected ? ' mw-inspections__tab--selected' : ''}`}
      onClick={onSelect}
      onKeyDown={onKeyDown}
    >
      {GROUP_LABELS[group]}
      <span className="mw-inspections__count">{data ? ` (${data.total})` : ''}</span>
    </button>
  );
}

/**
 * The office's lists of incomplete, pending and completed inspections (main-app §2), and the review
 * of one. Where the user is lives in the address (inspectionsLocation.ts). The list stays mounted,
 * hidden, while a review is open, so coming back finds its page, sort and filters as they were.
 */
export function InspectionsPage({
  inspectionHref,
  renderSelectionActions,
  ...slots
}: InspectionReviewSlots &
  InspectionActionSlots &
  InspectionSelectionSlots & {
    /** Rows lead to the edition's own page of an inspection instead of the review here (the crew's). */
    inspectionHref?: InspectionHref;
  }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { group, inspection } = readInspectionsLocation(searchParams);
  const canReview = useAppSelector((state) => state.settings.data?.user.hasReviewPermissions ?? false);
  const baseId = useId();
  const panelId = `${baseId}-panel`;
  const tabId = (g: InspectionGroup) => `${baseId}-${g}`;
  const buttons = useRef(new Map<InspectionGroup, HTMLButtonElement>());

  const select = (next: InspectionGroup) => navigate(listSearch(next));
  // Arrow keys move between tabs, as the ARIA tabs pattern has it.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = INSPECTION_GROUPS[(index + step + INSPECTION_GROUPS.length) % INSPECTION_GROUPS.length]!;
    select(next);
    buttons.current.get(next)?.focus();
  };

  return (
    <div className="mw-inspections">
      <div className="mw-inspections__lists" hidden={inspection !== null}>
        <h1 className="mw-inspections__title">Inspections</h1>
        <div role="tablist" aria-label="Inspection lists" className="mw-inspections__tabs">
          {INSPECTION_GROUPS.map((g, index) => (
            <GroupTab
              key={g}
              group={g}
              selected={g === group}
              panelId={panelId}
              tabId={tabId(g)}
              onSelect={() => select(g)}
              onKeyDown={(event) => onKeyDown(event, index)}
              setButton={(node) => {
                if (node) buttons.current.set(g, node);
                else buttons.current.delete(g);
              }}
            />
          ))}
        </div>
        <div role="tabpanel" id={panelId} aria-labelledby={tabId(group)} className="mw-inspections__panel">
          {/* A list of its own per group: each keeps its page, sort and filters apart. */}
          <InspectionList
            key={group}
            group={group}
            canReview={canReview}
            inspectionHref={inspectionHref}
            renderSelectionActions={renderSelectionActions}
          />
        </div>
      </div>
      {inspection && (
        <InspectionReview key={inspection} id={inspection} group={group} canReview={canReview} {...slots} />
      )}
    </div>
  );
}
