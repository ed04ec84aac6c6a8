import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirm } from '../confirm/confirm';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { DISCARD_CHANGES_CONFIRM } from './discardConfirm';
import { releaseAllLocks, selectHasUnsavedChanges } from './unsavedSlice';

/**
 * The in-app half of the unsaved-changes lock: moving to another route while a lock is held asks
 * first, and confirming discards the locks. Leaving the page altogether is watchUnsavedChanges' job.
 */
export function UnsavedChangesGuard() {
  const dispatch = useAppDispatch();
  const hasUnsavedChanges = useAppSelector(selectHasUnsavedChanges);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasUnsavedChanges && currentLocation.pathname !== nextLocation.pathname,
  );
  // The blocker object is replaced on every render; the answer must reach the current one.
  const blockerRef = useRef(blocker);
  useEffect(() => {
    blockerRef.current = blocker;
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // A re-run (StrictMode does one) replaces the question; only the latest answer counts.
    let latest = true;
    void dispatch(confirm(DISCARD_CHANGES_CONFIRM)).then((discard) => {
      const current = blockerRef.current;
      if (!latest || current.state !== 'blocked') return;
      if (discard) {
        dispatch(releaseAllLocks());
        current.proceed();
      } else {
        current.reset();
      }
    });
    return () => {
      latest = false;
    };
  }, [blocker.state, dispatch]);

  return null;
}
