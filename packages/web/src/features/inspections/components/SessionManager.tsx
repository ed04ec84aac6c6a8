/**
 * The session manager: the crew member's running inspection session (since when, which camera, how
 * many inspections so far) with End session, or, when none runs, Start session for one of their
 * assignments. Inspections created meanwhile are recorded in it. The camera left empty is the one
 * of the user's inspection profile, which the server fills in.
 */
import { useId, useState } from 'react';
import type { InspectionSessionSummary } from '@manway/core/api/work';
import { confirm } from '../../../shell/confirm/confirm';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { TextField } from '../../../ui/fields/TextField';
import { SelectField } from '../../../ui/form/SelectField';
import { LoadingStatus } from '../../../ui/Spinner';
import { refusalMessage } from '../api/inspectionCommands';
import { useEndSessionMutation, useGetOpenSessionsQuery, useStartSessionMutation } from '../api/sessions';
import './SessionManager.css';

/** An assignment the crew member may start a session for, as the edition names it. */
export interface SessionAssignment {
  id: number;
  label: string;
}

const END_SESSION_CONFIRM = {
  type: 'normal',
  title: 'End this session?',
  text: 'Inspections recorded from now on are not part of it. Start a new session for the next stretch of work.',
  proceedButtonText: 'End session',
} as const;

function RunningSession({ session }: { session: InspectionSessionSummary }) {
  const dispatch = useAppDispatch();
  const [endSession, ending] = useEndSessionMutation();
  const end = async () => {
    if (!(await dispatch(confirm(END_SESSION_CONFIRM)))) return;
    try {
      await endSession({ id: session.id, version: session.version }).unwrap();
      dispatch(
        showNotification({ type: 'success', title: 'Session ended', text: 'Your inspection session has ended.' }),
      );
    } catch (error) {
      const refused = refusalMessage(error);
      if (refused) dispatch(showNotification({ type: 'warning', title: 'Session not ended', text: refused }));
    }
  };
  const count = session.inspectionCount;
  return (
    <div className="mw-session mw-session--running" data-testid="session-running">
      <p className="mw-session__status">
        <span className="mw-session__dot" aria-hidden="true" />
        Session running
      </p>
      <dl className="mw-session__facts">
        <dt>Since</dt>
        <dd>
          <DateTimeText value={session.startedAt} />
        </dd>
        <dt>Camera</dt>
        <dd>{session.camera ?? 'None'}</dd>
        <dt>Inspections</dt>
        <dd>{count}</dd>
      </dl>
      <Button onClick={end} disabled={ending.isLoading}>
        End session
      </Button>
    </div>
  );
}

function StartSessionForm({ assignments }: { assignments: readonly SessionAssignment[] }) {
  const dispatch = useAppDispatch();
  const formId = useId();
  const [assignmentId, setAssignmentId] = useState<string | null>(null);
  const [camera, setCamera] = useState<string | null>(null);
  const [startSession, starting] = useStartSessionMutation();
  // The only assignment there is needs no choosing.
  const chosen = assignmentId ?? (assignments.length === 1 ? String(assignments[0]!.id) : null);

  const start = async () => {
    try {
      await startSession({
        ...(chosen ? { assignmentId: Number(chosen) } : {}),
        ...(camera?.trim() ? { camera: camera.trim() } : {}),
      }).unwrap();
      dispatch(
        showNotification({ type: 'success', title: 'Session started', text: 'New inspections are recorded in it.' }),
      );
    } catch (error) {
      const refused = refusalMessage(error);
      if (refused) dispatch(showNotification({ type: 'warning', title: 'Session not started', text: refused }));
    }
  };

  return (
    <form
      id={formId}
      className="mw-session"
      aria-label="Start an inspection session"
      onSubmit={(event) => {
        event.preventDefault();
        void start();
      }}
    >
      <p className="mw-session__status">No session running</p>
      {assignments.length > 0 && (
        <SelectField
          label="Assignment"
          options={assignments.map((a) => ({ id: String(a.id), value: a.label }))}
          value={chosen}
          onChange={setAssignmentId}
        />
      )}
      <TextField
        label="Camera"
        value={camera}
        onChange={setCamera}
        hint="Left empty: the camera of your inspection profile."
        rules={{ maxLength: 200 }}
      />
      <Button type="submit" variant="primary" disabled={starting.isLoading}>
        Start session
      </Button>
    </form>
  );
}

export function SessionManager({ assignments }: { assignments: readonly SessionAssignment[] }) {
  const titleId = useId();
  const { currentData: open, isError } = useGetOpenSessionsQuery(undefined, { refetchOnMountOrArgChange: true });
  const running = open?.[0];
  return (
    <section className="mw-session-manager" aria-labelledby={titleId}>
      <h2 id={titleId} className="mw-session-manager__title">
        Inspection session
      </h2>
      {isError ? (
        <p role="alert">The session could not be loaded.</p>
      ) : !open ? (
        <LoadingStatus />
      ) : running ? (
        <RunningSession session={running} />
      ) : (
        <StartSessionForm assignments={assignments} />
      )}
    </section>
  );
}
