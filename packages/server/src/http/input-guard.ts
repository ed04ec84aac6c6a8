/**
 * Text no column can hold, refused at the edge for every route: PostgreSQL refuses NUL in text (a
 * 500 deep inside a query otherwise), and other control characters in names, ids and search terms
 * are never meant. Bodies may carry tabs and line breaks (remarks, descriptions). JSON nested deeper
 * than any of our documents is refused before a schema walks it.
 */
import type { FastifyInstance } from 'fastify';
import { jsonOffence, pathText, type JsonShapeLimits } from '@manway/core/rules/json-shape';
import { fail } from '../errors';

/** No request document of ours nests deeper; filters, the deepest, stay well under it. */
export const MAX_JSON_DEPTH = 32;

// Matching control characters is the point of these two patterns.
/* eslint-disable no-control-regex */
const PARAMETERS: JsonShapeLimits = { maxDepth: 2, forbidden: /[\u0000-\u001f\u007f]/ };
const BODY: JsonShapeLimits = { maxDepth: MAX_JSON_DEPTH, forbidden: /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/ };
/* eslint-enable no-control-regex */

const PROBLEMS = {
  'forbidden-character': 'Control characters (such as NUL) are not allowed.',
  'too-deep': `Nested more than ${MAX_JSON_DEPTH} levels deep.`,
};

function refuse(value: unknown, limits: JsonShapeLimits, root: string): void {
  const offence = jsonOffence(value, limits);
  if (offence) throw fail.field(pathText(offence.path) || root, PROBLEMS[offence.problem]);
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuse(request.params, PARAMETERS, 'path');
    refuse(request.query, PARAMETERS, 'query');
    const body = request.body;
    // Streamed bodies (media chunks) are bytes, not text.
    if (body !== null && typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe !== 'function') {
      refuse(body, BODY, 'body');
    }
  });
}
