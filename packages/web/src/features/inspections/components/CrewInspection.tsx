/**
 * The crew's own inspection: where it stands in the workflow (being recorded, waiting for the
 * office, accepted; the office's reason when it came back rejected), Complete inspection to send it
 * for review and Take back while the office has not decided, above its header form and
 * observations (the forms feature's, rendered by the edition).
 */
import { useId } from 'react';
import type { InspectionListRow } from '@manway/core/api/work';
import { confirm } from '../../../shell/confirm/confirm';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { LoadingStatus } from '../../../ui/Spinner';
import { useGetInspectionQuery } from '../api/inspection';
import {
  refusalMessage,
  useCrewInspectionCommandMutation,
  type CrewInspectionCommand,
} from '../api/inspectionCommands';
import type { InspectionActionSlots, InspectionReviewSlots } from './InspectionReview';
import './CrewInspection.css';

const COMPLETE_CONFIRM = {
  type: 'normal',
  title: 'Complete this inspection?',
  text: 'It goes to the office for review. You can take it back until the office has decided.',
  proceedButtonText: 'Complete inspection',
} as const;

function standing(row: InspectionListRow): { text: string; tone: 'working' | 'waiting' | 'done' | 'returned' } {
  if (row.status === 'completed') return { text: 'Accepted by the office', tone: 'done' };
  if (row.status === 'pending') return { text: 'Waiting for the office’s review', tone: 'waiting' };
  if (row.review === 'rejected') return { text: 'Rejected by the office', tone: 'returned' };
  return { text: 'Being recorded', tone: 'working' };
}

const grade = (value: number | null) => (value === null ? 'Not scored' : String(value));

export function CrewInspection({
  inspectionId,
  pageHeading = false,
  renderHeaderForm,
  renderObservations,
  renderInspectionActions,
}: {
  inspectionId: number;
  /** The page's own heading (an inspection outside any task), else a section of the task's page. */
  pageHeading?: boolean;
} & InspectionReviewSlots &
  InspectionActionSlots) {
  const titleId = useId();
  const dispatch = useAppDispatch();
  const { currentData: row, isError } = useGetInspectionQuery(inspectionId, { refetchOnMountOrArgChange: true });
  const [send, sending] = useCrewInspectionCommandMutation();

  if (isError) return <p role="alert">The inspection could not be loaded.</p>;
  if (!row) return <LoadingStatus />;
  const { text, tone } = standing(row);
  const Heading = pageHeading ? 'h1' : 'h2';

  const command = async (name: CrewInspectionCommand) => {
    if (name === 'complete' && !(await dispatch(confirm(COMPLETE_CONFIRM)))) return;
    try {
      const { changed } = await send({ id: row.id, command: name, version: row.version }).unwrap();
      if (changed && name === 'complete')
        dispatch(
          showNotification({
            type: 'success',
            title: 'Inspection completed',
            text: `The inspection of ${row.assetReadableId} is waiting for the office’s review.`,
          }),
        );
      if (changed && name === 'reopen')
        dispatch(showNotification({ type: 'info', title: 'Inspection taken back', text: 'You can change it again.' }));
    } catch (error) {
      const refused = refusalMessage(error);
      if (refused) dispatch(showNotification({ type: 'warning', title: 'Not changed', text: refused }));
    }
  };

  return (
    <section className="mw-crew-inspection" aria-labelledby={titleId}>
      <div className={`mw-crew-inspection__bar mw-crew-inspection__bar--${tone}`}>
        <div>
          <Heading id={titleId} className="mw-crew-inspection__title">
            Inspection of {row.assetType} {row.assetReadableId}
          </Heading>
          <p className="mw-crew-inspection__standing" data-testid="inspection-standing">
            {text}
          </p>
        </div>
        <dl className="mw-crew-inspection__facts">
          <dt>Started</dt>
          <dd>
            <DateTimeText value={row.inspectedAt} />
          </dd>
          <dt>Observations</dt>
          <dd>{row.observationCount}</dd>
          <dt>Structural peak</dt>
          <dd>{grade(row.structuralPeak)}</dd>
        </dl>
        {row.status === 'incomplete' && (
          <Button variant="primary" disabled={sending.isLoading} onClick={() => command('complete')}>
            Complete inspection
          </Button>
        )}
        {row.status === 'pending' && (
          <Button disabled={sending.isLoading} onClick={() => command('reopen')}>
            Take back
          </Button>
        )}
        {renderInspectionActions?.(row)}
      </div>
      {row.review === 'rejected' && row.status === 'incomplete' && (
        <p className="mw-crew-inspection__reason" role="alert">
          <strong>The office’s reason:</strong> {row.reviewReason ?? 'None given'}
        </p>
      )}
      {renderHeaderForm?.(row.id)}
      {renderObservations?.(row.id)}
    </section>
  );
}
