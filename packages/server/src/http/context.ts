/** What the HTTP layer attaches to each request, and what a route may declare about itself. */
import type { CurrentUser } from '../modules/users/service';

export const SESSION_COOKIE = 'manway_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null: set for every request before routes run. */
    user: CurrentUser | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, health, API docs). Every other API route requires one. */
    public?: boolean;
    /** Reachable while the database is not ready (health, docs). */
    withoutDatabase?: boolean;
  }
}
