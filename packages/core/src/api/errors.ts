import { z } from 'zod';

/**
 * The error bodies the server sends and the client's catalogue reads (spec section 8).
 * 400 carries either { Message, ModelState } for validation or { code } for a known condition.
 */
export const DB_STATE_CODES = [
  'db-state/db-server-unavailable',
  'db-state/unsupported-db-version',
  'db-state/bom-version-changed',
] as const;
export type DbStateCode = (typeof DB_STATE_CODES)[number];

export const LICENSING_CODES = [
  'licensing/application-is-not-registered',
  'licensing/instance-limit-exceeds',
  // A page that asks for a seat when all of its application's are taken (spec section 8, "Licence").
  'licensing/inspect-seat-not-available',
  'licensing/office-seat-not-available',
  'licensing/office-editing-seat-not-available',
  'licensing/websync-seat-not-available',
  // Editing in the Office with no live Office editing licence.
  'licensing/office-editing-licence-not-found',
  'licensing/licence-expired',
] as const;
export type LicensingCode = (typeof LICENSING_CODES)[number];

/** Known codes that map to their own notification (the "generic catalogue of error dialogs"). */
export const KNOWN_ERROR_CODES = [
  'filter/name-exists',
  'report/name-duplicate',
  'concurrency/modified-by-another-user',
  'media/unsupported-file',
  // The media error codes of spec section 8.
  'media/unsupported-extension',
  'media/file-not-found',
  'media/directory-not-found',
  'media/unauthorized-access',
  'media/io-exception',
  'asset/duplicate-name-and-subtype',
  'dashboard/name-too-long',
  'dashboard/name-exists',
  'dashboard/widget-exists',
  'account/impersonation-failed',
  'server/path-not-found',
  'server/web-config-not-found',
  'object/not-found',
  'form/missing-templates',
  // Opening a shared link that expired (its body also says when) or that its owner revoked.
  'shared-link/expired',
  'shared-link/revoked',
] as const;
export type KnownErrorCode = (typeof KNOWN_ERROR_CODES)[number];

export type ErrorCode = DbStateCode | LicensingCode | KnownErrorCode;

export const ModelStateBody = z.object({
  Message: z.string(),
  ModelState: z.record(z.string(), z.array(z.string())),
});
export type ModelStateBody = z.infer<typeof ModelStateBody>;

export const CodeBody = z.object({ code: z.string(), message: z.string().optional() });
export type CodeBody = z.infer<typeof CodeBody>;

export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;

export function isDbStateCode(data: unknown): data is { code: DbStateCode } {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { code?: unknown }).code === 'string' &&
    (data as { code: string }).code.startsWith('db-state')
  );
}

export function isModelStateBody(data: unknown): data is ModelStateBody {
  return ModelStateBody.safeParse(data).success;
}
