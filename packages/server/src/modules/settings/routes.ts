import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  Applications,
  GeneralSettings,
  InspectionStandards,
  MapSettings,
  UserSettings,
  UserSettingsUpdate,
} from '@manway/core/api/settings';
import { APPLICATION_EDITION_HEADER, isEdition } from '@manway/core/editions';
import { CodeBody, MessageBody, ModelStateBody } from '@manway/core/api/errors';
import { z } from 'zod';
import type { CurrentUser } from '../users/service';
import type { SettingsService } from './service';

const editionHeader = z.object({ [APPLICATION_EDITION_HEADER]: z.string().max(40).optional() });

export function settingsRoutes(settings: SettingsService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    // The session guard has run: every route here has a user.
    const user = (request: { user: CurrentUser | null }) => request.user as CurrentUser;

    app.get(
      '/api/applications',
      {
        schema: {
          summary: 'The editions this installation has, and which the user may open',
          tags: ['settings'],
          response: { 200: Applications },
        },
      },
      async (request) => settings.applications(user(request)),
    );

    app.get(
      '/api/settings/general',
      {
        schema: {
          summary: 'Settings every edition loads first',
          description:
            'Answers 400 with a db-state code when the database is unreachable, unsupported or of another structure version, ' +
            'a licensing code when the edition is not registered, and 403 when the user may not open the edition.',
          tags: ['settings'],
          headers: editionHeader,
          response: { 200: GeneralSettings, 400: CodeBody, 403: MessageBody },
        },
      },
      async (request) => {
        const raw = request.headers[APPLICATION_EDITION_HEADER];
        return settings.general(user(request), isEdition(raw) ? raw : undefined);
      },
    );

    app.get(
      '/api/settings/user',
      { schema: { summary: "The user's own preferences", tags: ['settings'], response: { 200: UserSettings } } },
      async (request) => settings.userSettings(user(request)),
    );

    app.put(
      '/api/settings/user',
      {
        schema: {
          summary: "Replace the user's own preferences",
          description:
            'A request without inspectionProfile keeps the stored one. A newly chosen inspectionProfile.standardId must ' +
            'be one of GET api/settings/standards (400 naming it otherwise); an empty camera is stored as null.',
          tags: ['settings'],
          body: UserSettingsUpdate,
          response: { 200: UserSettings, 400: ModelStateBody, 403: MessageBody },
        },
      },
      async (request) => settings.saveUserSettings(user(request), request.body),
    );

    app.get(
      '/api/settings/standards',
      {
        schema: {
          summary: 'The standards an inspection profile may name: those with an inspection form',
          tags: ['settings'],
          response: { 200: InspectionStandards },
        },
      },
      async () => settings.inspectionStandards(),
    );

    app.get(
      '/api/settings/map',
      { schema: { summary: 'Basemaps and the initial extent', tags: ['settings'], response: { 200: MapSettings } } },
      async () => settings.map(),
    );
  };
}
