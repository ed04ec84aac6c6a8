/** The product version shown on About pages: the root package.json's, injected by Vite at build time. */
declare const __MANWAY_VERSION__: string;

export const PRODUCT_VERSION = __MANWAY_VERSION__;
