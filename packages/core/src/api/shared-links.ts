import { z } from 'zod';
import { EDITION_BASE_PATHS, type Edition } from '../editions';
import { DashboardName, Widget } from './dashboards';
import { AdditionalRestrictions, FilterDefinition, jsonText, SAVED_FILTER_NAME_MAX } from './filters';

/**
 * Shared links (main-app sections 1, 3 "Shared link: validity, with an 'always valid' option" and
 * 6 "Shared data is 'only available for authenticated users'"; issue #21). A member shares an
 * object, a search as it ran or a dashboard as a link with a random token; any signed-in user,
 * guests included, opening the link sees what was shared. The owner lists and revokes their links;
 * an administrator may list and revoke everyone's. An expired or revoked link says which.
 */

export const SHARED_LINK_KINDS = ['object', 'search', 'dashboard'] as const;
export type SharedLinkKind = (typeof SHARED_LINK_KINDS)[number];

export const SHARED_LINK_KIND_LABELS: Record<SharedLinkKind, string> = {
  object: 'Object',
  search: 'Search',
  dashboard: 'Dashboard',
};

/** The validities the Share dialog offers, in days; besides them, 'Always valid' (null). */
export const SHARED_LINK_VALIDITY_CHOICES = [1, 7, 30, 90] as const;
export const SHARED_LINK_VALIDITY_MAX_DAYS = 365;
export const SHARED_LINK_TITLE_MAX = 200;

export const SHARED_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type SharedLinkStatus = (typeof SHARED_LINK_STATUSES)[number];

export const SHARED_LINK_STATUS_LABELS: Record<SharedLinkStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** What opening an expired or a revoked link answers (400, with the code). */
export const SHARED_LINK_EXPIRED = 'shared-link/expired';
export const SHARED_LINK_REVOKED = 'shared-link/revoked';

/** A link's token: 32 random bytes in base64url (256 bits), safe in a URL as it is. */
export const SHARED_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const SharedLinkToken = z.string().max(100).regex(SHARED_LINK_TOKEN_PATTERN, 'This is not a shared link.');

/** The page that opens a link, in the edition it was shared from (the Office for any other). */
export function sharedLinkPath(edition: Edition | undefined, token: string): string {
  const base = edition === 'web-inspect' ? EDITION_BASE_PATHS['web-inspect'] : EDITION_BASE_PATHS['web-office'];
  return `${base}shared/${token}`;
}

// What is shared, as the Share action sends it ------------------------------------------------------

export const SharedObjectTarget = z.strictObject({
  kind: z.literal('object'),
  /** An object type as GET api/objects/{type}/{id} takes it: Node, Section, Lateral, Inspection, … */
  objectType: z.string().min(1).max(100),
  objectId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

const searchJson = z.string().min(2).max(20_000);

/**
 * A search as it ran: its filter and restrictions as the filter calls send them (JSON text), and the
 * saved filter it ran, if any (for its name only: the definition is what is kept).
 */
export const SharedSearchTarget = z.strictObject({
  kind: z.literal('search'),
  filter: jsonText(searchJson, FilterDefinition),
  additionalRestrictions: jsonText(searchJson, AdditionalRestrictions).optional(),
  savedName: z.string().max(SAVED_FILTER_NAME_MAX).nullable().optional(),
});

/** A dashboard the sharer sees, named as the dashboard calls name it (no name: the default one). */
export const SharedDashboardTarget = z.strictObject({
  kind: z.literal('dashboard'),
  dashboardName: DashboardName.optional(),
});

export const SharedLinkTarget = z.discriminatedUnion('kind', [
  SharedObjectTarget,
  SharedSearchTarget,
  SharedDashboardTarget,
]);
export type SharedLinkTarget = z.infer<typeof SharedLinkTarget>;

/** POST api/shared-links. */
export const CreateSharedLink = z.strictObject({
  target: SharedLinkTarget,
  /** What the link is called in lists ("Node MH-1023"). */
  title: z.string().trim().min(1, 'Enter a title.').max(SHARED_LINK_TITLE_MAX),
  /** Days the link stays valid, or null: 'always valid'. */
  validityDays: z.number().int().min(1).max(SHARED_LINK_VALIDITY_MAX_DAYS).nullable(),
});
/** As the client sends it (the search as JSON text)… */
export type CreateSharedLink = z.input<typeof CreateSharedLink>;
/** …and as the server reads it (the search parsed and checked). */
export type CreateSharedLinkBody = z.output<typeof CreateSharedLink>;

// A link, as its owner's list shows it --------------------------------------------------------------

/** What a link points at, in a few words for a list. */
export const SharedLinkSubject = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('object'), objectType: z.string(), objectId: z.number() }),
  z.object({ kind: z.literal('search'), objectType: z.string(), savedName: z.string().nullable() }),
  /** The dashboard's name now; null once it was deleted. */
  z.object({ kind: z.literal('dashboard'), name: z.string().nullable() }),
]);
export type SharedLinkSubject = z.infer<typeof SharedLinkSubject>;

export const SharedLink = z.object({
  id: z.uuid(),
  title: z.string(),
  subject: SharedLinkSubject,
  owner: z.object({ id: z.uuid(), login: z.string(), displayName: z.string() }),
  /** The token and the page that opens it, answered to the link's owner only. */
  token: z.string().nullable(),
  path: z.string().nullable(),
  createdAt: z.string(),
  /** null: always valid. */
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(SHARED_LINK_STATUSES),
});
export type SharedLink = z.infer<typeof SharedLink>;
export const SharedLinkList = z.array(SharedLink);

/** GET api/shared-links: the caller's links; an administrator's with all=true, everyone's. */
export const SharedLinkListQuery = z.object({
  all: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export const SharedLinkParams = z.object({ id: z.uuid() });
export const SharedLinkTokenParams = z.object({ token: SharedLinkToken });
export const SharedWidgetParams = z.object({ token: SharedLinkToken, widgetId: z.string().min(1).max(100) });

// A link, as opening it answers ---------------------------------------------------------------------

export const ResolvedObject = z.object({
  kind: z.literal('object'),
  /** The type's name as the map and the object calls use it (Node, Section, Lateral, Inspection, …). */
  objectType: z.string(),
  objectId: z.number(),
  readableId: z.string(),
  /** Where the map centres on it: its point, or the middle of its line; null without a geometry. */
  position: z.tuple([z.number(), z.number()]).nullable(),
});

export const ResolvedSearch = z.object({
  kind: z.literal('search'),
  /** The FilterDefinition as it ran. */
  filter: z.unknown(),
  /** Its AdditionalRestrictions, if it had any. */
  additionalRestrictions: z.unknown().optional(),
  savedName: z.string().nullable(),
  /**
   * The ids it found when it was shared (at most the selection cap); `more` says it found more than
   * that, in which case the search is run again as it was rather than narrowed to them.
   */
  found: z.object({ ids: z.array(z.number()), more: z.boolean() }),
});

export const ResolvedDashboard = z.object({
  kind: z.literal('dashboard'),
  name: z.string(),
  version: z.number(),
  widgets: z.array(Widget),
});

export const ResolvedTarget = z.discriminatedUnion('kind', [ResolvedObject, ResolvedSearch, ResolvedDashboard]);
export type ResolvedTarget = z.infer<typeof ResolvedTarget>;

/** GET api/shared-links/resolve/{token}. */
export const ResolvedSharedLink = z.object({
  title: z.string(),
  sharedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  target: ResolvedTarget,
});
export type ResolvedSharedLink = z.infer<typeof ResolvedSharedLink>;

/** The body of the expired answer: the catalogue's code, and when it expired. */
export const SharedLinkExpiredBody = z.object({
  code: z.literal(SHARED_LINK_EXPIRED),
  message: z.string(),
  expiredAt: z.string(),
});
