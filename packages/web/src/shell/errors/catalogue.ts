import type { KnownErrorCode } from '@manway/core/api/errors';

/** Wording users see when a call fails (spec section 8). One place, so the same problem reads the same everywhere. */
export interface ErrorMessage {
  title: string;
  text: string;
}

export const UNEXPECTED_ERROR: ErrorMessage = {
  title: 'Something unexpected just happened',
  text: 'Please try refreshing the page and check your connection.',
};

export const ACCESS_DENIED_TITLE = 'Access denied';
export const NO_PERMISSIONS_TEXT = 'You have no permissions to perform this action';

/** Typed as a full record so a code added to core cannot ship without its wording. */
export const KNOWN_ERROR_MESSAGES: Record<KnownErrorCode, ErrorMessage> = {
  'filter/name-exists': {
    title: 'Filter name already exists',
    text: 'A saved filter with this name already exists. Choose another name.',
  },
  'report/name-duplicate': {
    title: 'Report name already exists',
    text: 'A report with this name already exists. Choose another name.',
  },
  // The websync spec's catalogue gives the gist: the changes cannot be saved and will be lost.
  'concurrency/modified-by-another-user': {
    title: 'Another user modified the same item',
    text: 'Your changes cannot be saved and will be lost.',
  },
  'media/unsupported-file': {
    title: 'Unsupported media file',
    text: 'This type of file cannot be uploaded. Choose an image or a video in a supported format.',
  },
  'media/unsupported-extension': {
    title: 'Unsupported file extension',
    text: 'Files of this type cannot be added. Choose JPEG or PNG photos, MP4, MOV or MPEG videos, or PDF documents.',
  },
  'media/file-not-found': {
    title: 'File not found',
    text: 'The file no longer exists. Another user may have deleted it.',
  },
  'media/directory-not-found': {
    title: 'Cannot find path specified',
    text: 'The media store cannot be reached. Contact your administrator.',
  },
  'media/unauthorized-access': {
    title: 'Access denied',
    text: 'You have no permissions to change the media of this object.',
  },
  'media/io-exception': {
    title: 'The file could not be read or written',
    text: 'The media store failed while handling the file. Try again; if it keeps failing, contact your administrator.',
  },
  'asset/duplicate-name-and-subtype': {
    title: 'Asset already exists',
    text: 'An asset with the same name and subtype already exists. Change the name or the subtype.',
  },
  'dashboard/name-too-long': {
    title: 'Dashboard name is too long',
    text: 'Shorten the dashboard name and try again.',
  },
  'dashboard/name-exists': {
    title: 'Dashboard name already exists',
    text: 'You already have a dashboard with this name. Choose another name.',
  },
  'dashboard/widget-exists': {
    title: 'Widget already exists',
    text: 'A widget with this title is already there. Rename the new one or replace the old one.',
  },
  'account/impersonation-failed': {
    title: 'Impersonation failed',
    text: 'You could not be signed in as the selected user. Check that the account exists and is active.',
  },
  'server/path-not-found': {
    title: 'Path not found',
    text: 'The server cannot find the path specified in its configuration. Contact your administrator.',
  },
  'server/web-config-not-found': {
    title: 'Web configuration not found',
    text: 'The server cannot find its web configuration. Contact your administrator.',
  },
  'object/not-found': {
    title: 'Object not found',
    text: 'The object no longer exists. Another user may have deleted it.',
  },
  'form/missing-templates': {
    title: 'Form templates missing',
    text: 'There are no form templates to complete this operation. Please contact support.',
  },
  'shared-link/expired': {
    title: 'This shared link has expired',
    text: 'Ask whoever shared it for a new link.',
  },
  'shared-link/revoked': {
    title: 'This shared link was revoked by its owner',
    text: 'What it showed is no longer shared. Ask whoever shared it if you still need it.',
  },
};

/** Sent with 409, which the global handling leaves to the screen: the screens that save with a version show it. */
export const MODIFIED_BY_ANOTHER_USER = KNOWN_ERROR_MESSAGES['concurrency/modified-by-another-user'];

/** Where an object is opened by id, a 404 means it is gone (spec section 8, "object not found"). */
export const OBJECT_NOT_FOUND = KNOWN_ERROR_MESSAGES['object/not-found'];

/**
 * An Office edit refused for want of an editing licence. On an ordinary call only the change is lost,
 * so it is a notification; where the page cannot work at all (its seat, its settings) it is a page.
 */
export const OFFICE_EDITING_LICENCE_NOT_FOUND: ErrorMessage = {
  title: 'Office editing licence not found',
  text: 'Your change was not saved: editing needs an Office editing licence. Ask your administrator.',
};
