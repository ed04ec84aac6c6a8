/**
 * Opening a shared link (/shared/{token} in the office and inspect editions): asks the server what
 * it shares and hands it to the edition, which shows it (an object on the map, a search's results,
 * a dashboard). Signed out, the edition has already sent the browser to sign in and back here. An
 * expired, revoked or unknown link, or one whose object is gone, says so with a way home.
 */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { SHARED_LINK_EXPIRED, SHARED_LINK_REVOKED, type ResolvedSharedLink } from '@manway/core/api/shared-links';
import { KNOWN_ERROR_MESSAGES, UNEXPECTED_ERROR, type ErrorMessage } from '../../../shell/errors/catalogue';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { LoadingStatus } from '../../../ui/Spinner';
import { useResolveSharedLinkQuery } from '../api/resolveSharedLink';
import './SharedLinks.css';

export const UNKNOWN_LINK: ErrorMessage = {
  title: 'This shared link does not exist',
  text: 'Check that the address was copied whole, or ask whoever shared it for a new link.',
};

interface Failure extends ErrorMessage {
  expiredAt?: string;
}

function failureOf(error: unknown): Failure {
  const { status, data } = (error ?? {}) as { status?: unknown; data?: unknown };
  const body = (typeof data === 'object' && data !== null ? data : {}) as {
    code?: unknown;
    message?: unknown;
    expiredAt?: unknown;
  };
  if (body.code === SHARED_LINK_EXPIRED) {
    return {
      ...KNOWN_ERROR_MESSAGES[SHARED_LINK_EXPIRED],
      expiredAt: typeof body.expiredAt === 'string' ? body.expiredAt : undefined,
    };
  }
  if (body.code === SHARED_LINK_REVOKED) return KNOWN_ERROR_MESSAGES[SHARED_LINK_REVOKED];
  // 400 for a token that cannot be one, 404 for one that is not, or whose object is gone (the server says which).
  if (status === 400) return UNKNOWN_LINK;
  if (status === 404) {
    const gone = typeof body.message === 'string' && /no longer exists/.test(body.message);
    return gone ? { title: body.message as string, text: 'It was deleted after the link was shared.' } : UNKNOWN_LINK;
  }
  return UNEXPECTED_ERROR;
}

export interface SharedLinkPageProps {
  /** What the edition shows for the link; it may also navigate away (to the map) at once. */
  renderTarget(link: ResolvedSharedLink, token: string): ReactNode;
}

export function SharedLinkPage({ renderTarget }: SharedLinkPageProps) {
  const { token = '' } = useParams();
  const resolved = useResolveSharedLinkQuery(token, { refetchOnMountOrArgChange: true });
  if (resolved.currentData) return renderTarget(resolved.currentData, token);
  if (!resolved.isError) return <LoadingStatus className="mw-page-loading" />;
  const failure = failureOf(resolved.error);
  return (
    <div className="mw-shared-link" role="alert" data-testid="shared-link-failure">
      <h1 className="mw-shared-link__title">{failure.title}</h1>
      {failure.expiredAt && (
        <p>
          It expired on <DateTimeText value={failure.expiredAt} />.
        </p>
      )}
      <p>{failure.text}</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  );
}

/** What a link shared, above what the edition shows of it. */
export function SharedLinkHeader({ link, children }: { link: ResolvedSharedLink; children?: ReactNode }) {
  return (
    <header className="mw-shared-link__header">
      <h1 className="mw-shared-link__title">{link.title}</h1>
      <p className="mw-shared-link__meta">
        Shared by {link.sharedBy} on <DateTimeText value={link.createdAt} show="date" />
        {link.expiresAt ? (
          <>
            {' '}
            · valid until <DateTimeText value={link.expiresAt} />
          </>
        ) : (
          ' · always valid'
        )}
      </p>
      {children}
    </header>
  );
}
