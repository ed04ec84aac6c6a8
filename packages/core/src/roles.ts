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
