/**
 * Share: makes a link to what the user sees (an object, a search as it ran, a dashboard) with a
 * validity of days or 'Always valid', then shows its address with Copy. Opening the link asks
 * whoever has it to sign in (spec section 6: shared data is 'only available for authenticated
 * users'). One dialog for every Share action.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { isModelStateBody } from '@manway/core/api/errors';
import { SHARED_LINK_TITLE_MAX, type CreateSharedLink, type SharedLink } from '@manway/core/api/shared-links';
import { NO_PERMISSIONS_TEXT, UNEXPECTED_ERROR } from '../../../shell/errors/catalogue';
import type { RequestFailureDetails } from '../../../shell/request/lifecycle';
import { Button } from '../../../ui/controls/Button';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { Modal } from '../../../ui/modal/Modal';
import { useCreateSharedLinkMutation } from '../api/createSharedLink';
import { copyText } from '../copyText';
import {
  ALWAYS_VALID,
  DEFAULT_VALIDITY,
  linkUrl,
  VALIDITY_OPTIONS,
  validityDaysOf,
  type ValidityChoice,
} from '../sharedLinkTexts';
import './SharedLinks.css';

export interface ShareDialogProps {
  target: CreateSharedLink['target'];
  /** The link's title to start from ("Node MH-1023"); the user may change it. */
  defaultTitle: string;
  /** What is shared, in a few words under the dialog's title. */
  subject: string;
  onClose(): void;
}

type FieldErrors = Partial<Record<'title' | 'validityDays' | 'form', string>>;

function isFailure(error: unknown): error is RequestFailureDetails {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';
}

/** A 400's messages at the fields they name; what is wrong with the target, and anything else, under the form. */
function errorsOf(error: unknown): FieldErrors {
  if (!isFailure(error)) return { form: UNEXPECTED_ERROR.text };
  if (error.status === 403) return { form: NO_PERMISSIONS_TEXT };
  if (error.status !== 400 || !isModelStateBody(error.data)) return { form: UNEXPECTED_ERROR.title };
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.data.ModelState)) {
    const key = field === 'title' || field === 'validityDays' ? field : 'form';
    errors[key] = [errors[key], ...messages].filter(Boolean).join(' ');
  }
  return errors;
}

export function ShareDialog({ target, defaultTitle, subject, onClose }: ShareDialogProps) {
  const titleId = useId();
  const subjectId = useId();
  const inputId = useId();
  const [title, setTitle] = useState(defaultTitle.slice(0, SHARED_LINK_TITLE_MAX));
  const [validity, setValidity] = useState<ValidityChoice>(DEFAULT_VALIDITY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [made, setMade] = useState<SharedLink | null>(null);
  const [create, creating] = useCreateSharedLinkMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') {
      setErrors({ title: 'Enter a title.' });
      return;
    }
    setErrors({});
    try {
      setMade(await create({ target, title: title.trim(), validityDays: validityDaysOf(validity) }).unwrap());
    } catch (error) {
      setErrors(errorsOf(error));
    }
  };

  return (
    <Modal labelledBy={titleId} describedBy={subjectId} onDismiss={onClose}>
      <h2 id={titleId} className="mw-dialog__title">
        Share
      </h2>
      <p id={subjectId} className="mw-share__subject">
        {subject}
      </p>
      {made?.path ? (
        <ShareMade link={made} onClose={onClose} />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <div className="mw-share__field">
            <label htmlFor={inputId}>Title</label>
            <input
              id={inputId}
              className="mw-compact-input"
              value={title}
              maxLength={SHARED_LINK_TITLE_MAX}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={errors.title ? `${inputId}-error` : undefined}
              onChange={(e) => setTitle(e.target.value)}
            />
            {errors.title && (
              <p id={`${inputId}-error`} className="mw-share__error">
                {errors.title}
              </p>
            )}
          </div>
          <fieldset className="mw-share__validity">
            <legend>Valid for</legend>
            {VALIDITY_OPTIONS.map((option) => (
              <label key={option.value} className="mw-share__choice">
                <input
                  type="radio"
                  name="validity"
                  value={option.value}
                  checked={validity === option.value}
                  onChange={() => setValidity(option.value)}
                />
                {option.label}
              </label>
            ))}
            {errors.validityDays && <p className="mw-share__error">{errors.validityDays}</p>}
          </fieldset>
          <p className="mw-share__hint">Whoever opens the link must sign in to see it.</p>
          {errors.form && (
            <p className="mw-share__error" role="alert">
              {errors.form}
            </p>
          )}
          <div className="mw-dialog__actions">
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={creating.isLoading}>
              Create link
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** The link made: its address to copy, and until when it is valid. */
function ShareMade({ link, onClose }: { link: SharedLink; onClose(): void }) {
  const urlId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const url = linkUrl(link.path!);
  return (
    <>
      <div className="mw-share__field">
        <label htmlFor={urlId}>Link</label>
        <div className="mw-share__url">
          <input
            id={urlId}
            ref={field}
            className="mw-compact-input"
            value={url}
            readOnly
            data-testid="shared-link-url"
            onFocus={(e) => e.target.select()}
          />
          <Button variant="primary" onClick={() => void copyText(url, field.current).then(setCopied)}>
            Copy
          </Button>
        </div>
        <p className="mw-share__hint" role="status">
          {copied === true ? 'Link copied.' : copied === false ? 'Press Ctrl+C to copy the selected link.' : ''}
        </p>
      </div>
      <p className="mw-share__validity-text">
        {link.expiresAt ? (
          <>
            Valid until <DateTimeText value={link.expiresAt} />
          </>
        ) : (
          ALWAYS_VALID
        )}
      </p>
      <div className="mw-dialog__actions">
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      </div>
    </>
  );
}
