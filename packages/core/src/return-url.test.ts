import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './return-url';

const ORIGIN = 'https://manway.example.com';

describe('returnUrl is followed only when it is same-origin', () => {
  it('keeps a same-origin path with its query and hash', () => {
    expect(sameOriginPath('/office/map?x=1#a', ORIGIN, '/office/')).toBe('/office/map?x=1#a');
  });

  it('reduces an absolute same-origin URL to its path', () => {
    expect(sameOriginPath(`${ORIGIN}/inspect/`, ORIGIN, '/office/')).toBe('/inspect/');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'http://manway.example.com/',
  ])('refuses %s and falls back', (raw) => {
    expect(sameOriginPath(raw, ORIGIN, '/office/')).toBe('/office/');
  });

  it('falls back when the returnUrl is missing', () => {
    expect(sameOriginPath(undefined, ORIGIN, '/office/')).toBe('/office/');
  });

  it('never answers a URL that leaves the origin, whatever the input', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const result = sameOriginPath(raw, ORIGIN, '/fallback');
        expect(result.startsWith('/')).toBe(true);
        expect(result.startsWith('//')).toBe(false);
        expect(new URL(result, ORIGIN).origin).toBe(ORIGIN);
      }),
    );
  });
});
