import { parseLiteralStyle } from 'ol/render/webgl/style';
import type { FlatStyle } from 'ol/style/flat';
import type { ExpressionValue } from 'ol/expr/expression';
import { describe, expect, it } from 'vitest';
import { pointFlatStyle } from './largePoints';

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
});
