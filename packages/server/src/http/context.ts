/** What the HTTP layer attaches to each request, and what a route may declare about itself. */
import type { Config } from '../config';
import type { CurrentUser } from '../modules/users/service';

export const SESSION_COOKIE = 'manway_session';

/**
 * The session cookie's name. A Field system's differs from the Office's: browsers share cookies
 * between the ports of one host, so with one name signing in to the Field (localhost:8081) would
 * sign the same browser out of the Office (localhost:8080).
 */
export function sessionCookie(config: Pick<Config, 'role'>): string {
  return config.role === 'field' ? 'manway_field_session' : SESSION_COOKIE;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null: set for every request before routes run. */
    user: CurrentUser | null;
    /** The id of the signed-in user's session (never its token): what a page's seat belongs to. */
    signInSessionId: string | null;
  }
  interface FastifyContextConfig {
    /** Reachable while the database is not ready (health, docs). */
    withoutDatabase?: boolean;
  }
}
