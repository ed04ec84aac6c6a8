/** The four browser editions, the header that names them and where each is served. */
export const EDITIONS = ['web-office', 'web-inspect', 'web-settings', 'web-websync'] as const;
export type Edition = (typeof EDITIONS)[number];

export const EDITION_BASE_PATHS: Record<Edition, string> = {
  'web-office': '/office/',
  'web-inspect': '/inspect/',
  'web-settings': '/settings/',
  'web-websync': '/websync/',
};

export const EDITION_NAMES: Record<Edition, string> = {
  'web-office': 'Office',
  'web-inspect': 'Inspect',
  'web-settings': 'Settings',
  'web-websync': 'WebSync',
};

/** Sent by the request layer on every call (spec section 7). */
export const APPLICATION_EDITION_HEADER = 'x-application-edition';
/** A random id per page load; also serves as the custom header that marks a request as our own client's. */
export const SESSION_ID_HEADER = 'x-session-id';

export function isEdition(value: unknown): value is Edition {
  return typeof value === 'string' && (EDITIONS as readonly string[]).includes(value);
}

export function editionForPath(pathname: string): Edition | undefined {
  return EDITIONS.find(
    (e) => pathname === EDITION_BASE_PATHS[e].slice(0, -1) || pathname.startsWith(EDITION_BASE_PATHS[e]),
  );
}
