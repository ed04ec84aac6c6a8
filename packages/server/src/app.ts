/** Builds the Fastify application from its plugins; main.ts and the tests both start here. */
import { readFileSync } from 'node:fs';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/connection';
import { fail } from './errors';
import { sessionCookie } from './http/context';
import { registerCsrfGuard } from './http/csrf';
import { registerErrorHandling } from './http/errors';
import { registerAccessControl } from './http/access';
import { isApiPath } from './http/permissions';
import { registerInputGuard } from './http/input-guard';
import { RequestLog, type LoggerOptions } from './http/logging';
import { registerMetrics } from './http/metrics';
import { registerHostGuard } from './http/origin';
import { registerSecurityHeaders } from './http/security-headers';
import { compiledSerializerCompiler } from './http/serializer';
import { registerWebApp } from './http/web';
import type { OpenIdSingleSignOn } from './modules/account/oidc';
import { oidcRoutes } from './modules/account/oidc-routes';
import { accountRoutes } from './modules/account/routes';
import { filtersRoutes } from './modules/filters/routes';
import { formsRoutes } from './modules/forms/routes';
import { healthRoutes } from './modules/health/routes';
import { inspectionsRoutes } from './modules/inspections/routes';
import { locationsRoutes } from './modules/locations/routes';
import { mapRoutes } from './modules/map/routes';
import { objectsRoutes } from './modules/objects/routes';
import { observationsRoutes } from './modules/observations/routes';
import { mediaRoutes } from './modules/media/routes';
import { reportsRoutes } from './modules/reports/routes';
import { dashboardsRoutes } from './modules/dashboards/routes';
import { auditRoutes } from './modules/audit/routes';
import { userAdminRoutes } from './modules/user-admin/routes';
import { licensingRoutes } from './modules/licensing/routes';
import { settingsRoutes } from './modules/settings/routes';
import { installationSettingsRoutes } from './modules/installation-settings/routes';
import { sharedLinksRoutes } from './modules/shared-links/routes';
import { syncExportRoutes } from './modules/sync-export/routes';
import { syncImportRoutes } from './modules/sync-import/routes';
import { webSyncRoutes } from './modules/websync/routes';
import { tasksRoutes } from './modules/tasks/routes';
import { tilesRoutes } from './modules/tiles/routes';
import { workRoutes } from './modules/work/routes';
import type { Readiness } from './platform';
import type { Services } from './services';

export interface AppDeps {
  config: Config;
  db: Database;
  services: Services;
  readiness: Readiness;
  /** packages/web/dist; omitted in API-only tests. */
  webDistDir?: string;
  /** OpenID Connect single sign-on, when configured (singleSignOnFromConfig). */
  sso?: OpenIdSingleSignOn;
  /** Pino options from http/logging.ts; no log when omitted. */
  logger?: LoggerOptions;
}

/** One product version, kept in the root package.json. */
export const API_VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, readiness, services } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: new RequestLog(),
    bodyLimit: 1024 * 1024,
    // request.ip is the client's only behind the proxies TRUST_PROXY names; the sign-in throttle keys on it.
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);

  // Error handling first: plugins registered before it would keep Fastify's default handler.
  registerErrorHandling(app);
  registerHostGuard(app, config);
  registerSecurityHeaders(app);
  // Cookies are parsed in an onRequest hook of their own, which must run before the access hook.
  await app.register(cookie);
  await app.register(formbody);
  // Observation and connected-subject submissions (decision 0023). Routes read the parts as streams; a
  // file one byte over the media limit is cut off by the parser, and the store's own count refuses it.
  await app.register(multipart, { limits: { fileSize: config.mediaMaxBytes + 1 } });
  registerCsrfGuard(app, config);

  // Until the database is ready, API calls answer its state; the settings loader shows the matching page.
  app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions;
    if (readiness.ready || !route.url || !isApiPath(route.url) || route.config.withoutDatabase) return;
    const s = readiness.state;
    if (s.status === 'failed') throw fail.coded(s.code, s.detail);
    void reply.header('retry-after', '2');
    return reply.status(503).send({ message: 'The server is starting. Try again in a few seconds.' });
  });
  // Before any route is added: every API route gets its rule from the permission table.
  registerAccessControl(app, {
    account: services.account,
    readiness,
    config,
    owners: services.websync,
    licensing: services.licensing,
    instances: services.instances,
  });
  registerInputGuard(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Manway API', version: API_VERSION, description: 'The calls the Manway editions make.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: sessionCookie(config) } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The docs UI's own routes need no database.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config as object), withoutDatabase: true };
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/api/openapi.json', { config: { withoutDatabase: true }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  registerMetrics(app, { db: deps.db, jobs: services.jobs, syncTasks: services.syncAgent });
  await app.register(healthRoutes(readiness, deps.db.kind));
  await app.register(accountRoutes(services.account, config, deps.sso));
  if (deps.sso) await app.register(oidcRoutes(deps.sso, services.account, services.users, config));
  await app.register(settingsRoutes(services.settings));
  await app.register(installationSettingsRoutes(services.installationSettings));
  await app.register(licensingRoutes(services.licensing, services.instances));
  await app.register(auditRoutes(services.audit));
  await app.register(userAdminRoutes(services.userAdmin));
  await app.register(objectsRoutes(services.objects));
  await app.register(formsRoutes(services.forms));
  await app.register(locationsRoutes(services.locations));
  await app.register(mapRoutes(services.map));
  await app.register(tilesRoutes(services.tiles));
  await app.register(filtersRoutes(services.filters));
  await app.register(workRoutes(services.work));
  await app.register(inspectionsRoutes(services.inspections));
  await app.register(tasksRoutes(services.tasks));
  await app.register(observationsRoutes(services.observations));
  await app.register(mediaRoutes(services.media, services.resumableUploads));
  await app.register(webSyncRoutes(services.websync, services.syncAgent));
  await app.register(syncExportRoutes(services.syncExport));
  await app.register(syncImportRoutes(services.syncImport));
  await app.register(reportsRoutes(services.reports));
  await app.register(dashboardsRoutes(services.dashboards));
  await app.register(sharedLinksRoutes(services.sharedLinks));
  if (deps.webDistDir) {
    await registerWebApp(app, {
      distDir: deps.webDistDir,
      readiness,
      basemapSources: () => services.installationSettings.httpBasemapSources(),
    });
  }
  return app;
}
