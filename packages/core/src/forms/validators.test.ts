import { describe, expect, it } from 'vitest';
import { DEMO_CODES } from '../domain/standard';
import { VALIDATOR_NAMES, type FormValues } from './template';
import type { FormContext } from './validate';
import { FORM_VALIDATORS, ownValue } from './validators';

const now = new Date('2026-06-15T12:00:00Z');
const ctx: FormContext = { now, creating: false, codes: DEMO_CODES };
const withoutCodes: FormContext = { now, creating: false };

describe('the registry', () => {
  it('has a validator for every name a template may use', () => {
    expect(Object.keys(FORM_VALIDATORS).sort()).toEqual([...VALIDATOR_NAMES].sort());
  });
});

describe('not-in-future', () => {
  const check = FORM_VALIDATORS['not-in-future'];
  it('refuses a date-time after now', () => {
    expect(check('2026-06-15T12:00:01Z', {}, ctx)).toBe('The date cannot be in the future');
    expect(check('2027-01-01', {}, ctx)).toBe('The date cannot be in the future');
  });
  it('accepts now and any time before', () => {
    expect(check('2026-06-15T12:00:00Z', {}, ctx)).toBeNull();
    expect(check('1999-12-31T23:59:59+01:00', {}, ctx)).toBeNull();
  });
  it('leaves empty and unreadable values to the other rules', () => {
    expect(check(undefined, {}, ctx)).toBeNull();
    expect(check('', {}, ctx)).toBeNull();
    expect(check('not a date', {}, ctx)).toBeNull();
    expect(check(42, {}, ctx)).toBeNull();
  });
});

describe('year-not-in-future', () => {
  const check = FORM_VALIDATORS['year-not-in-future'];
  it('refuses a year after the current one', () => {
    expect(check(2027, {}, ctx)).toBe('The year cannot be in the future');
  });
  it('accepts the current year and earlier ones', () => {
    expect(check(2026, {}, ctx)).toBeNull();
    expect(check(1850, {}, ctx)).toBeNull();
    expect(check(null, {}, ctx)).toBeNull();
  });
});

describe('different-from-node', () => {
  const check = FORM_VALIDATORS['different-from-node'];
  const fromNode = { id: 7, readableId: 'MH-7' };
  it('refuses a to node that is the from node', () => {
    expect(check({ id: 7, readableId: 'MH-7' }, { fromNode }, ctx)).toBe('The to node must differ from the from node');
  });
  it('accepts two different nodes, and either end still missing', () => {
    expect(check({ id: 8, readableId: 'MH-8' }, { fromNode }, ctx)).toBeNull();
    expect(check(null, { fromNode }, ctx)).toBeNull();
    expect(check({ id: 7, readableId: 'MH-7' }, {}, ctx)).toBeNull();
    expect(check('MH-7', { fromNode: 'MH-7' }, ctx)).toBeNull();
  });
});

describe('code-of-standard', () => {
  const check = FORM_VALIDATORS['code-of-standard'];
  it("refuses a code that is not the standard's", () => {
    expect(check('XYZ', { code: 'XYZ' }, ctx)).toBe('Unknown code "XYZ" in this standard');
  });
  it("accepts the standard's codes", () => {
    expect(check('SCR', { code: 'SCR' }, ctx)).toBeNull();
  });
  it('is silent without codes in the context and on an empty value (required says that)', () => {
    expect(check('XYZ', { code: 'XYZ' }, withoutCodes)).toBeNull();
    expect(check('', {}, ctx)).toBeNull();
  });
});

describe('characterisation-of-code', () => {
  const check = FORM_VALIDATORS['characterisation-of-code'];
  it('requires a characterisation when the code does', () => {
    expect(check(null, { code: 'SCR' }, ctx)).toBe('Code SCR requires a characterisation');
    expect(check('', { code: 'SCR' }, ctx)).toBe('Code SCR requires a characterisation');
  });
  it("accepts one of the code's characterisations", () => {
    expect(check('L', { code: 'SCR' }, ctx)).toBeNull();
  });
  it("refuses a characterisation that is not the code's", () => {
    expect(check('G', { code: 'SCR' }, ctx)).toBe('This is not a characterisation of code SCR');
    expect(check('constructor', { code: 'SCR' }, ctx)).toBe('This is not a characterisation of code SCR');
  });
  it('refuses a characterisation on a code that has none', () => {
    expect(check('L', { code: 'SCO' }, ctx)).toBe('Code SCO takes no characterisation');
  });
  it('accepts no characterisation on a code that needs none', () => {
    expect(check(null, { code: 'SCO' }, ctx)).toBeNull();
  });
  it('is silent when the code is unknown or no codes are given', () => {
    expect(check(null, { code: 'XYZ' }, ctx)).toBeNull();
    expect(check(null, { code: 'SCR' }, withoutCodes)).toBeNull();
  });
});

describe('quantification-of-code', () => {
  const check = FORM_VALIDATORS['quantification-of-code'];
  it('requires a quantification, naming its unit, when the code does', () => {
    expect(check(null, { code: 'ORT' }, ctx)).toBe('Code ORT requires a quantification (%)');
    expect(check(undefined, { code: 'SJD' }, ctx)).toBe('Code SJD requires a quantification (mm)');
  });
  it('accepts zero as a quantification', () => {
    expect(check(0, { code: 'ORT' }, ctx)).toBeNull();
  });
  it('accepts no quantification on a code that needs none', () => {
    expect(check(null, { code: 'SCR' }, ctx)).toBeNull();
  });
});

describe('clock-of-code', () => {
  const check = FORM_VALIDATORS['clock-of-code'];
  it('requires a clock position when the code does', () => {
    expect(check(null, { code: 'SCR' }, ctx)).toBe('Code SCR requires a clock position');
  });
  it('accepts a clock position, or none on a code that needs none', () => {
    expect(check(3, { code: 'SCR' }, ctx)).toBeNull();
    expect(check(null, { code: 'SCO' }, ctx)).toBeNull();
  });
});

describe('continuous-of-code', () => {
  const check = FORM_VALIDATORS['continuous-of-code'];
  it('refuses start or finish on a code that cannot be continuous', () => {
    expect(check('S', { code: 'SCO' }, ctx)).toBe('Code SCO cannot be recorded as a continuous defect');
    expect(check('F', { code: 'SCO' }, ctx)).toBe('Code SCO cannot be recorded as a continuous defect');
  });
  it('accepts start and finish on a code that allows them, and a point defect on any code', () => {
    expect(check('S', { code: 'SCR' }, ctx)).toBeNull();
    expect(check(null, { code: 'SCO' }, ctx)).toBeNull();
  });
});

describe('ownValue', () => {
  it("reads the form's own values, never Object's inherited ones", () => {
    const values: FormValues = { code: 'SCR' };
    expect(ownValue(values, 'code')).toBe('SCR');
    expect(ownValue(values, 'constructor')).toBeUndefined();
    expect(ownValue(values, 'toString')).toBeUndefined();
  });

  it('a code named like an inherited property is no code', () => {
    expect(FORM_VALIDATORS['clock-of-code'](null, { code: 'constructor' }, ctx)).toBeNull();
  });
});
