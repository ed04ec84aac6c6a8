/** Turns whatever a route threw into the catalogue's status and body (STYLE.md 7). */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, problemFromDatabaseError, problemToHttp } from '../errors';
import { isApiPath } from './permissions';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let problem = error instanceof AppError ? error.problem : undefined;
    if (!problem && hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const v of error.validation) {
        const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const key =
          path ||
          (v.params as { issue?: { path?: unknown[] } }).issue?.path?.join('.') ||
          error.validationContext ||
          'body';
        (fields[key] ??= []).push(v.message ?? 'The value is not valid.');
      }
      problem = { kind: 'validation', message: 'The request is invalid.', fields };
    }
    problem ??= problemFromDatabaseError(error);
    if (!problem && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own refusals (malformed JSON, wrong content type, body too large) keep their status.
      const field = error.code?.startsWith('FST_ERR_CTP') ? 'body' : 'request';
      const status =
        error.statusCode === 415 || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 400 : error.statusCode;
      return reply
        .status(status)
        .send(
          status === 400
            ? { Message: 'The request is invalid.', ModelState: { [field]: [error.message] } }
            : { message: error.message },
        );
    }
    if (!problem) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: 'Something unexpected just happened' });
    }
    const http = problemToHttp(problem, request.routeOptions.url);
    if (http.headers) void reply.headers(http.headers);
    // The catalogue shapes error bodies: a route's declared 400 (ModelState) must not turn a db-state
    // or licensing code into a serialisation 500.
    return reply.status(http.status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(http.body);
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) {
      return reply.status(404).send({ code: 'server/path-not-found', message: 'Address not found' });
    }
    return reply
      .status(404)
      .type('text/html')
      .send('<!doctype html><title>Not found</title><p>Address not found. <a href="/">Manway</a></p>');
  });
}
