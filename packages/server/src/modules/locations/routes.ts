import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CodeBody, MessageBody, ModelStateBody } from '@manway/core/api/errors';
import { LocationUpdate, LocationValue, UserLocationFix, UserLocationSaved } from '@manway/core/api/locations';
import { ObjectParams } from '@manway/core/api/objects';
import type { CurrentUser } from '../users/service';
import type { LocationsService } from './service';

export function locationsRoutes(locations: LocationsService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const user = (request: { user: CurrentUser | null }) => request.user as CurrentUser;

    app.get(
      '/api/locations/:type/:id',
      {
        schema: {
          summary: 'The location of an asset or subject',
          description:
            'The collected or imported location with its GPS fix; without one, the position of the object geometry ' +
            '(source imported-from-gis, version null).',
          tags: ['locations'],
          params: ObjectParams,
          response: { 200: LocationValue, 400: ModelStateBody, 401: MessageBody, 404: MessageBody },
        },
      },
      async (request) => locations.get(request.params.type, request.params.id),
    );

    app.post(
      '/api/locations/:type/:id',
      {
        schema: {
          summary: 'Set the location of an asset or subject',
          description:
            'Send the version read (null when none was stored); a stale version answers 409. Assets need editor permissions.',
          tags: ['locations'],
          params: ObjectParams,
          body: LocationUpdate,
          response: {
            200: LocationValue,
            400: ModelStateBody,
            401: MessageBody,
            403: MessageBody,
            404: MessageBody,
            409: CodeBody,
          },
        },
      },
      async (request) => locations.set(user(request), request.params.type, request.params.id, request.body),
    );

    app.post(
      '/api/user-locations',
      {
        schema: {
          summary: "Store the user's GPS fix",
          tags: ['locations'],
          body: UserLocationFix,
          response: { 201: UserLocationSaved, 400: ModelStateBody, 401: MessageBody, 403: MessageBody },
        },
      },
      async (request, reply) => reply.status(201).send(await locations.recordUserFix(user(request), request.body)),
    );
  };
}
