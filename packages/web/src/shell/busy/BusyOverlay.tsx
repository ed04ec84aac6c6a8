import { Spinner } from '../../ui/Spinner';
import { useAppSelector } from '../store/hooks';
import './BusyOverlay.css';

/** Covers the whole app while something must finish before the user may go on (e.g. signing out). */
export function BusyOverlay() {
  const message = useAppSelector((state) => state.busy.message);
  if (message === null) return null;
  return (
    <div className="mw-busy" role="status" aria-live="polite" aria-busy="true" data-testid="busy-overlay">
      <Spinner size="large" />
      <p>{message}</p>
    </div>
  );
}
