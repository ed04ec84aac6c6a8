import { describe, expect, it } from 'vitest';
import { readRuntimeConfig, routerBasename } from './config';

describe('runtime config', () => {
  it('reads the base and API URLs the server injected', () => {
    expect(
      readRuntimeConfig('web-office', { baseUrl: '/manway/office/', apiBaseUrl: '/manway/', edition: 'web-office' }),
    ).toEqual({
      baseUrl: '/manway/office/',
      apiBaseUrl: '/manway/',
      edition: 'web-office',
    });
  });

  it("falls back to the edition's default base path when nothing was injected", () => {
    expect(readRuntimeConfig('web-websync', undefined)).toEqual({
      baseUrl: '/websync/',
      apiBaseUrl: '/',
      edition: 'web-websync',
    });
  });

  it('the entry point decides the edition', () => {
    expect(readRuntimeConfig('web-inspect', { baseUrl: '/inspect/', edition: 'web-settings' }).edition).toBe(
      'web-inspect',
    );
  });

  it('the router base drops the trailing slash', () => {
    expect(routerBasename('/office/')).toBe('/office');
    expect(routerBasename('/')).toBe('/');
  });
});
