import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('defaults: port 8080, ./data, embedded database, office role', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.role).toBe('office');
    expect(c.oidc).toBeUndefined();
  });

  it('fails with one message naming every bad variable', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', ROLE: 'both', DATABASE_URL: 'not a url', ADMIN_PASSWORD: 'short' });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      message = (e as Error).message;
    }
    for (const name of ['PORT', 'ROLE', 'DATABASE_URL', 'ADMIN_PASSWORD']) expect(message).toContain(name);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('OpenID Connect needs both the issuer and the client id', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(/OIDC_ISSUER/);
    expect(loadConfig({ OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'manway' }).oidc).toEqual({
      issuer: 'https://id.example.com',
      clientId: 'manway',
      clientSecret: undefined,
    });
  });

  it('the sync agent needs OFFICE_URL, OFFICE_LOGIN and OFFICE_PASSWORD together, and retry delays in seconds', () => {
    expect(loadConfig({}).office).toBeUndefined();
    expect(() => loadConfig({ OFFICE_URL: 'http://office.example.com' })).toThrow(/OFFICE_URL, OFFICE_LOGIN/);
    expect(() => loadConfig({ OFFICE_URL: 'office', OFFICE_LOGIN: 'sync', OFFICE_PASSWORD: 'secret' })).toThrow(
      /OFFICE_URL/,
    );
    expect(() =>
      loadConfig({ OFFICE_URL: 'http://o', OFFICE_LOGIN: 's', OFFICE_PASSWORD: 'p', OFFICE_RETRY_SECONDS: 'soon' }),
    ).toThrow(/OFFICE_RETRY_SECONDS/);
    const c = loadConfig({
      OFFICE_URL: 'http://office.example.com:8080/',
      OFFICE_LOGIN: 'sync',
      OFFICE_PASSWORD: 'secret',
      OFFICE_RETRY_SECONDS: '0.5, 2,10',
    });
    expect(c.office).toEqual({
      url: 'http://office.example.com:8080',
      login: 'sync',
      password: 'secret',
      retryDelaysMs: [500, 2000, 10000],
    });
    expect(c.syncPageSize).toBe(500);
  });

  it('BASE_URL loses its trailing slash', () => {
    expect(loadConfig({ BASE_URL: 'https://manway.example.com/' }).baseUrl).toBe('https://manway.example.com');
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default: request.ip is the connecting address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('takes true, false, or a list of proxy addresses, CIDR ranges and range names', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.7, 10.1.0.0/16,fd00::/8 ,loopback' }).trustProxy).toEqual([
      '10.0.0.7',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['1', 'yes', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,', '::1/129'])(
    'refuses %j, naming the variable',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );
});

describe('sign-in throttle', () => {
  it('limits failures per login and address (5) and per address across logins (50) in a 15-minute window', () => {
    expect(loadConfig({}).loginThrottle).toEqual({ maxFailures: 5, maxFailuresPerAddress: 50, windowMinutes: 15 });
    expect(loadConfig({ LOGIN_MAX_FAILURES_PER_ADDRESS: '200' }).loginThrottle.maxFailuresPerAddress).toBe(200);
    expect(() => loadConfig({ LOGIN_MAX_FAILURES_PER_ADDRESS: '0' })).toThrow(/LOGIN_MAX_FAILURES_PER_ADDRESS/);
  });
});

describe('MEDIA_STORAGE', () => {
  it('keeps media on disk by default', () => {
    expect(loadConfig({}).mediaStorage).toEqual({ driver: 'disk' });
  });

  it('s3 needs a bucket; the endpoint, region, credentials and prefix are optional', () => {
    expect(() => loadConfig({ MEDIA_STORAGE: 's3' })).toThrow(/MEDIA_S3_BUCKET: required when MEDIA_STORAGE is s3/);
    expect(loadConfig({ MEDIA_STORAGE: 's3', MEDIA_S3_BUCKET: 'manway' }).mediaStorage).toEqual({
      driver: 's3',
      endpoint: undefined,
      bucket: 'manway',
      region: 'us-east-1',
      credentials: undefined,
      prefix: undefined,
      forcePathStyle: false,
    });
  });

  it('a server of its own: path-style addressing unless told otherwise, the prefix without its slashes', () => {
    const env = {
      MEDIA_STORAGE: 's3',
      MEDIA_S3_ENDPOINT: 'http://minio.internal:9000',
      MEDIA_S3_BUCKET: 'media',
      MEDIA_S3_REGION: 'eu-central-1',
      MEDIA_S3_ACCESS_KEY_ID: 'manway',
      MEDIA_S3_SECRET_ACCESS_KEY: 'a secret',
      MEDIA_S3_PREFIX: '/office/media/',
    };
    expect(loadConfig(env).mediaStorage).toEqual({
      driver: 's3',
      endpoint: 'http://minio.internal:9000',
      bucket: 'media',
      region: 'eu-central-1',
      credentials: { accessKeyId: 'manway', secretAccessKey: 'a secret' },
      prefix: 'office/media',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...env, MEDIA_S3_FORCE_PATH_STYLE: 'false' }).mediaStorage).toMatchObject({
      forcePathStyle: false,
    });
  });

  it('refuses half a key pair, a prefix that leaves its folder, and S3 settings while media stay on disk', () => {
    const s3 = { MEDIA_STORAGE: 's3', MEDIA_S3_BUCKET: 'media' };
    expect(() => loadConfig({ ...s3, MEDIA_S3_ACCESS_KEY_ID: 'manway' })).toThrow(
      /MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together/,
    );
    expect(() => loadConfig({ ...s3, MEDIA_S3_PREFIX: 'media/../other' })).toThrow(/MEDIA_S3_PREFIX/);
    expect(() => loadConfig({ MEDIA_S3_BUCKET: 'media' })).toThrow(/MEDIA_STORAGE: MEDIA_S3_BUCKET set/);
  });

  it('never puts the secret key in its message', () => {
    expect(() => loadConfig({ MEDIA_STORAGE: 's3', MEDIA_S3_SECRET_ACCESS_KEY: 'do-not-print' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('do-not-print') }),
    );
  });
});
