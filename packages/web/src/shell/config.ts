import { EDITION_BASE_PATHS, EDITION_NAMES, type Edition } from '@manway/core/editions';

/** What the server injects in place of `<!--manway:config-->` in each edition's index.html. */
export interface RuntimeConfig {
  /** Where this edition lives, with a trailing slash, e.g. "/office/". */
  baseUrl: string;
  /** Prefix of every API path, with a trailing slash, e.g. "/". */
  apiBaseUrl: string;
  edition: Edition;
}

declare global {
  interface Window {
    __MANWAY__?: Partial<RuntimeConfig>;
  }
}

const withTrailingSlash = (value: string) => (value.endsWith('/') ? value : `${value}/`);

/**
 * The entry point, not the injected record, decides the edition: a page built for Office must not
 * start behaving like Settings because of a mis-set header. Paths fall back to the edition's default
 * when nothing was injected (the Vite dev server serves index.html untouched).
 */
export function readRuntimeConfig(
  edition: Edition,
  injected: Partial<RuntimeConfig> | undefined = window.__MANWAY__,
): RuntimeConfig {
  const baseUrl =
    typeof injected?.baseUrl === 'string' && injected.baseUrl.startsWith('/')
      ? injected.baseUrl
      : EDITION_BASE_PATHS[edition];
  const apiBaseUrl = typeof injected?.apiBaseUrl === 'string' && injected.apiBaseUrl !== '' ? injected.apiBaseUrl : '/';
  return { baseUrl: withTrailingSlash(baseUrl), apiBaseUrl: withTrailingSlash(apiBaseUrl), edition };
}

/** React Router wants the base without its trailing slash ("/office"); the root stays "/". */
export function routerBasename(baseUrl: string): string {
  return baseUrl.length > 1 && baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
}

/** The product name users see for an edition, e.g. on the 'application not registered' page. */
export function applicationName(edition: Edition): string {
  return `Manway ${EDITION_NAMES[edition]}`;
}
