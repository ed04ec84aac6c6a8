/**
 * The browser's side of single sign-on. The start route keeps the flow's secrets (state, PKCE
 * verifier) and the return address in a short-lived HttpOnly cookie rather than on the server, so
 * any instance behind a load balancer can finish a flow another one started. Every failure ends on
 * the sign-in page with a message, since the user arrives here by navigation, not from the web app.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EDITION_BASE_PATHS } from '@manway/core/editions';
import { sameOriginPath } from '@manway/core/return-url';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { sessionCookie } from '../../http/context';
import { isHttps, ownOrigin } from '../../http/origin';
import { setSessionCookie } from '../../http/session';
import type { UsersService } from '../users/service';
import { renderLoginPage } from './login-page';
import {
  MISMATCH_MESSAGE,
  OIDC_CALLBACK_PATH,
  OIDC_FLOW_MINUTES,
  OIDC_START_PATH,
  SingleSignOnError,
  type OpenIdSingleSignOn,
} from './oidc';
import type { AccountService } from './service';

const DEFAULT_RETURN = EDITION_BASE_PATHS['web-office'];
const FLOW_COOKIE = 'manway_oidc';
// Only the start and callback routes ever need the flow cookie.
const FLOW_COOKIE_PATH = '/api/account/oidc';
const EXPIRED_MESSAGE = 'The single sign-on attempt expired or was already used. Start again.';

const FlowCookie = z.object({
  state: z.string().min(1).max(512),
  codeVerifier: z.string().min(43).max(128),
  returnUrl: z.string().max(2000),
});
type FlowCookie = z.infer<typeof FlowCookie>;

export function oidcRoutes(sso: OpenIdSingleSignOn, account: AccountService, users: UsersService, config: Config) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const cookieOptions = (request: FastifyRequest) => ({
      path: FLOW_COOKIE_PATH,
      httpOnly: true,
      // Lax, not Strict: the provider's redirect back is a cross-site top-level navigation.
      sameSite: 'lax' as const,
      secure: isHttps(request, config),
    });
    const loginPage = (reply: FastifyReply, status: number, returnUrl: string, error: string) =>
      reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          renderLoginPage({ returnUrl, error, ssoUrl: `${sso.startUrl}?returnUrl=${encodeURIComponent(returnUrl)}` }),
        );

    app.get(
      OIDC_START_PATH,
      {
        schema: {
          summary: 'Start single sign-on',
          description: 'Redirects to the OpenID Connect provider; it comes back to the callback, which signs in.',
          tags: ['account'],
          querystring: z.object({ returnUrl: z.string().max(2000).optional() }),
        },
      },
      async (request, reply) => {
        const origin = ownOrigin(request, config);
        const returnUrl = sameOriginPath(request.query.returnUrl, origin, DEFAULT_RETURN);
        let started: Awaited<ReturnType<OpenIdSingleSignOn['begin']>>;
        try {
          started = await sso.begin(`${origin}${OIDC_CALLBACK_PATH}`);
        } catch (error) {
          if (!(error instanceof SingleSignOnError)) throw error;
          return loginPage(reply, 502, returnUrl, error.message);
        }
        const flow: FlowCookie = { ...started.checks, returnUrl };
        reply.setCookie(FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
          ...cookieOptions(request),
          maxAge: OIDC_FLOW_MINUTES * 60,
        });
        return reply.header('cache-control', 'no-store').redirect(started.url, 302);
      },
    );

    app.get(
      OIDC_CALLBACK_PATH,
      {
        schema: {
          summary: 'Single sign-on callback',
          description:
            "The provider's answer. Signs in (creating a regular user on first sign-in) and redirects to the return address.",
          tags: ['account'],
          // Providers add parameters of their own (session_state, scope...); those pass through unchecked.
          querystring: z.object({
            code: z.string().max(4096).optional(),
            state: z.string().max(512).optional(),
            iss: z.string().max(2000).optional(),
            error: z.string().max(200).optional(),
            error_description: z.string().max(4000).optional(),
          }),
        },
      },
      async (request, reply) => {
        const origin = ownOrigin(request, config);
        const flow = readFlow(request.cookies[FLOW_COOKIE]);
        // One use only: whatever happens next, a second visit must start over.
        reply.clearCookie(FLOW_COOKIE, cookieOptions(request));
        if (!flow) return loginPage(reply, 400, DEFAULT_RETURN, EXPIRED_MESSAGE);
        const returnUrl = sameOriginPath(flow.returnUrl, origin, DEFAULT_RETURN);
        if (request.query.state !== flow.state) return loginPage(reply, 400, returnUrl, MISMATCH_MESSAGE);

        let completed: Awaited<ReturnType<OpenIdSingleSignOn['complete']>>;
        try {
          completed = await sso.complete(new URL(request.url, origin), flow);
        } catch (error) {
          if (!(error instanceof SingleSignOnError)) throw error;
          return loginPage(reply, error.kind === 'unavailable' ? 502 : 400, returnUrl, error.message);
        }

        let user: Awaited<ReturnType<UsersService['accountForIdentity']>>;
        try {
          user = await users.accountForIdentity(completed.identity);
        } catch (error) {
          if (!(error instanceof AppError) || error.problem.kind !== 'forbidden') throw error;
          return loginPage(reply, 403, returnUrl, error.message);
        }
        const session = await account.openSession(
          user,
          {
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? null,
            previousToken: request.cookies[sessionCookie(config)],
          },
          completed.idToken,
        );
        setSessionCookie(reply, request, config, session);
        return reply.redirect(returnUrl, 302);
      },
    );
  };
}

function readFlow(raw: string | undefined): FlowCookie | undefined {
  if (!raw) return undefined;
  try {
    const parsed = FlowCookie.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
