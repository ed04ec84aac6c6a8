/**
 * Responses are written by a serialiser compiled once per route from the response schema
 * (fast-json-stringify, Fastify's own), not validated field by field on every answer: what crosses
 * the wire is still only what the schema names, at a fraction of the cost. A schema that JSON Schema
 * cannot express (a transform) keeps zod's checked serialisation.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as checkedSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const compiledSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = z.toJSONSchema(route.schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  } catch {
    return checkedSerializer(route);
  }
  return fastJson(jsonSchema as unknown as Parameters<typeof fastJson>[0]);
};
