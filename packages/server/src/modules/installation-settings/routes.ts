import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CodeBody, MessageBody, ModelStateBody } from '@manway/core/api/errors';
import {
  InstallationGeneral,
  InstallationGeneralUpdate,
  InstallationMap,
  InstallationMapUpdate,
} from '@manway/core/api/installation-settings';
import type { CurrentUser } from '../users/service';
import type { InstallationSettingsService } from './service';

const errors = { 400: ModelStateBody, 401: MessageBody, 403: MessageBody, 409: CodeBody };

/** Ours: the settings edition's General settings and Map settings pages (administrators). */
export function installationSettingsRoutes(settings: InstallationSettingsService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const tags = ['settings'];

    app.get(
      '/api/admin/settings/general',
      {
        schema: {
          summary: "The installation's general settings, with their version",
          description: 'Version 0: nobody has saved them yet, and these are the defaults.',
          tags,
          response: { 200: InstallationGeneral, ...errors },
        },
      },
      async () => settings.general(),
    );

    app.put(
      '/api/admin/settings/general',
      {
        schema: {
          summary: "Replace the installation's general settings",
          description:
            'With the version read: settings saved meanwhile answer 409. The coordinate format is the one of users who ' +
            'chose none; pages already open use the new settings once restarted.',
          tags,
          body: InstallationGeneralUpdate,
          response: { 200: InstallationGeneral, ...errors },
        },
      },
      async (request) => settings.saveGeneral(request.user as CurrentUser, request.body),
    );

    app.get(
      '/api/admin/settings/map',
      {
        schema: {
          summary: 'The basemaps, the default one and the start extent, with their version and the network’s extent',
          description:
            'initialExtent null: the map opens on the whole network (networkExtent, null while it is empty).',
          tags,
          response: { 200: InstallationMap, ...errors },
        },
      },
      async () => settings.map(),
    );

    app.put(
      '/api/admin/settings/map',
      {
        schema: {
          summary: 'Replace the basemaps, the default one and the start extent',
          description:
            'With the version read: settings saved meanwhile answer 409. A bad basemap answers 400 at its field ' +
            '(basemaps.2.url). The offline "No basemap" choice is kept first, and added when missing.',
          tags,
          body: InstallationMapUpdate,
          response: { 200: InstallationMap, ...errors },
        },
      },
      async (request) => settings.saveMap(request.user as CurrentUser, request.body),
    );
  };
}
