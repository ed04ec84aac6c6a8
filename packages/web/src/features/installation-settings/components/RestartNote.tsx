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

/**
 * The end of a settings form: Save (enabled once something changed), what is unsaved, a conflict's
 * and the server's messages that belong to no field, and after a save the restart note.
 */
export function SettingsFormFooter({
  dirty,
  saving,
  outcome,
  conflictText,
  messages,
}: {
  dirty: boolean;
  saving: boolean;
  outcome: 'saved' | 'conflict' | null | undefined;
  conflictText: string;
  messages: readonly (readonly [string, string])[];
}) {
  return (
    <>
      <div className="mw-installation-settings__actions">
        <Button type="submit" variant="primary" disabled={!dirty || saving}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
        {dirty && <span className="mw-installation-settings__unsaved">Unsaved changes</span>}
      </div>
      {outcome === 'conflict' && (
        <p className="mw-installation-settings__message" role="alert">
          {conflictText}
        </p>
      )}
      {messages.map(([key, message]) => (
        <p key={key} className="mw-installation-settings__message" role="alert">
          {message}
        </p>
      ))}
      {outcome === 'saved' && <RestartNote />}
    </>
  );
}
