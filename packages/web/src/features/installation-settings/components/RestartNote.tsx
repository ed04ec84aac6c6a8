import { restartWebApp } from '../../../shell/account/account';
import { RESTART_BUTTON_TEXT } from '../../../shell/errors/ErrorPage';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';

export const RESTART_NOTE_TEXT =
  'Saved. Pages already open keep the settings they loaded: they use the new ones once restarted.';

/** After a save (main-app section 8, "Structure or settings changed"): open pages need a restart. */
export function RestartNote() {
  const dispatch = useAppDispatch();
  return (
    <div className="mw-installation-settings__restart" role="status">
      <p>{RESTART_NOTE_TEXT}</p>
      <Button onClick={() => dispatch(restartWebApp())}>{RESTART_BUTTON_TEXT}</Button>
    </div>
  );
}
