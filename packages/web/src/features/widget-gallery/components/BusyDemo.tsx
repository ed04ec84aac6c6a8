import { useEffect, useRef } from 'react';
import { hideSpinner, showSpinner } from '../../../shell/busy/busySlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { GallerySection } from './GallerySection';

const BUSY_DEMO_MS = 2000;

export function BusyDemo() {
  const dispatch = useAppDispatch();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Leaving the page mid-demo must not leave the whole app covered.
  useEffect(
    () => () => {
      if (timer.current === undefined) return;
      clearTimeout(timer.current);
      dispatch(hideSpinner());
    },
    [dispatch],
  );

  const showFor2Seconds = (message?: string) => {
    clearTimeout(timer.current);
    dispatch(showSpinner(message));
    timer.current = setTimeout(() => {
      timer.current = undefined;
      dispatch(hideSpinner());
    }, BUSY_DEMO_MS);
  };

  return (
    <GallerySection
      id="busy"
      title="Busy overlay"
      files={[
        ['BusyOverlay', 'shell/busy/BusyOverlay.tsx'],
        ['showSpinner / hideSpinner', 'shell/busy/busySlice.ts'],
      ]}
      description="Covers the whole app while something must finish before the user may go on, such as signing out. showSpinner() without a message says 'Please wait a few seconds'. Here it hides itself after 2 seconds."
    >
      <div className="mw-gallery-row">
        <Button onClick={() => showFor2Seconds()}>Show with the default message</Button>
        <Button onClick={() => showFor2Seconds('Preparing the report…')}>Show with a message</Button>
      </div>
    </GallerySection>
  );
}
