import { describe, expect, it } from 'vitest';
import { VALUE_MODEL_TYPES } from '../api/objects';
import { PROPERTY_DEFS } from '../domain/properties';
import { DEMO_STANDARD } from '../domain/standard';
import { FORM_FIELD_KINDS, FORM_OBJECT_TYPES, FormTemplate, templateFields, type FormField } from './template';
import { SHIPPED_TEMPLATES, shippedTemplate } from './templates';

const allFields = SHIPPED_TEMPLATES.flatMap(templateFields);

function field(templateId: string, fieldId: string): FormField {
  const template = SHIPPED_TEMPLATES.find((t) => t.id === templateId);
  const found = template && templateFields(template).find((f) => f.id === fieldId);
  if (!found) throw new Error(`${templateId} has no field ${fieldId}`);
  return found;
}

describe('the shipped templates', () => {
  it.each(SHIPPED_TEMPLATES.map((t) => [t.id, t] as const))('%s parses with the FormTemplate schema', (_, template) => {
    expect(FormTemplate.parse(template)).toEqual(template);
  });

  it('are the six the engine promises, one per id', () => {
    expect(SHIPPED_TEMPLATES.map((t) => t.id).sort()).toEqual(
      ['connected-subject', 'inspection:manway-demo', 'lateral', 'node', 'observation:manway-demo', 'section'].sort(),
    );
  });

  it('cover every object type that has forms', () => {
    expect(new Set(SHIPPED_TEMPLATES.map((t) => t.objectType))).toEqual(new Set(FORM_OBJECT_TYPES));
  });

  it('use every form field kind', () => {
    expect(new Set(allFields.map((f) => f.kind))).toEqual(new Set(FORM_FIELD_KINDS));
  });

  it('use every value model type', () => {
    expect(new Set(allFields.map((f) => f.valueModelType))).toEqual(new Set(VALUE_MODEL_TYPES));
  });

  it.each(SHIPPED_TEMPLATES.map((t) => [t.id, t] as const))('%s has unique field ids', (_, template) => {
    const ids = templateFields(template).map((f) => f.id);
    expect(ids.length).toBe(new Set(ids).size);
  });

  it.each(SHIPPED_TEMPLATES.map((t) => [t.id, t] as const))('%s has unique tab ids', (_, template) => {
    const ids = template.tabs.map((t) => t.id);
    expect(ids.length).toBe(new Set(ids).size);
  });

  it('name the asset fields after the properties the server answers', () => {
    for (const type of ['node', 'section', 'lateral'] as const) {
      const known = new Set([...PROPERTY_DEFS[type].map((p) => p.name), 'location', 'dateModified']);
      const unknown = templateFields(shippedTemplate(type)!)
        .filter((f) => f.kind !== 'placeholder' && !known.has(f.id))
        .map((f) => f.id);
      expect(unknown, type).toEqual([]);
    }
  });

  it('mark read-only the values the system or calculate writes', () => {
    for (const f of allFields.filter((f) => f.kind === 'dateModified')) expect(f.readOnly).toBe(true);
    expect(field('section', 'lengthM').readOnly).toBe(true);
    expect(field('lateral', 'lengthM').readOnly).toBe(true);
    expect(field('node', 'conditionGrade').readOnly).toBe(true);
    expect(field('observation:manway-demo', 'grade').readOnly).toBe(true);
    const scores = templateFields(shippedTemplate('inspection')!).filter((f) => /^(structural|operational)/.test(f.id));
    expect(scores.map((f) => f.id).sort()).toEqual(
      [
        'operationalIndex',
        'operationalPeak',
        'operationalQuick',
        'operationalRating',
        'structuralIndex',
        'structuralPeak',
        'structuralQuick',
        'structuralRating',
      ].sort(),
    );
    for (const f of scores) expect(f.readOnly, f.id).toBe(true);
  });
});

describe('asset templates', () => {
  it('require an asset ID matching the mask, with a message of its own', () => {
    const assetId = field('node', 'assetId');
    expect(assetId.rules).toMatchObject({ required: true, maxLength: 100 });
    expect(assetId.rules.regex?.expression).toBe('[A-Za-z0-9][A-Za-z0-9 ._/-]*');
    expect(assetId.rules.regex?.message).toBeTruthy();
  });

  it('take options from the property metadata, so the two cannot drift apart', () => {
    const lifecycle = PROPERTY_DEFS.node.find((p) => p.name === 'lifecycleStatus')!;
    expect(field('node', 'lifecycleStatus').options).toEqual(lifecycle.options);
    expect(field('node', 'subtype').optionsFrom).toBe('subtypes');
  });

  it("give a node's chamber size only to the subtypes that have a chamber", () => {
    expect(field('node', 'sizeMm').appliesTo).toEqual(['manhole', 'gully', 'pump-station']);
    expect(field('node', 'sizeMm').options?.length).toBeGreaterThan(0);
    expect(field('node', 'sizeMm').rules.min).toBe(1);
  });

  it('give inverts of both ends only to gravity mains', () => {
    expect(field('section', 'fromInvertM').appliesTo).toEqual(['gravity-main']);
    expect(field('section', 'toInvertM').appliesTo).toEqual(['gravity-main']);
  });

  it("write a node's location only at creation; the location editor moves it afterwards", () => {
    expect(field('node', 'location')).toMatchObject({ kind: 'location', createOnly: true, rules: { required: true } });
    expect(shippedTemplate('node')!.tabs.find((t) => t.id === 'position')!.fields[0]!.kind).toBe('placeholder');
  });

  it('join a section to two different nodes chosen by lookup, fixed at creation, recalculating its length', () => {
    for (const id of ['fromNode', 'toNode']) {
      expect(field('section', id)).toMatchObject({
        kind: 'lookup',
        valueModelType: 'String',
        lookup: { objectType: 'node' },
        createOnly: true,
        triggersCalculate: true,
        rules: { required: true },
      });
    }
    expect(field('section', 'toNode').rules.validators).toEqual(['different-from-node']);
  });

  it('place a lateral on its section by chainage and clock, fixed at creation', () => {
    expect(field('lateral', 'parentSection')).toMatchObject({
      kind: 'lookup',
      lookup: { objectType: 'section' },
      createOnly: true,
      rules: { required: true },
    });
    expect(field('lateral', 'chainageM')).toMatchObject({
      createOnly: true,
      rules: { required: true, min: 0, precision: 2 },
    });
    expect(field('lateral', 'clock')).toMatchObject({ createOnly: true, rules: { required: true, min: 1, max: 12 } });
    expect(field('lateral', 'location')).toMatchObject({ kind: 'location', createOnly: true });
  });

  it('refuse a year built in the future', () => {
    for (const type of ['node', 'section', 'lateral']) {
      expect(field(type, 'yearBuilt').rules).toMatchObject({ min: 1800, validators: ['year-not-in-future'] });
    }
  });
});

describe('the demo inspection header', () => {
  it('requires a date not in the future, a direction and an operator', () => {
    expect(field('inspection:manway-demo', 'inspectedAt').rules).toMatchObject({
      required: true,
      validators: ['not-in-future'],
    });
    expect(field('inspection:manway-demo', 'direction').rules.required).toBe(true);
    expect(field('inspection:manway-demo', 'header.operator').rules).toMatchObject({ required: true, maxLength: 100 });
  });

  it('applies its direction to every inspection, whatever the asset subtype', () => {
    expect(field('inspection:manway-demo', 'direction').appliesTo).toBeUndefined();
  });

  it('records the purposes as a multi-code and the GPS position as an optional fix', () => {
    expect(field('inspection:manway-demo', 'header.purpose').valueModelType).toBe('MultiCodeEnum');
    expect(field('inspection:manway-demo', 'header.purpose').options?.map((o) => o.id)).toEqual([
      'routine',
      'complaint',
      'pre-rehabilitation',
      'post-rehabilitation',
      'handover',
    ]);
    expect(field('inspection:manway-demo', 'gpsPosition')).toMatchObject({
      kind: 'gpsPosition',
      valueModelType: 'GpsAccuracy',
      rules: { gpsRequired: false },
    });
  });
});

describe('the demo observation', () => {
  it('asks the standard what a code needs, and recalculates the grade when it changes', () => {
    expect(field('observation:manway-demo', 'code')).toMatchObject({
      valueModelType: 'CodeEnum',
      optionsFrom: 'codes',
      triggersCalculate: true,
      rules: { required: true, validators: ['code-of-standard'] },
    });
    expect(field('observation:manway-demo', 'characterisation').rules.validators).toEqual(['characterisation-of-code']);
    expect(field('observation:manway-demo', 'quantification1').rules.validators).toEqual(['quantification-of-code']);
    expect(field('observation:manway-demo', 'clockFrom').rules.validators).toEqual(['clock-of-code']);
    expect(field('observation:manway-demo', 'continuous').rules.validators).toEqual(['continuous-of-code']);
  });

  it('records continuous defects as start and finish', () => {
    expect(field('observation:manway-demo', 'continuous').options).toEqual([
      { id: 'S', value: 'Start' },
      { id: 'F', value: 'Finish' },
    ]);
  });
});

describe('shippedTemplate', () => {
  it('finds an asset template by its object type, whatever standard is named', () => {
    expect(shippedTemplate('section')?.id).toBe('section');
    expect(shippedTemplate('node', 'another-standard')?.id).toBe('node');
    expect(shippedTemplate('connected-subject')?.id).toBe('connected-subject');
  });

  it("answers the demo standard's inspection and observation templates when no standard is named", () => {
    expect(shippedTemplate('inspection')?.id).toBe(`inspection:${DEMO_STANDARD.id}`);
    expect(shippedTemplate('observation', null)?.id).toBe(`observation:${DEMO_STANDARD.id}`);
    expect(shippedTemplate('inspection', DEMO_STANDARD.id)?.standardId).toBe(DEMO_STANDARD.id);
  });

  it('answers nothing for a standard that ships no template', () => {
    expect(shippedTemplate('inspection', 'en-13508-2')).toBeUndefined();
    expect(shippedTemplate('observation', 'pacp')).toBeUndefined();
  });
});
