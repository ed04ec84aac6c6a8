import { EDITION_NAMES } from '@manway/core/editions';
import { PRODUCT_VERSION } from '../version';
import { useEditModeAvailable } from '../editMode';
import { useRuntimeConfig } from '../runtimeConfigContext';
import { useAppSelector } from '../store/hooks';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** Who is signed in and what they may do, as the server reported it in the general settings. */
export function AboutPage() {
  const { edition } = useRuntimeConfig();
  const settings = useAppSelector((state) => state.settings.data);
  const editModeAvailable = useEditModeAvailable();

  return (
    <section aria-labelledby="about-title">
      <h1 id="about-title">About Manway</h1>
      <p className="mw-page__lead">Version details and your account for this session.</p>
      <dl className="mw-facts">
        <dt>Version</dt>
        <dd data-testid="about-version">{PRODUCT_VERSION}</dd>
        <dt>Edition</dt>
        <dd>{EDITION_NAMES[edition]}</dd>
        {settings && (
          <>
            <dt>Signed in as</dt>
            <dd data-testid="about-user">{settings.user.displayName}</dd>
            <dt>Login</dt>
            <dd data-testid="about-login">{settings.user.login}</dd>
            <dt>Editor permissions</dt>
            <dd data-testid="about-editor-permissions">{yesNo(settings.user.hasEditorPermissions)}</dd>
            <dt>Mode</dt>
            <dd data-testid="about-mode">{settings.mode === 'editor' ? 'Editor' : 'Viewer'}</dd>
            <dt>Edit mode available</dt>
            <dd data-testid="about-edit-mode">{yesNo(editModeAvailable)}</dd>
            <dt>Guest</dt>
            <dd data-testid="about-guest">{yesNo(settings.isGuest)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
