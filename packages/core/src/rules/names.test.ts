import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPORT_NAME_FORBIDDEN_CHARACTERS, REPORT_NAME_MESSAGE, validateName, validateReportName } from './names';

describe('name validation', () => {
  it('a trimmed empty name gives Empty', () => {
    expect(validateName('')).toBe('Empty');
    expect(validateName('   \t')).toBe('Empty');
    expect(validateName(' ', { current: ' ' })).toBe('Empty');
  });

  it('a name equal to the current name gives Same', () => {
    expect(validateName('Manholes north', { current: 'Manholes north' })).toBe('Same');
    expect(validateName(' Manholes north ', { current: 'Manholes north' })).toBe('Same');
    expect(validateName('manholes north', { current: 'Manholes north' })).toBe('Valid');
  });

  it('a name in the forbidden list gives ForbiddenValue', () => {
    expect(validateName('Valves', { forbidden: ['Hydrants', 'Valves'] })).toBe('ForbiddenValue');
    expect(validateName('Valves ', { current: 'Pipes', forbidden: ['Valves'] })).toBe('ForbiddenValue');
  });

  it('the current name is Same even when the forbidden list holds it too', () => {
    expect(validateName('Pipes', { current: 'Pipes', forbidden: ['Pipes'] })).toBe('Same');
  });

  it('a name with an invalid character gives Invalid', () => {
    expect(validateName('a/b', { invalidCharacters: '/' })).toBe('Invalid');
  });

  it('otherwise Valid', () => {
    expect(validateName('Pipes 2024', { current: 'Pipes', forbidden: ['Valves'] })).toBe('Valid');
  });

  it('any name with visible characters, neither current nor forbidden, is Valid', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string()), (name, forbidden) => {
        fc.pre(name.trim() !== '' && !forbidden.some((taken) => taken.trim() === name.trim()));
        expect(validateName(name, { forbidden })).toBe('Valid');
      }),
    );
  });
});

describe('report name', () => {
  it('shows the spec message verbatim', () => {
    expect(REPORT_NAME_MESSAGE).toBe('Report name should not contain the following characters: <>:"/\\?*');
  });

  it.each([...'<>:"/\\?*'])('must not contain %s', (character) => {
    expect(validateReportName(`Inspections ${character} 2024`)).toEqual({ valid: false, message: REPORT_NAME_MESSAGE });
  });

  it('accepts any name free of those characters', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const clean = [...REPORT_NAME_FORBIDDEN_CHARACTERS].some((c) => name.includes(c)) === false;
        expect(validateReportName(name).valid).toBe(clean);
      }),
    );
  });
});
