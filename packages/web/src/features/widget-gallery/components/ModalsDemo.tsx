import { useId, useState } from 'react';
import { Button } from '../../../ui/controls/Button';
import { BoundedModal, Modal } from '../../../ui/modal/Modal';
import { GallerySection } from './GallerySection';

const CHECKLIST = [
  'Cover and frame seated, no rocking',
  'Step irons present and sound',
  'Benching intact, no scour',
  'Channel free of debris',
  'No infiltration at joints',
  'No root intrusion',
  'Inlet pipes flowing freely',
  'Outlet pipe flowing freely',
  'No signs of surcharging',
  'Ventilation clear',
  'Safety chain in place',
  'Ladder secured',
  'Gas reading within limits',
  'Flow survey not required',
  'Photographs taken of every wall',
  'Depth to invert measured',
  'Cover level measured',
  'Access for jetting unit confirmed',
];

function PlainModal({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const [nested, setNested] = useState(false);
  return (
    <Modal labelledBy={titleId} describedBy={textId} onDismiss={onClose}>
      <h2 id={titleId} className="mw-dialog__title">
        Plain modal
      </h2>
      <p id={textId}>
        Focus moved in and stays inside while it is open: Tab and Shift+Tab wrap. Escape, Close or a click on the shaded
        backdrop closes it, and focus returns to the button that opened it.
      </p>
      <div className="mw-dialog__actions">
        <Button onClick={() => setNested(true)}>Open a modal on top</Button>
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      </div>
      {nested && <NestedModal onClose={() => setNested(false)} />}
    </Modal>
  );
}

function NestedModal({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  return (
    <Modal labelledBy={titleId} onDismiss={onClose}>
      <h2 id={titleId} className="mw-dialog__title">
        Nested modal
      </h2>
      <p>Escape closes this one only; the modal underneath stays open and gets focus back.</p>
      <div className="mw-dialog__actions">
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Modal>
  );
}

export function ModalsDemo() {
  const [open, setOpen] = useState<'plain' | 'bounded' | null>(null);
  const close = () => setOpen(null);
  return (
    <GallerySection
      id="modals"
      title="Modals"
      files={[
        ['Modal', 'ui/modal/Modal.tsx'],
        ['BoundedModal', 'ui/modal/Modal.tsx'],
      ]}
      description="Plain and bounded modals. They trap and restore focus and close on Escape or on a click or tap that starts outside. A bounded modal keeps its title and footer in place and scrolls only its body."
    >
      <div className="mw-gallery-row">
        <Button onClick={() => setOpen('plain')}>Open modal</Button>
        <Button onClick={() => setOpen('bounded')}>Open bounded modal</Button>
      </div>
      {open === 'plain' && <PlainModal onClose={close} />}
      {open === 'bounded' && (
        <BoundedModal
          title="Manhole inspection checklist"
          maxWidth="30rem"
          maxHeight="70vh"
          onDismiss={close}
          footer={
            <>
              <Button onClick={close}>Cancel</Button>
              <Button variant="primary" onClick={close}>
                Done
              </Button>
            </>
          }
        >
          <ol className="mw-gallery-checklist">
            {CHECKLIST.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ol>
        </BoundedModal>
      )}
    </GallerySection>
  );
}
