import { buildExpression, newEvaluationContext } from 'ol/expr/cpu';
import { ColorType, newParsingContext, NumberType, type ExpressionValue } from 'ol/expr/expression';
import { parseLiteralStyle } from 'ol/render/webgl/style';
import type { FlatStyle } from 'ol/style/flat';
import { describe, expect, it } from 'vitest';
import { pointFlatStyle, softwareRenderer } from './largePoints';
import { featureLook, GRADE_STYLES, SUBTYPE_STYLES } from './styleTable';
import { polygonFor } from './symbols';

/** The value a WebGL style property takes for a feature with these properties. */
function valueFor(style: FlatStyle, name: string, properties: Record<string, unknown>): unknown {
  const type = name.endsWith('color') ? ColorType : NumberType;
  const evaluate = buildExpression(
    (style as Record<string, unknown>)[name] as ExpressionValue,
    type,
    newParsingContext(),
  );
  return evaluate({ ...newEvaluationContext(), properties });
}

const nodeSubtypes = SUBTYPE_STYLES.filter((s) => s.layer === 'Node');

describe('the WebGL point style drawn from the style table', () => {
  // OpenLayers compiles a WebGL style only when the layer first draws, and then logs its error instead of
  // throwing: the points would silently not appear. Compiling every rule here turns that into a failure.
  it('every rule of the node layer compiles to shaders', () => {
    for (const rule of pointFlatStyle('Node')) {
      const compile = () => parseLiteralStyle(rule.style as FlatStyle, {}, rule.filter as ExpressionValue | undefined);
      expect(compile).not.toThrow();
    }
  });

  // Each rule is a pass over every point on the GPU, so the symbols share one rule.
  it('one rule draws every symbol', () => {
    expect(pointFlatStyle('Node')).toEqual([{ style: expect.any(Object) }]);
  });

  it('each node subtype gets the shape, size and rotation the style table and the legend give it', () => {
    const symbols = pointFlatStyle('Node').find((r) => r.filter === undefined)!.style as FlatStyle;
    for (const { subtype, symbol } of [...nodeSubtypes, { subtype: 'not-in-the-table', symbol: undefined }]) {
      const look = featureLook('Node', subtype, null).symbol;
      if (look.kind !== 'point') throw new Error('nodes are points');
      const polygon = polygonFor(look.shape, look.radius);
      const points = valueFor(symbols, 'shape-points', { subtype });
      if (polygon) {
        expect(points, subtype).toBe(polygon.points);
        expect(valueFor(symbols, 'shape-radius', { subtype }), subtype).toBeCloseTo(polygon.radius);
        expect(valueFor(symbols, 'shape-angle', { subtype }), subtype).toBeCloseTo(polygon.angle);
      } else {
        // A circle: so many sides that no edge shows at symbol sizes.
        expect(points, subtype).toBeGreaterThanOrEqual(32);
        expect(valueFor(symbols, 'shape-radius', { subtype }), subtype).toBe(look.radius);
      }
      if (symbol) expect(look).toEqual(symbol);
    }
  });

  it('the fill is the colour of the condition grade, grey where never inspected', () => {
    const symbols = pointFlatStyle('Node').find((r) => r.filter === undefined)!.style as FlatStyle;
    const hex = (rgba: number[]) =>
      `#${rgba
        .slice(0, 3)
        .map((v) => Math.round(v).toString(16).padStart(2, '0'))
        .join('')}`;
    for (const { grade, colour } of GRADE_STYLES) {
      const fill = valueFor(symbols, 'shape-fill-color', { subtype: 'manhole', conditionGrade: grade }) as number[];
      expect(hex(fill)).toBe(colour);
    }
  });
});

describe('where the large point layers draw with WebGL', () => {
  it('WebGL drawn in software counts as no GPU, so the points are drawn on canvas', () => {
    expect(
      softwareRenderer('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)'),
    ).toBe(true);
    expect(softwareRenderer('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(true);
    expect(softwareRenderer('ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11)')).toBe(true);
    expect(softwareRenderer('ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)')).toBe(false);
    expect(softwareRenderer('Apple M1')).toBe(false);
  });
});
