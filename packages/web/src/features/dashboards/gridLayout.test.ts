import { describe, expect, it } from 'vitest';
import { TOTAL, widget } from './components/dashboardFixtures';
import { applyLayout, newWidget, placeForNew, responsiveLayouts } from './gridLayout';
import { widgetProblems } from '@manway/core/domain/widgets';

describe('the dashboard grid', () => {
  const widgets = [widget(), TOTAL];

  it('keeps the widgets’ own places on desktop, puts them in their half on tablet and stacks them on mobile', () => {
    const layouts = responsiveLayouts(widgets);
    expect(layouts.lg.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }))).toEqual([
      { i: 'w-bar', x: 0, y: 0, w: 6, h: 5 },
      { i: 'w-total', x: 6, y: 0, w: 3, h: 3 },
    ]);
    expect(layouts.md).toEqual([
      { i: 'w-bar', x: 0, y: 0, w: 3, h: 5 },
      { i: 'w-total', x: 3, y: 0, w: 3, h: 3 },
    ]);
    expect(layouts.sm).toEqual([
      { i: 'w-bar', x: 0, y: 0, w: 1, h: 5 },
      { i: 'w-total', x: 0, y: 5, w: 1, h: 3 },
    ]);
  });

  it('takes moved and resized places from the grid and leaves the rest as they were', () => {
    const moved = applyLayout(widgets, [
      { i: 'w-bar', x: 0, y: 3, w: 8, h: 5 },
      { i: 'w-total', x: 6, y: 0, w: 3, h: 3 },
    ]);
    expect(moved[0]!.layout).toEqual({ x: 0, y: 3, w: 8, h: 5 });
    expect(moved[1]).toBe(widgets[1]);
    expect(applyLayout(widgets, [{ i: 'w-bar', x: 0, y: 0, w: 6, h: 5 }])).toBe(widgets);
  });

  it('places a new widget below the others, and starts each type valid', () => {
    expect(placeForNew(widgets, 'pie')).toEqual({ x: 0, y: 5, w: 4, h: 5 });
    for (const type of ['bar', 'column', 'pie', 'gauge', 'total', 'table'] as const)
      expect(widgetProblems({ id: 'new', ...newWidget(type, widgets) })).toEqual([]);
  });
});
