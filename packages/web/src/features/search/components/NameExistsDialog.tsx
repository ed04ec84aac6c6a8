import { useId } from 'react';
import { KNOWN_ERROR_MESSAGES } from '../../../shell/errors/catalogue';
import { Button } from '../../../ui/controls/Button';
import { Modal } from '../../../ui/modal/Modal';

/** The catalogue's 'Filter name already exists', shown instead of asking the server. */
export function NameExistsDialog({ onClose }: { onClose(): void }) {
  const titleId = useId();
  const textId = useId();
  const message = KNOWN_ERROR_MESSAGES['filter/name-exists'];
  return (
    <Modal role="alertdialog" labelledBy={titleId} describedBy={textId} onDismiss={onClose}>
      <h2 id={titleId} className="mw-dialog__title">
        {message.title}
      </h2>
      <p id={textId}>{message.text}</p>
      <div className="mw-dialog__actions">
        <Button variant="primary" onClick={onClose}>
          OK
        </Button>
      </div>
    </Modal>
  );
}
