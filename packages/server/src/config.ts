/**
 * The environment, parsed once at start-up. Every bad variable is reported in one message so an
 * operator fixes them all in one go; nothing else in the server reads process.env.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { DEFAULT_SEED } from './modules/demo/demo-town';
import { DEFAULT_EXPORT_PAGE, MAX_EXPORT_PAGE } from '@manway/core/api/sync-export';
import { z } from 'zod';

const optionalUrl = z.string().trim().url().optional();

// proxy-addr's names for address ranges, which Fastify's trustProxy accepts beside addresses.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which proxies may say who the client is (X-Forwarded-For). `false` (the default)
 * trusts none: request.ip is the connecting address. `true` trusts every hop, right only when the
 * server cannot be reached except through the proxy; a list of the proxies' addresses and CIDR
 * ranges (or loopback, linklocal, uniquelocal) is the narrower choice. Hop counts are refused:
 * they cannot tell a proxy from a client that sends the header itself (Fastify trusts none for them).
 */
const TrustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | string[] => {
    if (value === 'true' || value === 'false') return value === 'true';
    const entries = value.split(',').map((v) => v.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        "true, false, or a comma-separated list of the proxies' addresses or CIDR ranges (or loopback, linklocal, uniquelocal)",
    });
    return z.NEVER;
  })
  .default(false);

/** A key prefix in the bucket: path segments as storage keys have them (objects.ts), without the slashes around. */
const S3Prefix = z
  .string()
  .trim()
  .transform((value) => value.replace(/^\/+|\/+$/g, ''))
  .refine(
    (value) => /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(value) && !value.includes('..'),
    'path segments of letters, digits, dots, dashes and underscores, e.g. manway/media',
  );

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl,
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    BASE_URL: optionalUrl,
    ROLE: z.enum(['office', 'field']).default('office'),
    OFFICE_URL: optionalUrl,
    OFFICE_LOGIN: z.string().trim().min(1).optional(),
    OFFICE_PASSWORD: z.string().min(1).optional(),
    SYNC_ACCOUNT_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    OFFICE_RETRY_SECONDS: z
      .string()
      .regex(/^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/, 'a comma-separated list of seconds, e.g. 2,5,15,30,60')
      .default('2,5,15,30,60'),
    MEDIA_MAX_MB: z.coerce.number().int().min(1).max(100_000).default(4096),
    MEDIA_STORAGE: z.enum(['disk', 's3']).default('disk'),
    MEDIA_S3_ENDPOINT: optionalUrl,
    MEDIA_S3_BUCKET: z.string().trim().min(1).optional(),
    MEDIA_S3_REGION: z.string().trim().min(1).optional(),
    MEDIA_S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    MEDIA_S3_PREFIX: S3Prefix.optional(),
    MEDIA_S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
    REPORT_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    SYNC_PAGE_SIZE: z.coerce.number().int().min(1).max(MAX_EXPORT_PAGE).default(DEFAULT_EXPORT_PAGE),
    DEFAULT_USER: z.string().trim().min(1).optional(),
    SEED_DEMO: z.enum(['true', 'false']).default('true'),
    SEED_DEMO_MEDIA: z.enum(['true', 'false']).default('true'),
    DEMO_SEED: z.coerce.number().int().min(0).max(2_147_483_647).default(DEFAULT_SEED),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 30)
      .default(480),
    SESSION_MAX_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(168),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
    LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
    TRUST_PROXY: TrustProxy,
    LOGIN_FAILURE_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
    NO_COLOR: z.string().optional(),
    NODE_ENV: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID].filter(Boolean).length;
    const office = [env.OFFICE_URL, env.OFFICE_LOGIN, env.OFFICE_PASSWORD].filter(Boolean).length;
    if (office > 0 && office < 3) {
      ctx.addIssue({
        code: 'custom',
        path: ['OFFICE_URL'],
        message: 'OFFICE_URL, OFFICE_LOGIN and OFFICE_PASSWORD go together',
      });
    }
    if (oidc === 1) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'OIDC_ISSUER and OIDC_CLIENT_ID go together' });
    }
    if (env.MEDIA_STORAGE === 's3' && !env.MEDIA_S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['MEDIA_S3_BUCKET'], message: 'required when MEDIA_STORAGE is s3' });
    }
    if (Boolean(env.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(env.MEDIA_S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['MEDIA_S3_ACCESS_KEY_ID'],
        message: 'MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together',
      });
    }
    // Settings for a bucket that is not used would keep media on this disk while the operator thinks
    // they go to S3.
    const s3Settings = Object.entries(env)
      .filter(([name, value]) => name.startsWith('MEDIA_S3_') && value !== undefined)
      .map(([name]) => name);
    if (env.MEDIA_STORAGE === 'disk' && s3Settings.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['MEDIA_STORAGE'],
        message: `${s3Settings.join(', ')} set: MEDIA_STORAGE=s3 keeps media in that bucket (or unset them to keep media on disk)`,
      });
    }
  });

/** Media files in a bucket of AWS S3 (no endpoint) or of an S3-compatible server. */
export interface S3MediaStorage {
  driver: 's3';
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID and the like, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Prepended to every storage key, without slashes around; undefined for none. */
  prefix: string | undefined;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name, as most S3-compatible servers want. */
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  /** Public origin when behind a proxy; drives Secure cookies and the allowed Origin. */
  baseUrl: string | undefined;
  role: 'office' | 'field';
  /** The Office system the sync agent copies from (a Field system's setting). */
  office: { url: string; login: string; password: string; retryDelaysMs: number[] } | undefined;
  /**
   * An Office system's demo service account for a Field's agent (`SYNC_ACCOUNT_LOGIN`), created
   * with the demo data when its password is set; `npm start` sets it for its Field system.
   */
  syncAccountPassword: string | undefined;
  /** Records per export page the sync agent asks for. */
  syncPageSize: number;
  /** The largest media file a sync upload may carry. */
  mediaMaxBytes: number;
  /**
   * How long a report's worker holds it without a sign of life (it renews as it goes); after that
   * the generation is taken to have died with its process and is sent again.
   */
  reportLeaseSeconds: number;
  /** Where complete media files are kept (MEDIA_STORAGE): under DATA_DIR/media, or in a bucket. */
  mediaStorage: { driver: 'disk' } | S3MediaStorage;
  defaultUser: string | undefined;
  seedDemo: boolean;
  /**
   * With the demo town, photos and survey videos for a few inspections (made with sharp and ffmpeg
   * at the first start) and the demo reports; the server tests leave them out, their media store
   * being per test file.
   */
  seedDemoMedia: boolean;
  /** Seed of the demo town: the same seed gives the same town on every back end. */
  demoSeed: number;
  session: { idleMinutes: number; maxHours: number };
  /**
   * Failed sign-ins counted per login and address (`maxFailures`) and per address across all logins
   * (`maxFailuresPerAddress`) over a sliding window.
   */
  loginThrottle: { maxFailures: number; maxFailuresPerAddress: number; windowMinutes: number };
  /** Fastify's trustProxy: which proxies' X-Forwarded-For decides request.ip (TRUST_PROXY). */
  trustProxy: boolean | string[];
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined } | undefined;
  logLevel: string;
  /**
   * `auto` is readable lines on a terminal and JSON lines elsewhere (http/logging.ts); NODE_ENV=production
   * makes it `json` unless LOG_FORMAT says otherwise.
   */
  logFormat: 'auto' | 'pretty' | 'json';
  /** Readable lines are coloured unless NO_COLOR is set (no-color.org). */
  logColour: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined>): Config {
  // Empty strings mean "unset", as shells and .env files commonly produce them.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ADMIN_PASSWORD,
    baseUrl: e.BASE_URL?.replace(/\/+$/, ''),
    role: e.ROLE,
    office:
      e.OFFICE_URL && e.OFFICE_LOGIN && e.OFFICE_PASSWORD
        ? {
            url: e.OFFICE_URL.replace(/\/+$/, ''),
            login: e.OFFICE_LOGIN,
            password: e.OFFICE_PASSWORD,
            retryDelaysMs: e.OFFICE_RETRY_SECONDS.split(',').map((v) => Math.round(Number(v.trim()) * 1000)),
          }
        : undefined,
    syncAccountPassword: e.SYNC_ACCOUNT_PASSWORD,
    syncPageSize: e.SYNC_PAGE_SIZE,
    mediaMaxBytes: e.MEDIA_MAX_MB * 1024 * 1024,
    reportLeaseSeconds: e.REPORT_LEASE_SECONDS,
    mediaStorage:
      e.MEDIA_STORAGE === 's3' && e.MEDIA_S3_BUCKET
        ? {
            driver: 's3',
            endpoint: e.MEDIA_S3_ENDPOINT,
            bucket: e.MEDIA_S3_BUCKET,
            region: e.MEDIA_S3_REGION ?? 'us-east-1',
            credentials:
              e.MEDIA_S3_ACCESS_KEY_ID && e.MEDIA_S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY }
                : undefined,
            prefix: e.MEDIA_S3_PREFIX,
            // AWS prefers the bucket in the host name; servers of one's own rarely have DNS for that.
            forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE
              ? e.MEDIA_S3_FORCE_PATH_STYLE === 'true'
              : e.MEDIA_S3_ENDPOINT !== undefined,
          }
        : { driver: 'disk' },
    defaultUser: e.DEFAULT_USER,
    seedDemo: e.SEED_DEMO === 'true',
    seedDemoMedia: e.SEED_DEMO_MEDIA === 'true',
    demoSeed: e.DEMO_SEED,
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, maxHours: e.SESSION_MAX_HOURS },
    loginThrottle: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
    },
    trustProxy: e.TRUST_PROXY,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : undefined,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT === 'auto' && e.NODE_ENV === 'production' ? 'json' : e.LOG_FORMAT,
    logColour: e.NO_COLOR === undefined,
  };
}
