import { useId, useState } from 'react';
import { ChevronDownIcon, ChevronRightIcon } from '../../../ui/controls/icons';
import type { MediaObject } from '../api/media';
import { MediaGallery } from './MediaGallery';

/**
 * An object's gallery under a heading that folds it away, for pages where it sits among other
 * sections. It is asked for when first unfolded and then stays, folded or not, so uploads on their
 * way go on while it is folded.
 */
export function MediaSection({
  object,
  title = 'Media',
  defaultOpen = false,
}: {
  object: MediaObject;
  title?: string;
  defaultOpen?: boolean;
}) {
  const bodyId = useId();
  const [open, setOpen] = useState(defaultOpen);
  const [everOpened, setEverOpened] = useState(defaultOpen);
  return (
    <section className="mw-media-section" aria-label={title} data-testid="media-section">
      <h3 className="mw-media-section__title">
        <button
          type="button"
          className="mw-media-section__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => {
            setOpen(!open);
            setEverOpened(true);
          }}
        >
          {open ? <ChevronDownIcon /> : <ChevronRightIcon />}
          {title}
        </button>
      </h3>
      <div id={bodyId} hidden={!open}>
        {everOpened && <MediaGallery object={object} />}
      </div>
    </section>
  );
}
