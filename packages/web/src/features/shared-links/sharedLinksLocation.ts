/**
 * Where the office and inspect editions list the user's links, and where they open one: core's
 * sharedLinkPath, which the server answers each link's address with, points at the latter.
 */
export const SHARED_LINKS_PAGE_PATH = 'shared-links';
export const SHARED_LINK_PATH = 'shared/:token';
