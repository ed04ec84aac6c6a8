/** The session cookie: set at sign-in, cleared at sign-out (http/access.ts reads it on every request). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { SessionInfo } from '../modules/account/service';
import { sessionCookie } from './context';
import { isHttps } from './origin';

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
