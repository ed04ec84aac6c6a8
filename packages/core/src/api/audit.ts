import { z } from 'zod';
import { StoredTimestamp } from './stored-values';

/**
 * The audit list (issue #21): who changed a user, a permission, a licence, a setting or a shared
 * link, and when. Each change is recorded in the same transaction as the change itself, so the list
 * never shows a change that did not happen nor misses one that did.
 */
export const AUDIT_OBJECT_TYPES = ['user', 'licence', 'seat', 'settings', 'shared-link'] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

export const AUDIT_ACTIONS = [
  'user.created',
  'user.updated',
  'user.permissions-changed',
  'user.password-set',
  'user.disabled',
  'user.enabled',
  'user.deleted',
  'licence.updated',
  'seat.freed',
  'settings.updated',
  'shared-link.created',
  'shared-link.revoked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.created': 'User created',
  'user.updated': 'User changed',
  'user.permissions-changed': 'Permissions changed',
  'user.password-set': 'Password set',
  'user.disabled': 'User disabled',
  'user.enabled': 'User enabled',
  'user.deleted': 'User deleted',
  'licence.updated': 'Licence changed',
  'seat.freed': 'Seat freed',
  'settings.updated': 'Settings changed',
  'shared-link.created': 'Link shared',
  'shared-link.revoked': 'Shared link revoked',
};

/** What one audit entry says; `changes` holds before and after of each changed field (never a secret). */
export const AuditEvent = z.object({
  id: z.number().int(),
  at: z.string().datetime({ offset: true }),
  actor: z.object({ id: z.string().uuid().nullable(), login: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  objectType: z.enum(AUDIT_OBJECT_TYPES),
  objectId: z.string(),
  /** One line a person reads: "Inspect: 100 → 1 seats". */
  summary: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AUDIT_PAGE_SIZE_MAX = 500;

/** GET api/audit: newest first; every filter optional. */
export const AuditQuery = z.object({
  objectType: z.enum(AUDIT_OBJECT_TYPES).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** The acting user's login (in any case). */
  actor: z.string().max(200).optional(),
  /** Entries about this object (with objectType). */
  objectId: z.string().max(200).optional(),
  /** Within the years a timestamp column takes, so a year 0 is a 400 naming the field, not a failed query. */
  from: StoredTimestamp.optional(),
  to: StoredTimestamp.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditPage = z.object({ items: z.array(AuditEvent), total: z.number().int() });
export type AuditPage = z.infer<typeof AuditPage>;
