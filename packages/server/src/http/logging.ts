/**
 * The server's log: one line per request (Fastify's own pair, "incoming request" and "request
 * completed", becomes one line written when the answer has gone), readable and coloured on a
 * terminal and named by the system — the demo runs the Office and the Field in one terminal — and
 * JSON lines for a log collector when the output is not a terminal or in production.
 */
import { hostname } from 'node:os';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from '../config';

export type LogFormat = 'pretty' | 'json';

export const SYSTEM_NAMES: Record<Config['role'], string> = { office: 'Office', field: 'Field' };

/** `auto` follows the output: a terminal reads lines, anything else (a file, a collector) gets JSON. */
export function chooseLogFormat(requested: Config['logFormat'], stdoutIsTTY: boolean): LogFormat {
  if (requested !== 'auto') return requested;
  return stdoutIsTTY ? 'pretty' : 'json';
}

export interface LogSetup {
  level: string;
  format: LogFormat;
  colour: boolean;
  /** Office or Field: every line carries it. */
  system: string;
  /** Where lines go; standard output by default (tests capture them). */
  destination?: NodeJS.WritableStream;
}

export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** The request line's message; the readable form recognises it. */
const REQUEST_MESSAGE = 'request completed';

/** Fields the readable line shows in its own words, or leaves out as noise on a terminal. */
const SHOWN_IN_LINE = 'time,level,pid,hostname,system,reqId,method,url,route,statusCode,responseTime';

export function loggerOptions(setup: LogSetup): LoggerOptions {
  if (setup.format === 'json') {
    return {
      level: setup.level,
      base: { pid: process.pid, hostname: hostname(), system: setup.system },
      ...(setup.destination ? { stream: setup.destination } : {}),
    };
  }
  return {
    level: setup.level,
    base: { system: setup.system },
    // In the main thread rather than pino's worker transport: a function formats the line, and a
    // terminal's few lines a second cost nothing. Synchronous, so the last lines before an exit show.
    stream: pretty({
      colorize: setup.colour,
      sync: true,
      destination: setup.destination ?? 1,
      ignore: SHOWN_IN_LINE,
      // The line colours its own parts; pino-pretty would paint the whole message cyan.
      customColors: 'message:reset',
      messageFormat: readableLine,
    }),
  };
}

/** `Office 14:03:07.412 GET /api/objects/Node/12 200 4.1 ms`; other lines: name, time, level unless info, text. */
const readableLine: pretty.MessageFormatFunc = (log, messageKey, _levelLabel, { colors }) => {
  const system = String(log.system ?? '');
  const name = (system === 'Field' ? colors.magenta : system === 'Office' ? colors.cyan : colors.blue)(
    system.padEnd(6),
  );
  const time = colors.gray(clock(Number(log.time)));
  const level = Number(log.level);
  const label =
    level >= 60
      ? `${colors.bgRed('FATAL')} `
      : level >= 50
        ? `${colors.red('ERROR')} `
        : level >= 40
          ? `${colors.yellow('WARN')} `
          : level < 30
            ? `${colors.gray(level >= 20 ? 'DEBUG' : 'TRACE')} `
            : '';
  const text = String(log[messageKey] ?? '');
  if (text !== REQUEST_MESSAGE || typeof log.statusCode !== 'number') return `${name} ${time} ${label}${text}`;
  const status = log.statusCode;
  const statusColour =
    status >= 500 ? colors.red : status >= 400 ? colors.yellow : status >= 300 ? colors.cyan : colors.green;
  const ms = typeof log.responseTime === 'number' ? colors.gray(`${log.responseTime.toFixed(1)} ms`) : '';
  return `${name} ${time} ${label}${String(log.method)} ${String(log.url)} ${statusColour(String(status))} ${ms}`.trimEnd();
};

function clock(epochMs: number): string {
  const d = new Date(epochMs);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

/** Polled by load balancers, orchestrators and `npm start` while a system starts: lines at debug. */
const QUIET_ROUTES = new Set(['/api/health']);

/**
 * Fastify's request logging with one line per request, written once the answer has gone, carrying
 * the matched route pattern beside the URL (a collector groups by it). An unexpected error has its
 * own line with the stack from the error handler, so the request line of a 5xx is a warning; 503s
 * are expected while the database starts or is away.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  /** The not-found handler answers 404 and the request line says so. */
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const statusCode = reply.statusCode;
    const fields = {
      method: request.method,
      url: request.url,
      route: request.routeOptions.url,
      statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...fields, err: error }, REQUEST_MESSAGE);
    else if (QUIET_ROUTES.has(fields.route ?? '')) reply.log.debug(fields, REQUEST_MESSAGE);
    else if (statusCode >= 500) reply.log.warn(fields, REQUEST_MESSAGE);
    else reply.log.info(fields, REQUEST_MESSAGE);
  }
}
