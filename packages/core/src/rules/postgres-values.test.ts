import { describe, expect, it } from 'vitest';
import { dateOnlyProblem, ewkbProblem, timestampProblem } from './postgres-values';

describe('timestampProblem', () => {
  it.each([
    '2024-05-01T08:30:00Z',
    '2024-05-01T08:30:00.123456+00:00',
    '2024-02-29T23:59:59-15:59',
    '1800-01-01T00:00:00+0100',
    '2200-12-31T23:59:59+05',
  ])('accepts %s', (text) => expect(timestampProblem(text)).toBeUndefined());

  it.each([
    ['0000-01-01T00:00:00Z', /year/],
    ['10000-01-01T00:00:00Z', /ISO 8601/],
    ['1799-12-31T23:59:59Z', /year/],
    ['2201-01-01T00:00:00Z', /year/],
    ['yesterday', /ISO 8601/],
    ['2023-02-29T00:00:00Z', /no such day/],
    ['2024-13-01T00:00:00Z', /no such day/],
    ['2024-01-01T24:00:00Z', /time of day/],
    ['2024-01-01T10:60:00Z', /time of day/],
    ['2024-01-01T10:00:00+16:00', /offset/],
    ['2024-01-01T10:00:00', /ISO 8601/],
  ])('refuses %s', (text, why) => expect(timestampProblem(text)).toMatch(why));
});

describe('dateOnlyProblem', () => {
  it('accepts a day of the years records carry and refuses others', () => {
    expect(dateOnlyProblem('2024-02-29')).toBeUndefined();
    expect(dateOnlyProblem('2023-02-29')).toMatch(/no such day/);
    expect(dateOnlyProblem('0001-01-01')).toMatch(/year/);
    expect(dateOnlyProblem('1 May')).toMatch(/ISO 8601/);
  });
});

/** EWKB of a little-endian geometry with SRID 4326: type, then the body's numbers. */
function ewkb(type: number, parts: (['u32', number] | ['f64', number])[]): string {
  const size = 9 + parts.reduce((n, [kind]) => n + (kind === 'u32' ? 4 : 8), 0);
  const view = new DataView(new ArrayBuffer(size));
  view.setUint8(0, 1);
  view.setUint32(1, type | 0x20000000, true);
  view.setUint32(5, 4326, true);
  let at = 9;
  for (const [kind, value] of parts) {
    if (kind === 'u32') view.setUint32(at, value, true);
    else view.setFloat64(at, value, true);
    at += kind === 'u32' ? 4 : 8;
  }
  return [...new Uint8Array(view.buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
const xy = (x: number, y: number): ['f64', number][] => [
  ['f64', x],
  ['f64', y],
];

describe('ewkbProblem', () => {
  it('accepts points, lines and closed polygons in WGS 84, as PostGIS writes them', () => {
    // SELECT encode(ST_AsEWKB('SRID=4326;POINT(7 50)'::geometry), 'hex')
    expect(ewkbProblem('0101000020e61000000000000000001c400000000000004940')).toBeUndefined();
    expect(ewkbProblem(ewkb(2, [['u32', 2], ...xy(0, 0), ...xy(1, 1)]))).toBeUndefined();
    const ring = [['u32', 4], ...xy(0, 0), ...xy(1, 0), ...xy(1, 1), ...xy(0, 0)] as ['u32' | 'f64', number][];
    expect(ewkbProblem(ewkb(3, [['u32', 1], ...(ring as never[])]))).toBeUndefined();
  });

  it.each([
    ['odd length', '0101000020e6100000000', /pairs/],
    ['not hex', 'zz01000020e61000000000000000001c400000000000004940', /pairs/],
    ['empty', '', /ends before/],
    ['no SRID', '0101000000000000000000f03f000000000000f03f', /SRID 4326/],
    ['another SRID', ewkb(1, xy(1, 1)).replace('e6100000', '110f0000'), /SRID 4326/],
    ['a line of one point', ewkb(2, [['u32', 1], ...xy(0, 0)]), /two points/],
    ['a line that promises more points than it has', ewkb(2, [['u32', 3], ...xy(0, 0), ...xy(1, 1)]), /ends before/],
    [
      'an open ring',
      ewkb(3, [['u32', 1], ['u32', 4], ...xy(0, 0), ...xy(1, 0), ...xy(1, 1), ...xy(2, 2)]),
      /end where/,
    ],
    ['bytes after the end', `${ewkb(1, xy(1, 1))}00`, /after its end/],
    ['an infinite coordinate', ewkb(1, xy(Infinity, 1)), /finite/],
    ['a multipoint', ewkb(4, [['u32', 0]]), /point, line string or polygon/],
  ])('refuses %s', (_name, hex, why) => expect(ewkbProblem(hex as string)).toMatch(why as RegExp));
});
