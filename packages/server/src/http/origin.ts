import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** Our own origin: BASE_URL when set (behind a proxy), else what the request was addressed to. */
export function ownOrigin(request: FastifyRequest, config: Pick<Config, 'baseUrl'>): string {
  return config.baseUrl ? new URL(config.baseUrl).origin : `${request.protocol}://${request.host}`;
}

export function isHttps(request: FastifyRequest, config: Pick<Config, 'baseUrl'>): boolean {
  return ownOrigin(request, config).startsWith('https:');
}
