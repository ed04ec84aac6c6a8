/**
 * The product version shown on About pages. It lives here rather than in package.json because a
 * workspace version there would have to be mirrored in the root lock file, which this package does not own.
 */
export const PRODUCT_VERSION = '0.1.0';
