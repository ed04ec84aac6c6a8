/**
 * Cross-site request protection for state-changing calls. The session cookie is SameSite=Lax, and on
 * top of that an unsafe request must either come from our own origin (Origin header) or, when a
 * client sends no Origin, carry the custom session-id header that a cross-site form cannot set.
 */
import type { FastifyInstance } from 'fastify';
import { SESSION_ID_HEADER } from '@manway/core/editions';
import type { Config } from '../config';
import { fail } from '../errors';
import { ownOrigin } from './origin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerCsrfGuard(app: FastifyInstance, config: Pick<Config, 'baseUrl'>): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin !== ownOrigin(request, config)) throw fail.forbidden('Cross-site requests are not allowed.');
      return;
    }
    const site = request.headers['sec-fetch-site'];
    if (site === 'same-origin' || site === 'none' || request.headers[SESSION_ID_HEADER] !== undefined) return;
    throw fail.forbidden('Cross-site requests are not allowed.');
  });
}
