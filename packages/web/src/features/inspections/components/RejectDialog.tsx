import { useId, useState } from 'react';
import { Button } from '../../../ui/controls/Button';
import { Modal } from '../../../ui/modal/Modal';

/** The longest reason the server keeps (core's RejectInspectionRequest). */
export const REJECT_REASON_MAX_LENGTH = 2000;

/** Asks why an inspection goes back to the crew: the crew reads the reason, so it is required. */
export function RejectDialog({
  assetLabel,
  busy,
  onReject,
  onCancel,
}: {
  assetLabel: string;
  busy: boolean;
  onReject: (reason: string) => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const reasonId = useId();
  const hintId = useId();
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();

  return (
    <Modal labelledBy={titleId} onDismiss={onCancel} className="mw-reject-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed !== '' && !busy) onReject(trimmed);
        }}
      >
        <h2 id={titleId} className="mw-dialog__title">
          Reject the inspection of {assetLabel}
        </h2>
        <div className="mw-reject-dialog__field">
          <label htmlFor={reasonId}>Reason (required)</label>
          <textarea
            id={reasonId}
            className="mw-reject-dialog__reason"
            rows={5}
            required
            maxLength={REJECT_REASON_MAX_LENGTH}
            aria-describedby={hintId}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            autoFocus
          />
          <span id={hintId} className="mw-reject-dialog__hint">
            The crew sees this when the inspection comes back to them. {reason.length} / {REJECT_REASON_MAX_LENGTH}
          </span>
        </div>
        <div className="mw-dialog__actions">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={trimmed === '' || busy}>
            Reject
          </Button>
        </div>
      </form>
    </Modal>
  );
}
