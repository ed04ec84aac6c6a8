import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageBody, ModelStateBody } from '@manway/core/api/errors';
import {
  AssetSubtypeList,
  DictionaryParams,
  LookupParams,
  LookupQuery,
  LookupResult,
  ObjectDetails,
  ObjectParams,
  ObjectQuery,
  ObjectTypeList,
  PropertiesQuery,
  PropertyMetadataList,
  Shortcuts,
  TypeParams,
} from '@manway/core/api/objects';
import type { CurrentUser } from '../users/service';
import type { ObjectsService } from './service';

const errors = { 400: ModelStateBody, 401: MessageBody };

export function objectsRoutes(objects: ObjectsService) {
  return async (base: FastifyInstance) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const user = (request: { user: CurrentUser | null }) => request.user as CurrentUser;

    app.get(
      '/api/object-types',
      {
        schema: {
          summary: 'The object types of the network, with their connectivity and geometry types',
          tags: ['metadata'],
          response: { 200: ObjectTypeList, 401: MessageBody },
        },
      },
      async () => objects.objectTypes(),
    );

    app.get(
      '/api/metadata/objects/:type/properties',
      {
        schema: {
          summary: 'Property metadata of an object type: names, labels, value model types, units and options',
          description:
            'type: Node, Section, Lateral, Inspection or Observation. props narrows to a comma-separated list; ' +
            'jobOrAssetType to an asset subtype (assets) or an inspected asset type (inspections); nesting=true ' +
            "adds nested properties (an inspection's observations, an asset's location).",
          tags: ['metadata'],
          params: TypeParams,
          querystring: PropertiesQuery,
          response: { 200: PropertyMetadataList, ...errors },
        },
      },
      async (request) => objects.properties(request.params.type, request.query),
    );

    app.get(
      '/api/dictionaries/:standardId/:type/asset-subtypes',
      {
        schema: {
          summary: 'The asset subtypes of an object type that a standard applies to',
          tags: ['metadata'],
          params: DictionaryParams,
          response: { 200: AssetSubtypeList, ...errors, 404: MessageBody },
        },
      },
      async (request) => objects.assetSubtypes(request.params.standardId, request.params.type),
    );

    app.get(
      '/api/objects/:type/:id',
      {
        schema: {
          summary: 'One object: an asset (Node, Section, Lateral), Inspection, Observation, Subject or Project',
          description: "Opening an asset or an inspection adds it to the user's recent shortcuts.",
          tags: ['objects'],
          params: ObjectParams,
          querystring: ObjectQuery,
          response: { 200: ObjectDetails, ...errors, 404: MessageBody },
        },
      },
      async (request) => objects.object(user(request), request.params.type, request.params.id, request.query),
    );

    app.get(
      '/api/lookup/:objectType',
      {
        schema: {
          summary: 'Find assets by readable id: prefix matches first, then ids containing the text',
          tags: ['objects'],
          params: LookupParams,
          querystring: LookupQuery,
          response: { 200: LookupResult, ...errors },
        },
      },
      async (request) => objects.lookup(request.params.objectType, request.query),
    );

    app.get(
      '/api/shortcuts/inspections',
      {
        schema: {
          summary: "The user's pinned and recently opened inspections",
          tags: ['objects'],
          response: { 200: Shortcuts, 401: MessageBody },
        },
      },
      async (request) => objects.shortcuts(user(request), 'inspection'),
    );

    app.get(
      '/api/shortcuts/assets',
      {
        schema: {
          summary: "The user's pinned and recently opened assets",
          tags: ['objects'],
          response: { 200: Shortcuts, 401: MessageBody },
        },
      },
      async (request) => objects.shortcuts(user(request), 'asset'),
    );
  };
}
