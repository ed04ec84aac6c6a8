import { z } from 'zod';
import type { LicensingCode } from './errors';
import type { Edition } from '../editions';

/**
 * Licences and seats (main-app sections 3, 6, 7 "Seats" and 8 "Licence"). Every application has a
 * licence: a seat limit and an optional expiry. A page of the Office, Inspect or WebSync takes one
 * of its application's seats when it loads (POST api/seats) and gives it back when it closes
 * (DELETE api/seats); an Office page of an editor also takes an Office editing seat. The settings
 * edition takes none, so an administrator can always get in to free one.
 */

/** The licensed applications: the four editions, and Office editing, which has seats of its own. */
export const LICENCE_APPLICATIONS = [
  'web-office',
  'web-office-editing',
  'web-inspect',
  'web-websync',
  'web-settings',
] as const;
export type LicenceApplication = (typeof LICENCE_APPLICATIONS)[number];

export const LICENCE_APPLICATION_NAMES: Record<LicenceApplication, string> = {
  'web-office': 'Office',
  'web-office-editing': 'Office editing',
  'web-inspect': 'Inspect',
  'web-websync': 'WebSync',
  'web-settings': 'Settings',
};

/** The editions whose pages take a seat. */
export const SEAT_EDITIONS = ['web-office', 'web-inspect', 'web-websync'] as const satisfies readonly Edition[];
export type SeatEdition = (typeof SEAT_EDITIONS)[number];

export function takesSeat(edition: Edition): edition is SeatEdition {
  return (SEAT_EDITIONS as readonly string[]).includes(edition);
}

/** What a page is told when its application has no seat left for it. */
export const SEAT_NOT_AVAILABLE: Record<SeatEdition | 'web-office-editing', LicensingCode> = {
  'web-office': 'licensing/office-seat-not-available',
  'web-office-editing': 'licensing/office-editing-seat-not-available',
  'web-inspect': 'licensing/inspect-seat-not-available',
  'web-websync': 'licensing/websync-seat-not-available',
};

/**
 * A seat nobody has used for this long is free for the next page: its page went away without a
 * word (a crash, a lost network, a closed laptop). Activity keeps it (see SEAT_RENEW_AFTER_MS).
 */
export const SEAT_IDLE_MINUTES = 15;

/**
 * A working page renews its seat at most this often, on user activity (throttled at 1000 ms, spec
 * section 9); well inside SEAT_IDLE_MINUTES, so a seat is never lost while someone works.
 */
export const SEAT_RENEW_AFTER_MS = 60_000;

/** A licence's seat limit: large enough for any site, small enough to keep the slot table small. */
export const SEAT_LIMIT_MAX = 100_000;

/** The default licence warning: days before an expiry that every page of the application warns. */
export const LICENCE_WARNING_DAYS = 30;

/** POST api/seats: the page's seat (its own again when it already holds one). */
export const Seat = z.object({
  token: z.string().uuid(),
  application: z.enum(LICENCE_APPLICATIONS),
  /** An Office page of an editor also holds an editing seat. */
  editing: z.boolean(),
  since: z.string().datetime({ offset: true }),
});
export type Seat = z.infer<typeof Seat>;

/** GET session-api/seats: a seat in use, with who holds it. */
export const SeatInUse = z.object({
  token: z.string().uuid(),
  application: z.enum(LICENCE_APPLICATIONS),
  user: z.object({ id: z.string().uuid(), login: z.string(), displayName: z.string() }),
  since: z.string().datetime({ offset: true }),
  lastActivity: z.string().datetime({ offset: true }),
});
export type SeatInUse = z.infer<typeof SeatInUse>;
export const SeatList = z.array(SeatInUse);

export const SeatTokenParams = z.object({ token: z.string().uuid() });

/** GET api/licences: every licence with its seats in use. */
export const Licence = z.object({
  application: z.enum(LICENCE_APPLICATIONS),
  name: z.string(),
  /** Whether its pages take seats (the settings edition's do not). */
  seated: z.boolean(),
  seats: z.number().int(),
  inUse: z.number().int(),
  expiresAt: z.string().date().nullable(),
  expired: z.boolean(),
  version: z.number().int(),
});
export type Licence = z.infer<typeof Licence>;
export const LicenceList = z.array(Licence);

export const LicenceParams = z.object({ application: z.enum(LICENCE_APPLICATIONS) });

/** PUT api/licences/{application}: the version read, so a change made meanwhile answers 409. */
export const LicenceUpdate = z.object({
  seats: z.number().int().min(0).max(SEAT_LIMIT_MAX),
  /** The day the licence expires (at its start, UTC): the warnings say "expires on" it. Null: never. */
  expiresAt: z.string().max(10).date().nullable(),
  version: z.number().int().min(1),
});
export type LicenceUpdate = z.infer<typeof LicenceUpdate>;

/** GET api/server-instances: the server processes running over this database, oldest first. */
export const ServerInstances = z.object({
  /** At most this many may serve pages; null: no limit. */
  limit: z.number().int().nullable(),
  version: z.number().int(),
  instances: z.array(
    z.object({
      id: z.string().uuid(),
      host: z.string(),
      pid: z.number().int(),
      startedAt: z.string().datetime({ offset: true }),
      lastSeen: z.string().datetime({ offset: true }),
      /** False for the instances past the limit: their pages get licensing/instance-limit-exceeds. */
      withinLimit: z.boolean(),
      /** The instance answering this call. */
      current: z.boolean(),
    }),
  ),
});
export type ServerInstances = z.infer<typeof ServerInstances>;

/** PUT api/server-instances/limit. */
export const InstanceLimitUpdate = z.object({
  limit: z.number().int().min(1).max(1000).nullable(),
  version: z.number().int().min(1),
});
export type InstanceLimitUpdate = z.infer<typeof InstanceLimitUpdate>;

/** How often a server process says it is alive, and after how long without a word it counts as gone. */
export const INSTANCE_HEARTBEAT_SECONDS = 30;
export const INSTANCE_GONE_SECONDS = 90;
