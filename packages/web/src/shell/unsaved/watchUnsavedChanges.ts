import type { RootState } from '../store/rootReducer';
import { selectHasUnsavedChanges } from './unsavedSlice';

interface StoreLike {
  getState(): RootState;
  subscribe(listener: () => void): () => void;
}

type WindowLike = Pick<Window, 'addEventListener' | 'removeEventListener'>;

function warnBeforeLeaving(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Older Chromium and Safari show the prompt only when returnValue is set.
  event.returnValue = '';
}

/**
 * While any unsaved-changes lock is held, leaving the page makes the browser ask first. The
 * listener is added and removed from a store subscription, not a React effect, so that releasing
 * the locks right before a redirect takes effect before the browser fires beforeunload; and it is
 * only present while needed, which keeps the page eligible for the back/forward cache.
 */
export function watchUnsavedChanges(store: StoreLike, target: WindowLike = window): () => void {
  let warning = false;
  const sync = () => {
    const needed = selectHasUnsavedChanges(store.getState());
    if (needed === warning) return;
    warning = needed;
    if (needed) target.addEventListener('beforeunload', warnBeforeLeaving);
    else target.removeEventListener('beforeunload', warnBeforeLeaving);
  };
  sync();
  const unsubscribe = store.subscribe(sync);
  return () => {
    unsubscribe();
    if (warning) target.removeEventListener('beforeunload', warnBeforeLeaving);
  };
}
