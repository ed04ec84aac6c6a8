import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATE_TIME_FORMAT_MESSAGE,
  formatMessage,
  isIsoDateTime,
  LOCATION_REQUIRED_MESSAGE,
  MASK_MESSAGE,
  MAX_LENGTH_MESSAGE,
  MAX_MESSAGE,
  MIN_MESSAGE,
  REQUIRED_MESSAGE,
  validateDateTime,
  validateField,
  validateLocation,
  validateSubject,
  validateSubjectConnection,
  wholeValuePattern,
  type FieldRules,
} from './field-validation';

const fail = (message: string) => ({ valid: false, message });
const VALID = { valid: true };

describe('the spec messages', () => {
  it('are shown verbatim', () => {
    expect(MAX_MESSAGE).toBe('The value exceeds the allowed maximum (%value%)');
    expect(MIN_MESSAGE).toBe('The value is less than allowed minimum (%value%)');
    expect(MAX_LENGTH_MESSAGE).toBe('The value exceeds the maximum allowed length (%value%)');
    expect(DATE_TIME_FORMAT_MESSAGE).toBe('Invalid date/time format');
    expect(MASK_MESSAGE).toBe('The value does not match the mask');
  });

  it('substitute %value% wherever it appears', () => {
    expect(formatMessage(MAX_MESSAGE, 10)).toBe('The value exceeds the allowed maximum (10)');
    expect(formatMessage('%value% to %value%', 'x')).toBe('x to x');
    expect(formatMessage('no placeholder', 3)).toBe('no placeholder');
  });
});

describe('field validation, in the spec order', () => {
  it('1. no rules, or disabled: valid', () => {
    expect(validateField(null, undefined)).toEqual(VALID);
    expect(validateField(null, null)).toEqual(VALID);
    expect(validateField('', { required: true, disabled: true })).toEqual(VALID);
    expect(validateField(999, { max: 1, disabled: true })).toEqual(VALID);
  });

  it('2. required and empty (null or empty string): invalid, with the required message', () => {
    expect(validateField(null, { required: true })).toEqual(fail(REQUIRED_MESSAGE));
    expect(validateField(undefined, { required: true })).toEqual(fail(REQUIRED_MESSAGE));
    expect(validateField('', { required: true })).toEqual(fail(REQUIRED_MESSAGE));
    expect(validateField(0, { required: true })).toEqual(VALID);
    expect(validateField(' ', { required: true })).toEqual(VALID);
  });

  it('an empty value that is not required passes every other rule', () => {
    expect(validateField('', { maxLength: 0, min: 5, regex: { expression: '\\d+' } })).toEqual(VALID);
  });

  it('3. if a value is present and its length is above maxLength: maxLength message with the value', () => {
    expect(validateField('abcd', { maxLength: 3 })).toEqual(fail('The value exceeds the maximum allowed length (3)'));
    expect(validateField('abc', { maxLength: 3 })).toEqual(VALID);
    expect(validateField(12345, { maxLength: 4 })).toEqual(fail('The value exceeds the maximum allowed length (4)'));
  });

  it('4. number below min: too-low message', () => {
    expect(validateField(4, { min: 5 })).toEqual(fail('The value is less than allowed minimum (5)'));
    expect(validateField('4', { min: 5 })).toEqual(fail('The value is less than allowed minimum (5)'));
    expect(validateField(5, { min: 5 })).toEqual(VALID);
    expect(validateField('abc', { min: 5 })).toEqual(VALID);
  });

  it('5. number above max: too-high message', () => {
    expect(validateField(10.5, { max: 10 })).toEqual(fail('The value exceeds the allowed maximum (10)'));
    expect(validateField(10, { max: 10 })).toEqual(VALID);
  });

  it('6. a regex that does not match the whole value: its own message, or a default mask-error message', () => {
    expect(validateField('12345', { regex: { expression: '\\d{4}' } })).toEqual(fail(MASK_MESSAGE));
    expect(validateField('1234', { regex: { expression: '\\d{4}' } })).toEqual(VALID);
    expect(validateField('ab', { regex: { expression: /\d+/, message: 'Digits only' } })).toEqual(fail('Digits only'));
    expect(validateField('a1b', { regex: { expression: '\\d' } })).toEqual(fail(MASK_MESSAGE));
  });

  it('a regex with alternatives still has to match the whole value', () => {
    expect(validateField('catfish', { regex: { expression: 'cat|dog' } })).toEqual(fail(MASK_MESSAGE));
    expect(validateField('dog', { regex: { expression: 'cat|dog' } })).toEqual(VALID);
  });

  it('a global regex answers the same on every call', () => {
    const rules: FieldRules = { regex: { expression: /\d+/g } };
    expect(validateField('12', rules)).toEqual(VALID);
    expect(validateField('12', rules)).toEqual(VALID);
  });

  it('a regex that does not compile fails closed with the mask message', () => {
    expect(wholeValuePattern('(')).toBeNull();
    expect(validateField('x', { regex: { expression: '(' } })).toEqual(fail(MASK_MESSAGE));
  });

  it('7. the first custom validator that fails supplies its message', () => {
    const calls: string[] = [];
    const rules: FieldRules<string> = {
      customValidators: [
        () => (calls.push('a'), null),
        () => (calls.push('b'), 'First failure'),
        () => (calls.push('c'), 'Second failure'),
      ],
    };
    expect(validateField('x', rules)).toEqual(fail('First failure'));
    expect(calls).toEqual(['a', 'b']);
  });

  it('custom validators also see an empty value that is not required', () => {
    expect(validateField<string | null>(null, { customValidators: [(v) => (v === null ? 'Pick one' : null)] })).toEqual(
      fail('Pick one'),
    );
  });

  it('reports only the first failing rule', () => {
    const rules: FieldRules = { maxLength: 2, max: 5, regex: { expression: '[a-z]+' }, customValidators: [() => 'c'] };
    expect(validateField('1234', rules)).toEqual(fail(formatMessage(MAX_LENGTH_MESSAGE, 2)));
    expect(validateField('12', rules)).toEqual(fail(formatMessage(MAX_MESSAGE, 5)));
    expect(validateField('4', rules)).toEqual(fail(MASK_MESSAGE));
    expect(validateField('ab', rules)).toEqual(fail('c'));
  });

  it('a number is valid exactly when it lies within min and max', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (value, a, b) => {
          const [min, max] = a <= b ? [a, b] : [b, a];
          const result = validateField(value, { min, max });
          expect(result.valid).toBe(value >= min && value <= max);
        },
      ),
    );
  });

  it('a text is valid against maxLength exactly when it is not longer', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(20), (text, maxLength) => {
        expect(validateField(text, { maxLength }).valid).toBe(text.length <= maxLength);
      }),
    );
  });
});

describe('date fields', () => {
  it.each(['2024-02-29', '2024-02-29T13:45', '2024-02-29T13:45:10.123Z', '2024-12-31T23:59:59+05:45'])(
    'accepts %s',
    (text) => {
      expect(isIsoDateTime(text)).toBe(true);
      expect(validateDateTime(text)).toEqual(VALID);
    },
  );

  it.each(['2023-02-29', '2024-13-01', '2024-01-01T24:00', '01/02/2024', 'tomorrow', '2024-1-1'])(
    'answers Invalid date/time format for %s',
    (text) => {
      expect(validateDateTime(text, { required: true })).toEqual(fail('Invalid date/time format'));
    },
  );

  it('is required before it is well formed', () => {
    expect(validateDateTime('', { required: true })).toEqual(fail(REQUIRED_MESSAGE));
    expect(validateDateTime(null)).toEqual(VALID);
    expect(validateDateTime('nonsense', { disabled: true })).toEqual(VALID);
  });

  it('runs custom validators on a well-formed date', () => {
    const notInFuture = (v: string | null | undefined) => (v && v > '2030' ? 'Not in the future' : null);
    expect(validateDateTime('2031-01-01', { customValidators: [notInFuture] })).toEqual(fail('Not in the future'));
  });

  it('every real calendar instant is accepted in its ISO form', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1800-01-01'), max: new Date('2049-12-31'), noInvalidDate: true }),
        (date) => {
          expect(isIsoDateTime(date.toISOString())).toBe(true);
        },
      ),
    );
  });
});

describe('composite fields', () => {
  it('subject connection: invalid if required and no subject', () => {
    expect(validateSubjectConnection({ subject: null }, { required: true })).toEqual(fail(REQUIRED_MESSAGE));
    expect(validateSubjectConnection(null, { required: true })).toEqual(fail(REQUIRED_MESSAGE));
    expect(validateSubjectConnection({ subject: { id: 'MH-1' } }, { required: true })).toEqual(VALID);
  });

  it('subject connection: invalid if GPS is required and longitude or latitude is missing', () => {
    const subject = { id: 'MH-1' };
    expect(
      validateSubjectConnection({ subject, location: { longitude: 8.5, latitude: null } }, { gpsRequired: true }),
    ).toEqual(fail(LOCATION_REQUIRED_MESSAGE));
    expect(validateSubjectConnection({ subject }, { gpsRequired: true })).toEqual(fail(LOCATION_REQUIRED_MESSAGE));
    expect(
      validateSubjectConnection({ subject, location: { longitude: 8.5, latitude: 47.3 } }, { gpsRequired: true }),
    ).toEqual(VALID);
  });

  it('subject: validates the subject inside the value', () => {
    const seen: unknown[] = [];
    const rules = { required: true, customValidators: [(s: unknown) => (seen.push(s), null)] };
    expect(validateSubject({ subject: undefined }, rules)).toEqual(fail(REQUIRED_MESSAGE));
    expect(validateSubject({ subject: { id: 'A' } }, rules)).toEqual(VALID);
    expect(seen).toEqual([{ id: 'A' }]);
  });

  it('location: if required, both longitude and latitude are needed', () => {
    expect(validateLocation({ longitude: 8.5, latitude: 47.3 }, { required: true })).toEqual(VALID);
    expect(validateLocation({ longitude: 8.5, latitude: null }, { required: true })).toEqual(
      fail(LOCATION_REQUIRED_MESSAGE),
    );
    expect(validateLocation({ longitude: null, latitude: null }, { required: true })).toEqual(fail(REQUIRED_MESSAGE));
    expect(validateLocation({ longitude: Number.NaN, latitude: 47 }, { required: true }).valid).toBe(false);
    expect(validateLocation({ longitude: null, latitude: null }, {})).toEqual(VALID);
    expect(validateLocation({ longitude: null, latitude: null }, { required: true, disabled: true })).toEqual(VALID);
  });
});
