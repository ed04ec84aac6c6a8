/**
 * Headers that keep our pages from being framed, sniffed or leaking addresses, on every answer. HTML
 * pages get a Content-Security-Policy that allows only our own scripts (the web app's one inline
 * script, its settings, by hash), so an injected script cannot run; basemap tiles may come from any
 * https server, and from the plain-http servers of the basemaps an administrator configured.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The policy of a page whose only inline scripts are `inlineScripts` (their text, without the tag),
 * whose images and tiles may also come from `imageSources` (origins, as a policy writes them).
 */
export function pagePolicy(inlineScripts: string[] = [], imageSources: readonly string[] = []): string {
  const hashes = inlineScripts.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`);
  const extra = imageSources.map((source) => ` ${source}`).join('');
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...hashes].join(' '),
    // React and OpenLayers set style attributes; the sign-in page has its own style element.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${extra}`,
    `connect-src 'self' https:${extra}`,
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const DEFAULT_PAGE_POLICY = pagePolicy();

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    void reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'same-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html')) return payload;
    void reply.header('x-frame-options', 'DENY');
    // The API's own documentation page brings its own policy (@fastify/swagger-ui).
    if (!reply.hasHeader('content-security-policy') && !request.routeOptions.url?.startsWith('/api/docs')) {
      void reply.header('content-security-policy', DEFAULT_PAGE_POLICY);
    }
    return payload;
  });
}
