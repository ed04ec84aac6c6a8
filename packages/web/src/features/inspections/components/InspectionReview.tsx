import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { InspectionCommandResult, InspectionGroup, InspectionListRow } from '@manway/core/api/work';
import { showNotification, type NotificationInput } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { LoadingStatus } from '../../../ui/Spinner';
import { refusalMessage, useAcceptInspectionMutation, useRejectInspectionMutation } from '../api/inspectionCommands';
import { useGetInspectionQuery } from '../api/inspection';
import { GROUP_LABELS, STATUS_LABELS } from './inspectionLabels';
import { listSearch } from './inspectionsLocation';
import { RejectDialog } from './RejectDialog';

/** What the edition shows of an inspection besides its facts: the forms feature's views of it. */
export interface InspectionReviewSlots {
  /** The inspection's header form. */
  renderHeaderForm?(inspectionId: number): ReactNode;
  /** Its observations, with their photos. */
  renderObservations?(inspectionId: number): ReactNode;
}

/** What the edition offers to do with the inspection besides deciding on it (Report…). */
export interface InspectionActionSlots {
  renderInspectionActions?(inspection: InspectionListRow): ReactNode;
}

const grade = (value: number | null) => (value === null ? 'Not scored' : String(value));

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Facts({ row }: { row: InspectionListRow }) {
  return (
    <dl className="mw-inspection-review__facts">
      <Fact label="Asset">{`${row.assetType} ${row.assetReadableId}`}</Fact>
      <Fact label="Inspected">
        <DateTimeText value={row.inspectedAt} />
      </Fact>
      <Fact label="Operator">{row.operator ?? '—'}</Fact>
      <Fact label="Project">{row.projectName ?? '—'}</Fact>
      <Fact label="District">{row.district ?? '—'}</Fact>
      <Fact label="Status">{STATUS_LABELS[row.status]}</Fact>
      <Fact label="Review">
        {row.review === 'accepted' ? 'Accepted' : row.review === 'rejected' ? 'Rejected' : 'Not reviewed yet'}
      </Fact>
      {row.review === 'rejected' && <Fact label="Reason">{row.reviewReason ?? '—'}</Fact>}
      {row.reviewedBy && (
        <Fact label="Reviewed">
          {row.reviewedBy}
          {row.reviewedAt && (
            <>
              {', '}
              <DateTimeText value={row.reviewedAt} />
            </>
          )}
        </Fact>
      )}
      <Fact label="Structural peak">{grade(row.structuralPeak)}</Fact>
      <Fact label="O&M peak">{grade(row.operationalPeak)}</Fact>
      <Fact label="Length surveyed">{row.lengthSurveyedM === null ? '—' : `${row.lengthSurveyedM} m`}</Fact>
      <Fact label="Observations">{row.observationCount}</Fact>
      <Fact label="Standard">{row.standardId}</Fact>
    </dl>
  );
}

function decided(command: 'accept' | 'reject', { changed, inspection }: InspectionCommandResult): NotificationInput {
  const asset = inspection.assetReadableId;
  if (command === 'accept')
    return changed
      ? {
          type: 'success',
          title: 'Inspection accepted',
          text: `The inspection of ${asset} is now its condition record.`,
        }
      : { type: 'info', title: 'Already accepted', text: `The inspection of ${asset} had already been accepted.` };
  return changed
    ? { type: 'success', title: 'Inspection rejected', text: `The inspection of ${asset} went back to the crew.` }
    : { type: 'info', title: 'Already rejected', text: `The inspection of ${asset} had already been rejected.` };
}

/**
 * One inspection under review: its facts, Accept and Reject for a reviewer while it is pending,
 * and the edition's header form and observations. A refused decision (409) is worded here, since
 * the global handling shows nothing for it, and the lists are asked again.
 */
export function InspectionReview({
  id,
  group,
  canReview,
  renderHeaderForm,
  renderObservations,
  renderInspectionActions,
}: {
  id: number;
  /** The list it was opened from. */
  group: InspectionGroup;
  canReview: boolean;
} & InspectionReviewSlots &
  InspectionActionSlots) {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const { currentData: row, isError: failed } = useGetInspectionQuery(id, { refetchOnMountOrArgChange: true });
  const [accept, { isLoading: accepting }] = useAcceptInspectionMutation();
  const [reject, { isLoading: rejectingNow }] = useRejectInspectionMutation();
  const [rejectOpen, setRejectOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = accepting || rejectingNow;

  const run = async (command: 'accept' | 'reject', send: () => Promise<InspectionCommandResult>) => {
    setRefusal(null);
    try {
      dispatch(showNotification(decided(command, await send())));
    } catch (error) {
      // Other failures are worded by the global handling (spec section 8).
      setRefusal(refusalMessage(error));
    }
  };
  const onAccept = (current: InspectionListRow) =>
    run('accept', () => accept({ id, version: current.version }).unwrap());
  const onReject = (current: InspectionListRow, reason: string) => {
    setRejectOpen(false);
    void run('reject', () => reject({ id, reason, version: current.version }).unwrap());
  };

  const back = (
    <Link to={listSearch(group)} className="mw-inspection-review__back">
      ← Back to the {GROUP_LABELS[group].toLowerCase()} inspections
    </Link>
  );

  if (!row) {
    return (
      <section className="mw-inspection-review" aria-label="Inspection review">
        {back}
        {failed ? <p role="alert">The inspection could not be loaded.</p> : <LoadingStatus />}
      </section>
    );
  }

  const decidable = canReview && row.status === 'pending';
  const extraActions = renderInspectionActions?.(row);
  return (
    <section className="mw-inspection-review" aria-labelledby={titleId}>
      {back}
      <div className="mw-inspection-review__summary">
        <div className="mw-inspection-review__heading">
          <h2 id={titleId}>
            Inspection of {row.assetType} {row.assetReadableId}
          </h2>
          {(decidable || extraActions) && (
            <div className="mw-inspection-review__actions">
              {extraActions}
              {decidable && (
                <>
                  <Button variant="primary" disabled={busy} onClick={() => void onAccept(row)}>
                    Accept
                  </Button>
                  <Button variant="danger" disabled={busy} onClick={() => setRejectOpen(true)}>
                    Reject
                  </Button>
                </>
              )}
            </div>
          )}
        </div>
        {refusal && (
          <p role="alert" className="mw-inspection-review__refusal">
            {refusal}
          </p>
        )}
        <Facts row={row} />
      </div>
      <div className="mw-inspection-review__records">
        {renderHeaderForm && <div className="mw-inspection-review__header-form">{renderHeaderForm(id)}</div>}
        {renderObservations && <div className="mw-inspection-review__observations">{renderObservations(id)}</div>}
      </div>
      {rejectOpen && (
        <RejectDialog
          assetLabel={row.assetReadableId}
          busy={busy}
          onReject={(reason) => onReject(row, reason)}
          onCancel={() => setRejectOpen(false)}
        />
      )}
    </section>
  );
}
