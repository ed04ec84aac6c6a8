/** Resolves the session cookie to a user on every request, and refuses API calls that need one. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { fail } from '../errors';
import type { AccountService, SessionInfo } from '../modules/account/service';
import { sessionCookie } from './context';
import { isHttps } from './origin';
import type { Readiness } from '../platform';

export function registerSessions(
  app: FastifyInstance,
  account: AccountService,
  readiness: Readiness,
  config: Config,
): void {
  const cookie = sessionCookie(config);
  app.decorateRequest('user', null);
  app.addHook('preHandler', async (request) => {
    // Without a database nobody can be resolved; the routes that still run then need no user.
    if (!readiness.ready) return;
    const token = request.cookies[cookie];
    if (token) request.user = (await account.resolve(token))?.user ?? null;
    const isApi = request.url.startsWith('/api/');
    // An unknown address is a 404 for everyone; asking to sign in first would only hide that.
    if (isApi && !request.is404 && !request.routeOptions.config.public && !request.user) throw fail.unauthenticated();
  });
}

export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, config: Config, session: SessionInfo) {
  reply.setCookie(sessionCookie(config), session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request, config),
    // The cookie outlives idle expiry on purpose: the server decides whether the session is live.
    maxAge: config.session.maxHours * 3600,
  });
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest, config: Config) {
  reply.clearCookie(sessionCookie(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request, config),
  });
}
