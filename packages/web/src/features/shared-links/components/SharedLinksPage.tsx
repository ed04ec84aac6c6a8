/**
 * My shared links: each link the user made, what it shares, when it was made and until when it is
 * valid, whether it is active, expired or revoked, with Copy link and Revoke. With `everyone` (an
 * administrator's page in the settings edition) it lists every user's links, with their owners; a
 * link's address is its owner's alone, so others' have no Copy link.
 */
import { useRef, useState } from 'react';
import {
  SHARED_LINK_KIND_LABELS,
  SHARED_LINK_STATUS_LABELS,
  type SharedLink,
  type SharedLinkSubject,
} from '@manway/core/api/shared-links';
import { confirm } from '../../../shell/confirm/confirm';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { LoadingStatus } from '../../../ui/Spinner';
import { useRevokeSharedLinkMutation } from '../api/revokeSharedLink';
import { useGetSharedLinksQuery } from '../api/sharedLinks';
import { copyText } from '../copyText';
import { ALWAYS_VALID, linkUrl } from '../sharedLinkTexts';
import '../../../ui/table/table.css';
import './SharedLinks.css';

export const NO_LINKS_TEXT = 'You have not shared anything yet. Use Share… on an object, a search or a dashboard.';

/** What a link shares, in a few words. */
export function subjectText(subject: SharedLinkSubject): string {
  switch (subject.kind) {
    case 'object':
      return `${subject.objectType}, id ${subject.objectId}`;
    case 'search':
      return subject.savedName ? `Filter ${subject.savedName}` : `${subject.objectType} search`;
    case 'dashboard':
      return subject.name ?? 'Deleted dashboard';
  }
}

export function SharedLinksPage({ everyone = false }: { everyone?: boolean }) {
  const list = useGetSharedLinksQuery({ all: everyone });
  const links = list.data ?? [];
  return (
    <div className="mw-shared-links">
      <h1 className="mw-shared-links__title">{everyone ? 'Shared links' : 'My shared links'}</h1>
      <p className="mw-page__lead">
        Links to objects, searches and dashboards{everyone ? ' shared by everyone' : ' you shared'}. Only signed-in
        users can open them; revoke a link to stop it working at once.
      </p>
      {list.isError ? (
        <p role="alert">The shared links could not be loaded.</p>
      ) : !list.data ? (
        <LoadingStatus className="mw-page-loading" />
      ) : links.length === 0 ? (
        <p className="mw-shared-links__empty">{everyone ? 'Nobody has shared anything yet.' : NO_LINKS_TEXT}</p>
      ) : (
        <div className="mw-table-wrap">
          <table className="mw-table mw-shared-links__table" aria-label="Shared links">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Kind</th>
                {everyone && <th scope="col">Shared by</th>}
                <th scope="col">Created</th>
                <th scope="col">Expires</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="mw-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <LinkRow key={link.id} link={link} showOwner={everyone} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function LinkRow({ link, showOwner }: { link: SharedLink; showOwner: boolean }) {
  const dispatch = useAppDispatch();
  const [revoke, revoking] = useRevokeSharedLinkMutation();
  const field = useRef<HTMLInputElement>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const url = link.path ? linkUrl(link.path) : null;

  const copy = async () => {
    if (!url) return;
    const copied = await copyText(url, field.current);
    setCopyFailed(!copied);
    if (copied) dispatch(showNotification({ type: 'success', title: 'Link copied', text: link.title }));
  };
  const revokeLink = async () => {
    const yes = await dispatch(
      confirm({
        title: 'Revoke this shared link?',
        text: `“${link.title}” stops working at once: whoever opens it is told it was revoked. This cannot be undone.`,
        proceedButtonText: 'Revoke',
      }),
    );
    // A refusal has told the user through the global handling.
    if (yes) await revoke({ id: link.id }).catch(() => {});
  };

  return (
    <tr data-status={link.status}>
      <td>
        <span className="mw-shared-links__link-title">{link.title}</span>
        <span className="mw-shared-links__subject">{subjectText(link.subject)}</span>
        {copyFailed && url && (
          <input
            ref={field}
            className="mw-compact-input mw-shared-links__url"
            value={url}
            readOnly
            autoFocus
            aria-label={`Link of ${link.title}`}
            onFocus={(e) => e.target.select()}
          />
        )}
      </td>
      <td>{SHARED_LINK_KIND_LABELS[link.subject.kind]}</td>
      {showOwner && <td>{link.owner.displayName}</td>}
      <td>
        <DateTimeText value={link.createdAt} />
      </td>
      <td>{link.expiresAt ? <DateTimeText value={link.expiresAt} /> : ALWAYS_VALID}</td>
      <td>
        <span className={`mw-shared-links__status mw-shared-links__status--${link.status}`}>
          {SHARED_LINK_STATUS_LABELS[link.status]}
        </span>
      </td>
      <td className="mw-shared-links__actions">
        {url && link.status === 'active' && (
          <Button variant="ghost" aria-label={`Copy link of ${link.title}`} onClick={() => void copy()}>
            Copy link
          </Button>
        )}
        {link.status !== 'revoked' && (
          <Button
            variant="ghost"
            aria-label={`Revoke ${link.title}`}
            disabled={revoking.isLoading}
            onClick={() => void revokeLink()}
          >
            Revoke
          </Button>
        )}
      </td>
    </tr>
  );
}
