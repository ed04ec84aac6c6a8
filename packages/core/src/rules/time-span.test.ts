import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidTimeSpan, minutesToTimeSpan, normaliseTimeSpan, parseTimeSpan, timeSpanToMinutes } from './time-span';

describe('time spans like 1d 12h 30m', () => {
  it.each(['1d 12h 30m', '1d', '12h', '30m', '1d 30m', '1d12h30m', '1 d 12 h 30 m', ' 2h ', '0m', '36h', '1D 2H'])(
    '%j is valid',
    (text) => {
      expect(isValidTimeSpan(text)).toBe(true);
    },
  );

  it.each(['', ' ', '12', '30m 1d', '1h 1h', '1.5h', '-1h', '1w', 'd', '1d,2h', '99999999999999999d'])(
    '%j is not valid',
    (text) => {
      expect(isValidTimeSpan(text)).toBe(false);
    },
  );

  it('each part is optional, in the order d h m', () => {
    expect(parseTimeSpan('1d 30m')).toEqual({ days: 1, minutes: 30 });
    expect(parseTimeSpan('12h')).toEqual({ hours: 12 });
  });

  it('normalises to the parts joined by single spaces', () => {
    expect(normaliseTimeSpan('1d12h')).toBe('1d 12h');
    expect(normaliseTimeSpan('  1 d   12h30 m ')).toBe('1d 12h 30m');
    expect(normaliseTimeSpan('01H')).toBe('1h');
    expect(normaliseTimeSpan('soon')).toBeNull();
  });

  it('converts to minutes', () => {
    expect(timeSpanToMinutes('1d 12h 30m')).toBe(2190);
    expect(timeSpanToMinutes('90m')).toBe(90);
    expect(timeSpanToMinutes('x')).toBeNull();
  });

  it('writes minutes as the shortest span', () => {
    expect(minutesToTimeSpan(2190)).toBe('1d 12h 30m');
    expect(minutesToTimeSpan(1440)).toBe('1d');
    expect(minutesToTimeSpan(61)).toBe('1h 1m');
    expect(minutesToTimeSpan(0)).toBe('0m');
    expect(() => minutesToTimeSpan(-1)).toThrow(RangeError);
    expect(() => minutesToTimeSpan(1.5)).toThrow(RangeError);
  });

  it('minutes → span → minutes is identity', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), (minutes) => {
        expect(timeSpanToMinutes(minutesToTimeSpan(minutes))).toBe(minutes);
      }),
    );
  });

  it('normalising keeps the minutes and is idempotent, however the span is spaced', () => {
    const part = (unit: string) =>
      fc.option(
        fc.tuple(fc.nat(999), fc.stringMatching(/^ {0,2}$/)).map(([n, gap]) => `${n}${gap}${unit}`),
        {
          nil: '',
        },
      );
    fc.assert(
      fc.property(part('d'), part('h'), part('m'), fc.stringMatching(/^ {0,3}$/), (d, h, m, gap) => {
        const text = [d, h, m].join(gap);
        fc.pre(text.trim() !== '');
        const normal = normaliseTimeSpan(text);
        expect(normal).not.toBeNull();
        expect(timeSpanToMinutes(normal ?? '')).toBe(timeSpanToMinutes(text));
        expect(normaliseTimeSpan(normal ?? '')).toBe(normal);
        expect(normal).not.toMatch(/ {2}|^ | $/);
      }),
    );
  });
});
