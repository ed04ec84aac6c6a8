import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginRequest, LoginResponse, LogoffResponse } from '@manway/core/api/account';
import { ModelStateBody, MessageBody } from '@manway/core/api/errors';
import { EDITION_BASE_PATHS } from '@manway/core/editions';
import { sameOriginPath } from '@manway/core/return-url';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { sessionCookie } from '../../http/context';
import { ownOrigin } from '../../http/origin';
import { clearSessionCookie, setSessionCookie } from '../../http/session';
import { renderLoginPage } from './login-page';
import type { AccountService, SignInContext } from './service';

const DEFAULT_RETURN = EDITION_BASE_PATHS['web-office'];
const LOGIN_PATH = '/api/account/login';

export interface SingleSignOn {
  /** Where the login page's "single sign-on" link points. */
  startUrl: string;
  /** The provider's log-off URL, or undefined when it has none. */
  logoffUrl(idToken: string | null, postLogoutRedirect: string): Promise<string | undefined>;
}

export function accountRoutes(account: AccountService, config: Config, sso: SingleSignOn | undefined) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const context = (request: FastifyRequest): SignInContext => ({
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      previousToken: request.cookies[sessionCookie(config)],
    });
    const safeReturn = (request: FastifyRequest, raw: string | undefined) =>
      sameOriginPath(raw, ownOrigin(request, config), DEFAULT_RETURN);
    const page = (reply: FastifyReply, status: number, html: string) =>
      reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

    app.get(
      LOGIN_PATH,
      {
        schema: {
          summary: 'The sign-in page',
          description: 'HTML. With useDefaultUser=true and a configured default user, signs in and redirects at once.',
          tags: ['account'],
          querystring: z.object({
            returnUrl: z.string().max(2000).optional(),
            useDefaultUser: z.enum(['true', 'false']).optional(),
          }),
        },
      },
      async (request, reply) => {
        const returnUrl = safeReturn(request, request.query.returnUrl);
        if (request.user) return reply.redirect(returnUrl, 302);
        if (request.query.useDefaultUser === 'true') {
          const session = await account.signInDefaultUser(context(request));
          if (session) {
            setSessionCookie(reply, request, config, session);
            return reply.redirect(returnUrl, 302);
          }
        }
        return page(reply, 200, renderLoginPage({ returnUrl, ssoUrl: ssoStart(sso, returnUrl) }));
      },
    );

    app.post(
      LOGIN_PATH,
      {
        schema: {
          summary: 'Sign in',
          description: 'JSON answers { returnUrl }; the sign-in form post answers a redirect. Sets the session cookie.',
          tags: ['account'],
          body: LoginRequest,
          response: { 200: LoginResponse, 400: ModelStateBody, 429: MessageBody },
        },
      },
      async (request, reply) => {
        const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
        const { login, password } = request.body;
        const returnUrl = safeReturn(request, request.body.returnUrl);
        try {
          const session = await account.signIn(login, password, context(request));
          setSessionCookie(reply, request, config, session);
          return isForm ? reply.redirect(returnUrl, 303) : { returnUrl };
        } catch (error) {
          if (!isForm || !(error instanceof AppError)) throw error;
          const status = error.problem.kind === 'rate-limited' ? 429 : 400;
          if (error.problem.kind === 'rate-limited')
            void reply.header('retry-after', String(error.problem.retryAfterSeconds));
          return page(
            reply,
            status,
            renderLoginPage({ returnUrl, login, error: error.message, ssoUrl: ssoStart(sso, returnUrl) }),
          );
        }
      },
    );

    app.post(
      '/api/account/logoff',
      {
        schema: {
          summary: 'Sign out',
          description:
            "Ends the session; answers where to go next: the identity provider's log-off or the sign-in page.",
          tags: ['account'],
          querystring: z.object({ returnUrl: z.string().max(2000).optional() }),
          response: { 200: LogoffResponse },
        },
      },
      async (request, reply) => {
        const { idToken } = await account.signOut(request.cookies[sessionCookie(config)]);
        clearSessionCookie(reply, request, config);
        const returnUrl = safeReturn(request, request.query.returnUrl);
        const signIn = `${LOGIN_PATH}?returnUrl=${encodeURIComponent(returnUrl)}`;
        const providerLogoff = await sso?.logoffUrl(idToken, `${ownOrigin(request, config)}${signIn}`);
        return { redirectUrl: providerLogoff ?? signIn };
      },
    );
  };
}

function ssoStart(sso: SingleSignOn | undefined, returnUrl: string): string | undefined {
  return sso ? `${sso.startUrl}?returnUrl=${encodeURIComponent(returnUrl)}` : undefined;
}
