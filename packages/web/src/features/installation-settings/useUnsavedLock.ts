import { useEffect } from 'react';
import { useAppDispatch } from '../../shell/store/hooks';
import { acquireLock, releaseLock } from '../../shell/unsaved/unsavedSlice';

/** Holds the shell's unsaved-changes lock `name` while `dirty`, so leaving the page asks first. */
export function useUnsavedLock(name: string, dirty: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!dirty) return;
    dispatch(acquireLock(name));
    return () => {
      dispatch(releaseLock(name));
    };
  }, [dirty, name, dispatch]);
}
