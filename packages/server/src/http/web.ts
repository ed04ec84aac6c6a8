/**
 * Serves the four editions built by packages/web: shared assets under /assets/, and each edition's
 * index.html for every path under its base (so deep links survive a reload), with the page's global
 * settings injected. Signed-out visitors are sent to the sign-in page first.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EDITION_BASE_PATHS, EDITIONS, type Edition } from '@manway/core/editions';
import type { Readiness } from '../platform';
import { pagePolicy } from './security-headers';

const CONFIG_PLACEHOLDER = '<!--manway:config-->';

export interface WebAppOptions {
  distDir: string;
  readiness: Readiness;
  /** The plain-http origins basemaps are configured at, which the page's policy must allow. */
  basemapSources?: () => Promise<string[]>;
}

export async function registerWebApp(
  app: FastifyInstance,
  { distDir, readiness, basemapSources }: WebAppOptions,
): Promise<void> {
  const pages = new Map<Edition, { html: string; script: string; policy: string }>();
  for (const edition of EDITIONS) {
    const file = join(distDir, EDITION_BASE_PATHS[edition], 'index.html');
    if (!existsSync(file)) continue;
    const config = { baseUrl: EDITION_BASE_PATHS[edition], apiBaseUrl: '/', edition };
    const script = `window.__MANWAY__=${JSON.stringify(config)}`;
    pages.set(edition, {
      html: readFileSync(file, 'utf8').replace(CONFIG_PLACEHOLDER, `<script>${script}</script>`),
      script,
      policy: pagePolicy([script]),
    });
  }

  if (existsSync(join(distDir, 'assets'))) {
    await app.register(fastifyStatic, {
      root: join(distDir, 'assets'),
      prefix: '/assets/',
      // File names carry a content hash: they never change, so browsers may keep them.
      immutable: true,
      maxAge: '365d',
    });
  }

  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(EDITION_BASE_PATHS['web-office'], 302));

  for (const edition of EDITIONS) {
    const basePath = EDITION_BASE_PATHS[edition];
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const page = pages.get(edition);
      if (!page) {
        return reply
          .status(503)
          .type('text/html')
          .send(
            '<!doctype html><title>Manway</title><p>The web app has not been built. Run <code>npm run build</code> and restart.</p>',
          );
      }
      // While the database is not ready the page still loads, so that it can show why.
      if (readiness.ready && !request.user) {
        return reply.redirect(`/api/account/login?returnUrl=${encodeURIComponent(request.url)}`, 302);
      }
      // Read at each page load, so a basemap an administrator adds is drawn once pages restart.
      const sources = readiness.ready && basemapSources ? await basemapSources().catch(() => []) : [];
      const policy = sources.length > 0 ? pagePolicy([page.script], sources) : page.policy;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', policy)
        .send(page.html);
    };
    app.get(basePath.slice(0, -1), { schema: { hide: true } }, (_request, reply) => reply.redirect(basePath, 302));
    app.get(basePath, { schema: { hide: true } }, handler);
    app.get(`${basePath}*`, { schema: { hide: true } }, handler);
  }
}
