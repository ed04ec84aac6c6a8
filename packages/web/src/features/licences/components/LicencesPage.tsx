/**
 * The settings edition's Licences page (main-app sections 6 and 7 "Seats"): each application's
 * seat limit and expiry, how many of its seats are in use, and who holds them, with the means to
 * free a seat someone left behind. Seats change as people come and go, so both are read again every
 * POLL_MS and on Refresh.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { isModelStateBody } from '@manway/core/api/errors';
import {
  LICENCE_APPLICATION_NAMES,
  SEAT_LIMIT_MAX,
  type Licence,
  type LicenceApplication,
  type SeatInUse,
} from '@manway/core/api/licensing';
import { confirm } from '../../../shell/confirm/confirm';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import type { RequestFailureDetails } from '../../../shell/request/lifecycle';
import { useAppDispatch } from '../../../shell/store/hooks';
import { acquireLock, releaseLock } from '../../../shell/unsaved/unsavedSlice';
import { Button } from '../../../ui/controls/Button';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { IntegerField } from '../../../ui/fields/IntegerField';
import { FieldFrame } from '../../../ui/form/FieldFrame';
import { LoadingStatus } from '../../../ui/Spinner';
import { useFreeSeatMutation } from '../api/freeSeat';
import { POLL_MS, useGetLicencesQuery } from '../api/licences';
import { useSaveLicenceMutation } from '../api/saveLicence';
import { useGetSeatsInUseQuery } from '../api/seatsInUse';
import { expiryStatus, expiryText } from '../licenceExpiry';
import { ServerInstancesSection } from './ServerInstancesSection';
import '../../../ui/table/table.css';
import './LicencesPage.css';

export const CONFLICT_TEXT = 'Another administrator changed this licence. It has been reloaded.';
export const NOT_SEATED_TEXT = 'No seats: administrators always get in';

/** What a licence's form edits; expiresAt '' is "never". */
interface LicenceValues {
  seats: number | null;
  expiresAt: string;
}

/** Edits under way, and the licence as read when they began: its version is the one saved against. */
interface Draft extends LicenceValues {
  base: Licence;
}

type FieldErrors = Partial<Record<'seats' | 'expiresAt' | 'form', string>>;

const valuesOf = (licence: Licence): LicenceValues => ({ seats: licence.seats, expiresAt: licence.expiresAt ?? '' });
const sameValues = (a: LicenceValues, b: LicenceValues) => a.seats === b.seats && a.expiresAt === b.expiresAt;

function isFailure(error: unknown): error is RequestFailureDetails {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';
}

/** A 400's messages at the fields they name; anything else's under the form. */
function fieldErrors(data: unknown): FieldErrors | null {
  if (!isModelStateBody(data)) return null;
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(data.ModelState)) {
    const at = key === 'seats' || key === 'expiresAt' ? key : 'form';
    const text = messages.join(' ');
    errors[at] = errors[at] ? `${errors[at]} ${text}` : text;
  }
  return errors;
}

export function LicencesPage() {
  const licences = useGetLicencesQuery(undefined, { pollingInterval: POLL_MS, refetchOnMountOrArgChange: true });
  const seated = licences.data?.filter((licence) => licence.seated) ?? [];
  const [chosen, setChosen] = useState<LicenceApplication | null>(null);
  const application = chosen ?? seated[0]?.application ?? null;
  const seats = useGetSeatsInUseQuery(application ?? skipToken, {
    pollingInterval: POLL_MS,
    refetchOnMountOrArgChange: true,
  });
  // Expiry is counted from when the licences were read, so the page says what that read showed.
  const readAt = licences.fulfilledTimeStamp ?? 0;

  const refresh = () => {
    void licences.refetch();
    if (application !== null) void seats.refetch();
  };

  return (
    <div className="mw-licences">
      <div className="mw-licences__header">
        <h1 className="mw-licences__title">Licences</h1>
        <Button onClick={refresh}>Refresh</Button>
      </div>
      <p className="mw-page__lead">
        The seats and expiry of each Manway application, and who holds a seat now. A page takes a seat when it opens and
        gives it back when it closes.
      </p>

      {licences.data ? (
        <ul className="mw-licences__list" aria-label="Licences">
          {licences.data.map((licence) => (
            <li key={licence.application}>
              <LicenceCard licence={licence} readAt={readAt} />
            </li>
          ))}
        </ul>
      ) : licences.isError ? (
        <p role="alert">The licences could not be loaded. Please try refreshing the page.</p>
      ) : (
        <LoadingStatus className="mw-page-loading" />
      )}

      {application !== null && (
        <SeatsInUse
          applications={seated.map((licence) => licence.application)}
          application={application}
          onChoose={setChosen}
          // The chosen application's seats only: another's stay out while its own load.
          seats={seats.currentData}
          failed={seats.isError}
        />
      )}

      <ServerInstancesSection />
    </div>
  );
}

function LicenceCard({ licence, readAt }: { licence: Licence; readAt: number }) {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const [save, saving] = useSaveLicenceMutation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState(false);
  const values = draft ?? valuesOf(licence);
  const dirty = draft !== null;
  const valid = values.seats !== null && values.seats >= 0 && values.seats <= SEAT_LIMIT_MAX;
  const expiry = expiryStatus(licence, readAt);
  const lock = `licence:${licence.application}`;

  useEffect(() => {
    if (!dirty) return;
    dispatch(acquireLock(lock));
    return () => {
      dispatch(releaseLock(lock));
    };
  }, [dirty, lock, dispatch]);

  const change = (next: Partial<LicenceValues>) => {
    setConflict(false);
    setErrors({});
    setDraft((current) => {
      const base = current?.base ?? licence;
      const edited = { ...(current ?? valuesOf(base)), ...next };
      // Back to what was read: nothing left to save.
      return sameValues(edited, valuesOf(base)) ? null : { ...edited, base };
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft || draft.seats === null) return;
    try {
      await save({
        application: licence.application,
        update: { seats: draft.seats, expiresAt: draft.expiresAt || null, version: draft.base.version },
      }).unwrap();
      setDraft(null);
      dispatch(showNotification({ type: 'success', title: `${licence.name} licence saved` }));
    } catch (error) {
      if (!isFailure(error)) return;
      if (error.status === 409) {
        // The list is read again (the save invalidates it); what was typed gives way to it.
        setDraft(null);
        setConflict(true);
        return;
      }
      const found = error.status === 400 ? fieldErrors(error.data) : null;
      if (found) setErrors(found);
      // Anything else has been told by the global handling; the edits stay for another try.
    }
  };

  return (
    <section className="mw-licence" aria-labelledby={titleId}>
      <div className="mw-licence__head">
        <h2 id={titleId} className="mw-licence__name">
          {licence.name}
        </h2>
        {expiry.kind !== 'none' && (
          <span className={`mw-licence__badge mw-licence__badge--${expiry.kind}`}>{expiryText(expiry)}</span>
        )}
      </div>

      {licence.seated ? (
        <div className="mw-licence__usage">
          <span className="mw-licence__usage-text">
            <strong>{licence.inUse.toLocaleString('en')}</strong> of {licence.seats.toLocaleString('en')} seats in use
          </span>
          <progress
            className={`mw-licence__bar${licence.inUse >= licence.seats ? ' mw-licence__bar--full' : ''}`}
            aria-label={`Seats in use for ${licence.name}`}
            max={Math.max(licence.seats, 1)}
            value={Math.min(licence.inUse, Math.max(licence.seats, 1))}
          />
        </div>
      ) : (
        <p className="mw-licence__note">{NOT_SEATED_TEXT}</p>
      )}

      <form className="mw-licence__form" onSubmit={(event) => void submit(event)} noValidate>
        {licence.seated && (
          <IntegerField
            label="Seat limit"
            value={values.seats}
            onChange={(seats) => change({ seats })}
            rules={{ required: true, min: 0, max: SEAT_LIMIT_MAX }}
            error={errors.seats}
            showError={Boolean(errors.seats)}
          />
        )}
        <FieldFrame label="Expires on" hint="Empty: never expires." error={errors.expiresAt} showError>
          {(control) => (
            <input
              {...control}
              type="date"
              className="mw-field__input"
              value={values.expiresAt}
              onChange={(event) => change({ expiresAt: event.target.value })}
            />
          )}
        </FieldFrame>
        <div className="mw-licence__actions">
          <Button type="submit" variant="primary" disabled={!dirty || !valid || saving.isLoading}>
            {saving.isLoading ? 'Saving…' : 'Save'}
          </Button>
        </div>
        {conflict && (
          <p className="mw-licence__message" role="alert">
            {CONFLICT_TEXT}
          </p>
        )}
        {errors.form && (
          <p className="mw-licence__message" role="alert">
            {errors.form}
          </p>
        )}
      </form>
    </section>
  );
}

function SeatsInUse({
  applications,
  application,
  onChoose,
  seats,
  failed,
}: {
  applications: readonly LicenceApplication[];
  application: LicenceApplication;
  onChoose: (application: LicenceApplication) => void;
  seats: SeatInUse[] | undefined;
  failed: boolean;
}) {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const pickerId = useId();
  const [freeSeat] = useFreeSeatMutation();
  const name = LICENCE_APPLICATION_NAMES[application];

  const free = async (seat: SeatInUse) => {
    const proceed = await dispatch(
      confirm({
        type: 'normal',
        title: `Free the seat of ${seat.user.displayName}?`,
        text: `${seat.user.displayName} (${seat.user.login}) loses this ${name} seat. Their page takes a seat again when they next work in it, if one is free then.`,
        proceedButtonText: 'Free seat',
        cancelButtonText: 'Cancel',
      }),
    );
    if (!proceed) return;
    // A refusal has been told by the global handling; either way the list is read again.
    await freeSeat({ token: seat.token });
  };

  return (
    <section className="mw-licences__seats" aria-labelledby={titleId}>
      <div className="mw-licences__seats-head">
        <h2 id={titleId}>Seats in use</h2>
        <div className="mw-licences__picker">
          <label htmlFor={pickerId}>Application</label>
          <select
            id={pickerId}
            className="mw-compact-input"
            value={application}
            onChange={(event) => {
              const next = applications.find((a) => a === event.target.value);
              if (next) onChoose(next);
            }}
          >
            {applications.map((a) => (
              <option key={a} value={a}>
                {LICENCE_APPLICATION_NAMES[a]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {seats ? (
        seats.length === 0 ? (
          <p className="mw-empty-state">No seats in use</p>
        ) : (
          <div className="mw-table-wrap">
            <table className="mw-table mw-licences__table" aria-label={`Seats in use for ${name}`}>
              <thead>
                <tr>
                  <th scope="col">User</th>
                  <th scope="col">Since</th>
                  <th scope="col">Last activity</th>
                  <th scope="col">
                    <span className="mw-visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {seats.map((seat) => (
                  <tr key={seat.token}>
                    <td>
                      <span className="mw-licences__user">{seat.user.displayName}</span>{' '}
                      <span className="mw-licences__login">{seat.user.login}</span>
                    </td>
                    <td>
                      <DateTimeText value={seat.since} />
                    </td>
                    <td>
                      <DateTimeText value={seat.lastActivity} />
                    </td>
                    <td className="mw-licences__action">
                      <Button
                        variant="danger"
                        aria-label={`Free seat of ${seat.user.login}`}
                        onClick={() => void free(seat)}
                      >
                        Free seat
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : failed ? (
        <p role="alert">The seats in use could not be loaded. Please try refreshing the page.</p>
      ) : (
        <LoadingStatus className="mw-page-loading" />
      )}
    </section>
  );
}
