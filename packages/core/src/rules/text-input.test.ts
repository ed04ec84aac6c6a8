import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundToDecimals } from './rounding';
import { acceptsTyping, numberToText, toNumber } from './text-input';

describe('typing into text, integer and decimal fields', () => {
  it('typing is blocked if the length exceeds maxLength', () => {
    expect(acceptsTyping('abcd', { maxLength: 3 }, 'text')).toBe(false);
    expect(acceptsTyping('abc', { maxLength: 3 }, 'text')).toBe(true);
    expect(acceptsTyping('1234', { maxLength: 3 }, 'integer')).toBe(false);
  });

  it('typing is blocked if the number exceeds max', () => {
    expect(acceptsTyping('101', { max: 100 }, 'integer')).toBe(false);
    expect(acceptsTyping('100', { max: 100 }, 'integer')).toBe(true);
    expect(acceptsTyping('100.5', { max: 100 }, 'decimal')).toBe(false);
  });

  it('a negative number above a negative max stays typeable, since more digits take it lower', () => {
    expect(acceptsTyping('-1', { max: -5 }, 'integer')).toBe(true);
    expect(acceptsTyping('-10', { max: -5 }, 'integer')).toBe(true);
    expect(acceptsTyping('3', { max: -5 }, 'integer')).toBe(false);
  });

  it('typing is blocked if the decimals exceed precision', () => {
    expect(acceptsTyping('1.234', { precision: 2 }, 'decimal')).toBe(false);
    expect(acceptsTyping('1.23', { precision: 2 }, 'decimal')).toBe(true);
  });

  it('integer fields allow only digits and a leading minus', () => {
    expect(acceptsTyping('-42', {}, 'integer')).toBe(true);
    expect(acceptsTyping('4-2', {}, 'integer')).toBe(false);
    expect(acceptsTyping('4.2', {}, 'integer')).toBe(false);
    expect(acceptsTyping('4a', {}, 'integer')).toBe(false);
    expect(acceptsTyping(' 4', {}, 'integer')).toBe(false);
    expect(acceptsTyping('--4', {}, 'integer')).toBe(false);
    expect(acceptsTyping('1e5', {}, 'integer')).toBe(false);
  });

  it('decimal fields allow one decimal point unless precision is 0', () => {
    expect(acceptsTyping('4.2', {}, 'decimal')).toBe(true);
    expect(acceptsTyping('4.2.1', {}, 'decimal')).toBe(false);
    expect(acceptsTyping('4.2', { precision: 0 }, 'decimal')).toBe(false);
    expect(acceptsTyping('4,2', {}, 'decimal')).toBe(false);
  });

  it.each(['', '-', '12.', '-.', '.5', '-0'])('the half-typed number %j is typeable', (text) => {
    expect(acceptsTyping(text, { precision: 2, max: 100 }, 'decimal')).toBe(true);
  });

  it('text fields take any character', () => {
    expect(acceptsTyping('a-1.2.3 ü', {}, 'text')).toBe(true);
  });

  it('every prefix of an accepted decimal is accepted too, so it can be typed key by key', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^-?\d{0,6}(\.\d{0,4})?$/),
        fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
        (text, precision) => {
          fc.pre(acceptsTyping(text, { precision }, 'decimal'));
          for (let end = 0; end <= text.length; end++)
            expect(acceptsTyping(text.slice(0, end), { precision }, 'decimal')).toBe(true);
        },
      ),
    );
  });

  it('an accepted integer never holds anything but digits and a leading minus', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        if (acceptsTyping(text, {}, 'integer')) expect(text).toMatch(/^-?\d*$/);
      }),
    );
  });

  it('no accepted non-negative number is above max', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), (typed, max) => {
        expect(acceptsTyping(String(typed), { max }, 'integer')).toBe(typed <= max);
      }),
    );
  });
});

describe('numbers emitted by the fields', () => {
  it('numbers are emitted as numbers, rounded to the precision if given', () => {
    expect(toNumber('12.345', 2)).toBe(12.35);
    expect(toNumber('12.345')).toBe(12.345);
    expect(toNumber('-7')).toBe(-7);
    expect(toNumber('12.')).toBe(12);
    expect(toNumber('.5')).toBe(0.5);
    expect(toNumber(' 3 ')).toBe(3);
  });

  it.each(['', '-', '.', '-.', 'abc', '1e5', '1.2.3', 'Infinity', '0x10'])(
    'an invalid number %j gives null',
    (text) => {
      expect(toNumber(text)).toBeNull();
    },
  );

  it('never emits negative zero', () => {
    expect(Object.is(toNumber('-0'), 0)).toBe(true);
    expect(Object.is(toNumber('-0.001', 2), 0)).toBe(true);
  });

  it('reads back every number it writes, as the number rounded to the precision', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.integer({ min: 0, max: 6 }),
        (value, precision) => {
          expect(toNumber(numberToText(value, precision), precision)).toBe(roundToDecimals(value, precision));
        },
      ),
    );
  });

  it('writes tiny numbers without an exponent', () => {
    expect(numberToText(1e-7)).toBe('0.0000001');
    expect(numberToText(null)).toBe('');
    expect(numberToText(2.5, 0)).toBe('3');
  });
});
