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

/** Who may open an edition: settings is for administrators, websync for those granted it. */
export function mayOpenEdition(user: { role: Role; websync: boolean }, edition: Edition): boolean {
  switch (edition) {
    case 'web-settings':
      return user.role === 'administrator';
    case 'web-websync':
      return hasWebSyncPermission(user);
    case 'web-office':
    case 'web-inspect':
      return true;
  }
}
