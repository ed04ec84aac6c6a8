import { buildExpression, newEvaluationContext } from 'ol/expr/cpu';
import { ColorType, newParsingContext, NumberType, type ExpressionValue } from 'ol/expr/expression';
import { parseLiteralStyle } from 'ol/render/webgl/style';
import type { FlatStyle } from 'ol/style/flat';
import MVT from 'ol/format/MVT';
import RenderFeature from 'ol/render/Feature';
import TileState from 'ol/TileState';
import VectorTile from 'ol/VectorTile';
import { TileSourceEvent } from 'ol/source/Tile';
import VectorTileSource from 'ol/source/VectorTile';
import { describe, expect, it } from 'vitest';
import { largePointTileLayer, pointFlatStyle, softwareRenderer, tileFeaturesInExtent } from './largePoints';
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
      const compile = () =>
        parseLiteralStyle(rule.style as FlatStyle, { activeId: -1 }, rule.filter as ExpressionValue | undefined);
      expect(compile).not.toThrow();
    }
  });

  // Each rule is a pass over every point on the GPU, so the symbols share one rule.
  it('one rule draws every symbol and one more draws the halo of the open feature', () => {
    const rules = pointFlatStyle('Node');
    expect(rules).toHaveLength(2);
    expect(rules.filter((r) => r.filter === undefined)).toHaveLength(1);
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

describe('box selection on WebGL node tiles', () => {
  const source = new VectorTileSource({ format: new MVT(), url: '/api/tiles/Node/{z}/{x}/{y}', maxZoom: 16 });
  const layer = largePointTileLayer(source, { layer: 'Node', canvasStyle: () => [], webgl: true });
  const grid = source.getTileGrid()!;
  const loaded = (z: number, coordinate: [number, number], ids: number[]) => {
    const tileCoord = grid.getTileCoordForCoordAndZ(coordinate, z);
    const tile = new VectorTile(tileCoord, TileState.IDLE, `tile-${tileCoord.join('/')}`, new MVT(), () => {});
    // MVT reads points as render features, with the id the server gave.
    tile.setFeatures(
      ids.map((id, i) => new RenderFeature('Point', [coordinate[0] + i * 10, coordinate[1]], [], 2, {}, id)),
    );
    source.dispatchEvent(new TileSourceEvent('tileloadend', tile));
  };
  const z = 14;
  const resolution = grid.getResolution(z);
  loaded(z, [1000, 1000], [1, 2, 3]);
  loaded(z, [200_000, 200_000], [4]);
  // The same place at another zoom level: not what is drawn now.
  loaded(10, [1000, 1000], [1, 2, 3, 5]);

  it('finds the points inside the box on the loaded tiles of the zoom level drawn', () => {
    const ids = tileFeaturesInExtent(layer, [995, 995, 1015, 1005], resolution).map((f) => f.getId());
    expect(ids.sort()).toEqual([1, 2]);
  });

  it('a box away from the loaded tiles finds nothing', () => {
    expect(tileFeaturesInExtent(layer, [-50_000, -50_000, -40_000, -40_000], resolution)).toEqual([]);
  });
});
