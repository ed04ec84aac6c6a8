import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { fail } from '../errors';

/** Our own origin: BASE_URL when set (behind a proxy), else what the request was addressed to. */
export function ownOrigin(request: FastifyRequest, config: Pick<Config, 'baseUrl'>): string {
  return config.baseUrl ? new URL(config.baseUrl).origin : `${request.protocol}://${request.host}`;
}

export function isHttps(request: FastifyRequest, config: Pick<Config, 'baseUrl'>): boolean {
  return ownOrigin(request, config).startsWith('https:');
}

/** Names a browser reaches only on this machine or by address, which DNS rebinding cannot forge. */
function isLocalOrLiteral(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^\d{1,3}(?:\.\d{1,3}){3}$/.test(name) ||
    (name.startsWith('[') && name.endsWith(']'))
  );
}

/**
 * Without BASE_URL our origin comes from the Host header, so a page on another site whose name was
 * pointed at this server (DNS rebinding) would pass as our own. Then only loopback names and
 * addresses are served; an installation reached by name sets BASE_URL, which is checked instead.
 */
export function registerHostGuard(app: FastifyInstance, config: Pick<Config, 'baseUrl'>): void {
  if (config.baseUrl) return;
  app.addHook('onRequest', async (request) => {
    if (!isLocalOrLiteral(request.hostname)) {
      throw fail.forbidden(
        `${request.hostname || 'This address'} is not served here; set BASE_URL to serve it by name.`,
      );
    }
  });
}
