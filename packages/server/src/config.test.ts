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
