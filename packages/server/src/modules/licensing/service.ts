/**
 * Licences and the seats pages hold (main-app sections 6, 7 "Seats" and 8 "Licence"). A page of the
 * Office, Inspect or WebSync takes one of its application's seats as it loads and gives it back as it
 * closes; an Office page of an editor also takes an Office editing seat. Seats of pages that went
 * away without a word, of ended sessions and of disabled users are free again without anyone
 * freeing them (the repository decides "held" from those facts), and an administrator may free one.
 */
import {
  LICENCE_APPLICATION_NAMES,
  LICENCE_APPLICATIONS,
  SEAT_NOT_AVAILABLE,
  takesSeat,
  type Licence,
  type LicenceApplication,
  type LicenceUpdate,
  type Seat,
  type SeatInUse,
} from '@manway/core/api/licensing';
import { isEdition, type Edition } from '@manway/core/editions';
import { hasEditorPermissions, mayOpenEdition } from '@manway/core/roles';
import { fail } from '../../errors';
import { changesBetween, type AuditActor, type AuditService } from '../audit/service';
import type { CurrentUser } from '../users/service';
import type { HeldSeat, LicenceRecord, LicensingRepository, Queryable } from './repository';

/** A new installation's seats per application. */
export const DEFAULT_SEATS = 100;

/** The page asking: who, in which sign-in session, and the page's own random id. */
export interface SeatRequester {
  user: CurrentUser;
  sessionId: string;
  pageId: string;
}

const dateOf = (at: Date) => at.toISOString().slice(0, 10);

export class LicensingService {
  constructor(
    private readonly repo: LicensingRepository,
    private readonly audit: Pick<AuditService, 'record'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The page's seat of its edition, and for an editor's Office page an Office editing seat with it
   * when the Office has an editing licence (without one the Office opens for viewing, and its
   * editing calls are refused). Asking again renews the seats the page holds.
   */
  async takeSeat(edition: Edition, page: SeatRequester): Promise<Seat> {
    if (!takesSeat(edition)) throw fail.field('x-application-edition', 'The settings edition takes no seat.');
    if (!mayOpenEdition(page.user, edition)) throw fail.forbidden();
    const holder = { sessionId: page.sessionId, pageId: page.pageId, userId: page.user.id };
    const wantsEditing = edition === 'web-office' && hasEditorPermissions(page.user.role);
    if (!wantsEditing) {
      // One statement, no transaction: the common page load costs one round trip.
      return toSeat(edition, (await this.repo.acquire(edition, holder)) ?? (await this.refuse(edition)), false);
    }
    // One transaction: refused an editing seat, the page gives back the Office seat it just took.
    return this.repo.transaction(async (tx) => {
      const seat = (await this.repo.acquire(edition, holder, tx)) ?? (await this.refuse(edition, tx));
      const editing = wantsEditing && (await this.officeEditingLicensed(tx));
      if (editing && !(await this.repo.acquire('web-office-editing', holder, tx))) {
        await this.refuse('web-office-editing', tx);
      }
      return toSeat(edition, seat, editing);
    });
  }

  /** Gives back the page's seats; nothing to give back is fine (the page may have lost them). */
  async giveBackSeat(sessionId: string, pageId: string): Promise<void> {
    await this.repo.release({ sessionId, pageId });
  }

  async seatsInUse(application: LicenceApplication): Promise<SeatInUse[]> {
    return (await this.repo.seatsInUse(application)).map((s) => ({
      token: s.token,
      application: s.application,
      user: { id: s.userId, login: s.login, displayName: s.displayName },
      since: s.since.toISOString(),
      lastActivity: s.lastActivity.toISOString(),
    }));
  }

  /** An administrator frees a seat (and an Office seat's editing seat); the page finds out when it next renews. */
  async freeSeat(actor: AuditActor, token: string): Promise<void> {
    const freed = await this.repo.free(token, (seat, tx) =>
      this.audit.record(
        actor,
        {
          action: 'seat.freed',
          objectType: 'seat',
          objectId: seat.application,
          summary: `${LICENCE_APPLICATION_NAMES[seat.application]}: the seat of ${seat.login} freed`,
        },
        tx,
      ),
    );
    if (!freed) throw fail.notFound('That seat is not in use.');
  }

  async licences(): Promise<Licence[]> {
    const rows = await this.repo.licences();
    const order = (a: LicenceApplication) => LICENCE_APPLICATIONS.indexOf(a);
    return rows.sort((a, b) => order(a.application) - order(b.application)).map((r) => this.toLicence(r));
  }

  async updateLicence(actor: AuditActor, application: LicenceApplication, change: LicenceUpdate): Promise<Licence> {
    const name = LICENCE_APPLICATION_NAMES[application];
    const outcome = await this.repo.updateLicence(
      application,
      {
        seats: change.seats,
        expiresAt: change.expiresAt === null ? null : new Date(`${change.expiresAt}T00:00:00Z`),
        version: change.version,
        seated: isSeated(application),
      },
      (before, tx) => {
        const changes = changesBetween(
          { seats: before.seats, expiresAt: before.expiresAt ? dateOf(before.expiresAt) : null },
          { seats: change.seats, expiresAt: change.expiresAt },
        );
        const said = Object.entries(changes).map(([field, { from, to }]) =>
          field === 'seats'
            ? `${String(from)} → ${String(to)} seats`
            : `expiry ${String(from ?? 'never')} → ${String(to ?? 'never')}`,
        );
        const summary = `${name}: ${said.join(', ') || 'saved unchanged'}`;
        return this.audit.record(
          actor,
          { action: 'licence.updated', objectType: 'licence', objectId: application, summary, changes },
          tx,
        );
      },
    );
    const row = await this.repo.licence(application);
    if (!row) throw fail.notFound(`The application ${LICENCE_APPLICATION_NAMES[application]} is not registered.`);
    if (outcome === 'conflict') throw fail.conflict();
    if (outcome !== 'updated') {
      throw fail.field(
        'seats',
        `${outcome.inUse} seats are in use: free some first, or keep the limit at ${outcome.inUse} or more.`,
      );
    }
    return this.toLicence(row);
  }

  /**
   * Whether the Office may edit now: an Office editing licence is registered, has seats and has not
   * expired. Editing calls from the Office are refused without one.
   */
  async officeEditingLicensed(db?: Queryable): Promise<boolean> {
    const licence = await this.repo.licence('web-office-editing', db);
    return licence !== undefined && licence.seats > 0 && !this.expired(licence);
  }

  /** Refuses an editing call made from the Office when it has no live editing licence. */
  async requireOfficeEditing(edition: unknown): Promise<void> {
    if (edition !== 'web-office' || (await this.officeEditingLicensed())) return;
    throw fail.coded(
      'licensing/office-editing-licence-not-found',
      'Editing in Manway Office needs an Office editing licence, and this server has none.',
    );
  }

  /** A new installation registers every application with DEFAULT_SEATS seats, none expiring. */
  registerDefaultLicences(): Promise<void> {
    return this.repo.registerLicences(
      LICENCE_APPLICATIONS.map((application) => ({
        application,
        seats: DEFAULT_SEATS,
        // The WebSync console changes no network: its pages open for viewing.
        editing: application !== 'web-websync',
        seated: isSeated(application),
      })),
    );
  }

  /** Tidies the seats of gone pages (housekeeping: they are free already). */
  sweep(): Promise<number> {
    return this.repo.sweep();
  }

  /** Why no seat could be had: no licence, an expired one, or every seat held. */
  private async refuse(application: LicenceApplication, tx?: Queryable): Promise<never> {
    const licence = await this.repo.licence(application, tx);
    const name = LICENCE_APPLICATION_NAMES[application];
    if (application === 'web-office-editing' && (!licence || this.expired(licence)))
      throw fail.coded('licensing/office-editing-licence-not-found', 'Manway Office has no live editing licence.');
    if (!licence)
      throw fail.coded('licensing/application-is-not-registered', `The application ${name} is not registered.`);
    if (this.expired(licence) && licence.expiresAt)
      throw fail.coded(
        'licensing/licence-expired',
        `The Manway ${name} licence expired on ${dateOf(licence.expiresAt)}.`,
      );
    const code = SEAT_NOT_AVAILABLE[application as keyof typeof SEAT_NOT_AVAILABLE];
    throw fail.coded(code, `Every Manway ${name} seat is in use (${licence.seats} of ${licence.seats}).`);
  }

  private expired(licence: LicenceRecord): boolean {
    return licence.expiresAt !== null && licence.expiresAt.getTime() <= this.now().getTime();
  }

  private toLicence(r: LicenceRecord): Licence {
    return {
      application: r.application,
      name: LICENCE_APPLICATION_NAMES[r.application],
      seated: isSeated(r.application),
      seats: r.seats,
      inUse: isSeated(r.application) ? r.inUse : 0,
      expiresAt: r.expiresAt ? dateOf(r.expiresAt) : null,
      expired: this.expired(r),
      version: r.version,
    };
  }
}

/** Whether pages of the application take seats: all but the settings edition. */
function isSeated(application: LicenceApplication): boolean {
  return application === 'web-office-editing' || (isEdition(application) && takesSeat(application));
}

function toSeat(application: LicenceApplication, seat: HeldSeat, editing: boolean): Seat {
  return { token: seat.token, application, editing, since: seat.since.toISOString() };
}
