import { describe, expect, it } from 'vitest';
import { shippedTemplate } from '@manway/core/forms/templates';
import type { FormField } from '@manway/core/forms/template';
import { modelStateErrors, shownFields, writableValues } from './formValues';

const field = (id: string, extras: Partial<FormField> = {}): FormField => ({
  id,
  label: id,
  kind: 'simple',
  valueModelType: 'String',
  rules: {},
  ...extras,
});

describe('form values', () => {
  it('a save sends the writable fields only, a cleared one as null', () => {
    const fields = [
      field('owner'),
      field('street'),
      field('lengthM', { readOnly: true }),
      field('fromNode', { createOnly: true }),
      field('dateModified', { kind: 'dateModified' }),
      field('note', { kind: 'placeholder' }),
      field('locked', { rules: { disabled: true } }),
    ];
    const values = { owner: 'City', lengthM: 3, fromNode: 'x', dateModified: 'y', locked: 'z' };
    expect(writableValues(fields, values, false)).toEqual({ owner: 'City', street: null });
    expect(writableValues(fields, values, true)).toEqual({ owner: 'City', street: null, fromNode: 'x' });
  });

  it('fields of another subtype are neither shown nor sent; a subtype’s notes are shown', () => {
    const fields = [
      field('sizeMm', { appliesTo: ['manhole'] }),
      field('hint', { kind: 'placeholder', appliesTo: ['gully'] }),
      field('owner'),
    ];
    expect(shownFields(fields, { subtype: 'gully' }).map((f) => f.id)).toEqual(['hint', 'owner']);
    expect(writableValues(fields, { subtype: 'gully', sizeMm: 600 }, false)).toEqual({ owner: null });
  });

  it('the node template’s position note shows with its location field', () => {
    const position = shippedTemplate('node')!.tabs.find((t) => t.id === 'position')!;
    expect(shownFields(position.fields, {}).map((f) => f.kind)).toEqual(['placeholder', 'location']);
  });

  it('a ModelState names each field by id or by its path in the body, with its first message', () => {
    expect(
      modelStateErrors({ Message: 'The form has errors.', ModelState: { street: ['A', 'B'], 'values.owner': ['C'] } }),
    ).toEqual({ street: 'A', owner: 'C' });
    expect(modelStateErrors({ code: 'asset/duplicate-name-and-subtype' })).toBeNull();
  });
});
