/**
 * Decides every call's access from the permission table, on the route the router matched — never
 * on the raw URL, which a percent-encoded or oddly written path would slip past. The session is
 * resolved before the body is read, so an anonymous caller is refused before sending megabytes or
 * learning anything from schema errors. Owner rules need the validated ids and run just before the
 * handler.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APPLICATION_EDITION_HEADER } from '@manway/core/editions';
import type { Config } from '../config';
import { fail } from '../errors';
import type { AccountService } from '../modules/account/service';
import type { InstanceRegistry } from '../modules/licensing/instances';
import type { LicensingService } from '../modules/licensing/service';
import type { CurrentUser } from '../modules/users/service';
import type { Readiness } from '../platform';
import { sessionCookie } from './context';
import { isApiPath, permits, ruleFor, type OwnerRule, type Rule } from './permissions';

/** Who owns schedules and sync-agent tasks, from the module that keeps them. */
export interface OwnerLookup {
  /** The owning user id of each id found; ids that do not exist are left out. */
  owners(kind: 'schedule' | 'sync-task', ids: number[]): Promise<Map<number, string | null>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's rule from the permission table; set for every route when it is added. */
    rule?: Rule;
  }
}

export function registerAccessControl(
  app: FastifyInstance,
  deps: {
    account: AccountService;
    readiness: Readiness;
    config: Config;
    owners: OwnerLookup;
    licensing: Pick<LicensingService, 'requireOfficeEditing'>;
    instances: Pick<InstanceRegistry, 'assertWithinLimit'>;
  },
): void {
  const cookie = sessionCookie(deps.config);
  app.decorateRequest('user', null);
  app.decorateRequest('signInSessionId', null);

  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    for (const method of [route.method].flat()) {
      const rule = ruleFor(method, route.url);
      if (!rule) throw new Error(`${method} ${route.url} has no entry in the permission table (http/permissions.ts)`);
      route.config = { ...(route.config as object), rule };
      // The API's description says which calls need no session.
      if (rule.permission === 'public' && route.schema) route.schema = { ...route.schema, security: [] };
    }
  });

  app.addHook('onRequest', async (request) => {
    // Without a database nobody can be resolved; the routes that still run then need no user.
    if (!deps.readiness.ready) return;
    const token = request.cookies[cookie];
    const session = token ? await deps.account.resolve(token) : undefined;
    request.user = session?.user ?? null;
    request.signInSessionId = session?.sessionId ?? null;
    // An unknown address is a 404 for everyone; asking to sign in first would only hide that.
    const rule = request.routeOptions.config.rule;
    if (!rule || request.is404) return;
    if (!permits(rule.permission, request.user)) throw request.user ? fail.forbidden() : fail.unauthenticated();
    // A process past the licence's instance limit serves nothing but signing in and its health.
    if (rule.permission !== 'public') deps.instances.assertWithinLimit();
    // Changing the network from the Office needs its editing licence (main-app section 6).
    if (rule.permission === 'editor')
      await deps.licensing.requireOfficeEditing(request.headers[APPLICATION_EDITION_HEADER]);
  });

  app.addHook('preHandler', async (request) => {
    const rules = request.routeOptions.config.rule?.owners;
    const user = request.user;
    if (!rules || !user || user.role === 'administrator') return;
    for (const r of rules) await checkOwner(r, request, user, deps.owners);
  });
}

async function checkOwner(r: OwnerRule, request: FastifyRequest, user: CurrentUser, lookup: OwnerLookup) {
  const values = valuesAt(request, r.at);
  if (values.length === 0) return;
  if (r.owner === 'self' || r.owner === 'self-login') {
    const own =
      r.owner === 'self' ? (v: string) => v === user.id : (v: string) => v.toLowerCase() === user.login.toLowerCase();
    if (!values.every((v) => own(String(v)))) throw fail.forbidden();
    return;
  }
  const ids = values.filter((v): v is number => typeof v === 'number');
  const owners = await lookup.owners(r.owner, ids);
  for (const owner of owners.values()) if (owner !== user.id) throw fail.forbidden();
}

function valuesAt(request: FastifyRequest, at: OwnerRule['at']): unknown[] {
  const [source, key] = at.split('.') as ['query' | 'body', string];
  const holder = request[source] as Record<string, unknown> | null | undefined;
  const value = holder && typeof holder === 'object' ? holder[key] : undefined;
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}
