import type { Edition } from './editions';

/** Roles and the permissions derived from them (spec section 6). */
export const ROLES = ['administrator', 'editor', 'regular', 'guest'] as const;
export type Role = (typeof ROLES)[number];

export function hasEditorPermissions(role: Role): boolean {
  return role === 'administrator' || role === 'editor';
}

/** Administrators, and the users granted the websync permission: the console and the sync agent's calls. */
export function hasWebSyncPermission(user: { role: Role; websync: boolean }): boolean {
  return user.role === 'administrator' || user.websync;
}

/** Administrators, editors, and users granted the review permission: accepting and rejecting inspections. */
export function hasReviewPermission(user: { role: Role; review: boolean }): boolean {
  return hasEditorPermissions(user.role) || user.review;
}

export function isGuest(role: Role): boolean {
  return role === 'guest';
}

export type SettingsMode = 'editor' | 'viewer';

/** Edit mode is available only when the user has editor permissions and the mode setting is editor. */
export function isEditModeAvailable(settings: {
  user: { hasEditorPermissions: boolean };
  mode: SettingsMode;
}): boolean {
  return settings.user.hasEditorPermissions && settings.mode === 'editor';
}

/** The permissions a user is granted besides the role (the office, inspect, websync; and review). */
export interface PermissionFlags {
  /** May open the Office edition. */
  office: boolean;
  /** May open the Inspect edition. */
  inspect: boolean;
  websync: boolean;
  review: boolean;
}

/**
 * Who may open an edition: settings is for administrators; the Office, Inspect and WebSync for those
 * granted the permission of the same name. Administrators open every edition.
 */
export function mayOpenEdition(
  user: { role: Role } & Pick<PermissionFlags, 'office' | 'inspect' | 'websync'>,
  edition: Edition,
): boolean {
  if (user.role === 'administrator') return true;
  switch (edition) {
    case 'web-settings':
      return false;
    case 'web-websync':
      return hasWebSyncPermission(user);
    case 'web-office':
      return user.office;
    case 'web-inspect':
      return user.inspect;
  }
}
