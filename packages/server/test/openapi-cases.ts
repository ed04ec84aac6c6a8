/**
 * Requests generated from the server's own OpenAPI document, for the checks that cover every route
 * present and future (api-contract.test.ts): the operations, sample values that reach each route,
 * a fixed list of hostile inputs, fast-check arbitraries over each schema, and a raw HTTP client
 * that sends paths exactly as written (fetch would normalise `/./` and `//`).
 */
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  required?: string[];
  nullable?: boolean;
  maxLength?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
}

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** As OpenAPI writes it: /api/objects/{type}/{id}. */
  path: string;
  /** As the router and the permission table write it: /api/objects/:type/:id. */
  route: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
  /** The body is bytes (media chunks), not JSON. */
  binaryBody: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      ops.push({
        method: method.toUpperCase(),
        path,
        route: path.replace(/\{(\w+)\}/g, ':$1'),
        parameters: (op.parameters ?? []).map((p) => ({ ...p, required: p.required ?? false })),
        body: op.requestBody?.content['application/json']?.schema,
        binaryBody: op.requestBody === undefined && method === 'put' && path.endsWith('/content'),
      });
    }
  }
  return ops;
}

/** Percent-encoded for a URL; a lone surrogate, which has no UTF-8, goes as the bytes a careless client sends. */
export function urlEncoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

export const isUnsafe = (op: Operation) => !['GET', 'HEAD', 'OPTIONS'].includes(op.method);

const SAMPLE_UUID = '00000000-0000-4000-8000-000000000001';

/** A value that reaches the route's handler for a path parameter (not necessarily an existing object). */
function samplePathValue(p: Parameter): string {
  const s = p.schema;
  if (s.enum?.length) return String(s.enum[0]);
  if (s.type === 'integer' || s.type === 'number') return '1';
  if (s.format === 'uuid' || /globalId$/i.test(p.name)) return SAMPLE_UUID;
  if (/type$|^layer$/i.test(p.name)) return 'Node';
  if (['z', 'x', 'y'].includes(p.name)) return '1';
  return 'sample';
}

/** The operation's path with sample values, one parameter optionally replaced by `raw` (sent as is). */
export function pathWith(op: Operation, replace?: { name: string; raw: string }): string {
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (replace?.name === name) return replace.raw;
    const p = op.parameters.find((x) => x.in === 'path' && x.name === name)!;
    return encodeURIComponent(samplePathValue(p));
  });
}

export const queryParameters = (op: Operation) => op.parameters.filter((p) => p.in === 'query');
export const pathParameters = (op: Operation) => op.parameters.filter((p) => p.in === 'path');

/** Text that has broken servers: wrong types, limits, NUL and control characters, SQL and path tricks. */
export const HOSTILE_TEXT = [
  '',
  ' ',
  'abc',
  '-1',
  '0',
  '1.5',
  '1e400',
  '-99999999999999999999',
  '99999999999999999999',
  'NaN',
  'Infinity',
  'true',
  'null',
  '[]',
  '{',
  '{"a":',
  '\u0000',
  'a\u0000b',
  '\u0001\u001b[31m\u007f',
  'line\r\nInjected-Header: yes',
  "' OR '1'='1' --",
  '1; DROP TABLE users; --',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f%2e%2e%2f',
  '<script>alert(1)</script>',
  '\ud800',
  '🙂🙂',
  '0000-01-01T00:00:00Z',
  '10000-01-01T00:00:00Z',
  'yesterday at noon',
  '2147483648',
  '-9223372036854775809',
];

/** Huge values: a URL carries what a header may (8 kB); a body carries 100 kB strings. */
export const HUGE_PARAMETER = 'x'.repeat(8_000);
export const HUGE_STRING = 'y'.repeat(100_000);

export function deepArray(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

export function deepObject(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Bodies that are not what any operation takes, as raw text. */
export const HOSTILE_BODIES = [
  '{',
  '{"a":',
  '[1,]',
  'nul',
  '\u0000',
  '"\u0000"',
  'null',
  '[]',
  '"text"',
  '12',
  'true',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  deepArray(2_000),
  deepObject(2_000),
];

/** Values each body property is set to in turn. */
export const HOSTILE_VALUES: unknown[] = [
  null,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 2,
  '',
  '\u0000',
  'tab\there',
  HUGE_STRING,
  [],
  Array.from({ length: 5_000 }, (_, i) => i),
  {},
  true,
  "' OR '1'='1' --",
  '../../../../etc/passwd',
  '0000-01-01T00:00:00Z',
  '10000-12-31T23:59:59Z',
  'not a date',
  'zz',
  'abc',
  JSON.parse(deepArray(100)) as unknown,
];

/** An arbitrary over a JSON schema that mostly keeps its shape and sometimes breaks it. */
export function arbitraryFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const anything = fc.jsonValue({ maxDepth: 2 });
  if (!schema || depth > 4) return anything;
  const shaped = shapedArbitrary(schema, depth);
  return fc.oneof({ arbitrary: shaped, weight: 4 }, { arbitrary: anything, weight: 1 });
}

function shapedArbitrary(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (s.enum?.length) return fc.oneof(fc.constantFrom(...s.enum), fc.string());
  const alternatives = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => arbitraryFor(a, depth + 1)));
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return fc.oneof(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.constantFrom(...HOSTILE_TEXT),
        s.format === 'uuid' ? fc.uuid() : fc.string({ maxLength: 12 }),
        s.format === 'date-time' ? fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) : fc.string(),
      );
    case 'integer':
      return fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 63)), fc.nat(50));
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.nat(50));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(arbitraryFor(s.items, depth + 1), { maxLength: 4 });
    case 'object': {
      const props = Object.entries(s.properties ?? {});
      if (props.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }));
      return fc.record(Object.fromEntries(props.map(([k, v]) => [k, arbitraryFor(v, depth + 1)])), {
        requiredKeys: [],
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

/** One request with the path exactly as given (no normalisation), the body as raw text or bytes. */
export function rawRequest(
  base: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path, headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.end(options.body);
    else req.end();
  });
}
