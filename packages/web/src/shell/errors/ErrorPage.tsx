import { Button } from '../../ui/controls/Button';
import type { ErrorInfo } from './errorPageSlice';
import { DEFAULT_CONTACT_MESSAGE } from './errorPages';
import './ErrorPage.css';

export const RESTART_BUTTON_TEXT = 'Restart Web App';
export const LIMIT_REACHED_BUTTON_TEXT = 'Try again';
export const LOG_OFF_BUTTON_TEXT = 'Log off';
export const MAIN_PAGE_LINK_TEXT = 'Go to the main page';

export interface ErrorPageProps {
  info: ErrorInfo;
  /** The application base address, where the main-page link leads. */
  baseUrl: string;
  onRestart?: () => void;
  onLimitReached?: () => void;
  onLogOff?: () => void;
}

/**
 * The page every unrecoverable problem ends on. A button appears only when the record asks for it
 * and there is something to run, so the crash page, drawn without the store, offers just the link.
 */
export function ErrorPage({ info, baseUrl, onRestart, onLimitReached, onLogOff }: ErrorPageProps) {
  const contactMessage = info.contactMessage === undefined ? DEFAULT_CONTACT_MESSAGE : info.contactMessage;
  const showRestart = Boolean(info.isRestartButton && onRestart);
  const showLimitReached = Boolean(info.isLimitReachedButton && onLimitReached);
  const showLogOff = Boolean(info.showLogOffButton && onLogOff);
  const hasActions = showRestart || showLimitReached || showLogOff || Boolean(info.isFatalErrorOccured);
  return (
    <main className="mw-error-page" data-testid="error-page">
      <div className="mw-error-page__card">
        <p className="mw-error-page__product">Manway</p>
        <h1 className="mw-error-page__title">{info.title}</h1>
        <p>{info.description}</p>
        {info.caution && <p className="mw-error-page__caution">{info.caution}</p>}
        {contactMessage && <p className="mw-error-page__contact">{contactMessage}</p>}
        {hasActions && (
          <div className="mw-error-page__actions">
            {showRestart && (
              <Button variant="primary" onClick={onRestart}>
                {RESTART_BUTTON_TEXT}
              </Button>
            )}
            {showLimitReached && (
              <Button variant="primary" onClick={onLimitReached}>
                {LIMIT_REACHED_BUTTON_TEXT}
              </Button>
            )}
            {showLogOff && <Button onClick={onLogOff}>{LOG_OFF_BUTTON_TEXT}</Button>}
            {info.isFatalErrorOccured && <a href={baseUrl}>{MAIN_PAGE_LINK_TEXT}</a>}
          </div>
        )}
      </div>
    </main>
  );
}
