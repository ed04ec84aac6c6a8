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

  it.each([
    '/.//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/x/..//evil.example',
    '/..//evil.example',
    '/.\\/evil.example',
    '/x/..\\\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/.\r/evil.example',
  ])('a return address that normalises to another host (%j) is refused: the normalised path is checked', (raw) => {
    expect(sameOriginPath(raw, ORIGIN, '/office/')).toBe('/office/');
  });

  it('dot segments inside our own paths are resolved as a browser would', () => {
    expect(sameOriginPath('/office/%2e%2e/inspect/', ORIGIN, '/office/')).toBe('/inspect/');
    expect(sameOriginPath('/office/./map?x=//evil.example', ORIGIN, '/office/')).toBe('/office/map?x=//evil.example');
  });

  it('falls back when the returnUrl is missing', () => {
    expect(sameOriginPath(undefined, ORIGIN, '/office/')).toBe('/office/');
  });

  it('never answers a URL that leaves the origin, even built from dot segments, slashes and escapes', () => {
    const piece = fc.constantFrom(
      '/',
      '\\',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '%5c',
      '\t',
      '\n',
      'evil.example',
      'x',
      '?',
      '#',
      ':',
      '@',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const result = sameOriginPath(pieces.join(''), ORIGIN, '/fallback');
        expect(result.startsWith('/')).toBe(true);
        expect(result.startsWith('//')).toBe(false);
        expect(result.startsWith('/\\')).toBe(false);
        expect(new URL(result, ORIGIN).origin).toBe(ORIGIN);
      }),
      { numRuns: 2000 },
    );
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
