/**
 * The dashboard grid on every width: the widgets' own layout on 12 columns (desktop), derived ones
 * on tablet (6 columns: each widget in the half it was in) and mobile (one column, in reading order).
 * Only the desktop layout is the dashboard's: it is what drag and resize change and commit sends.
 */
import type { Layout, LayoutItem } from 'react-grid-layout';
import {
  GRID_COLUMNS,
  WIDGET_TYPES,
  type Widget,
  type WidgetLayout,
  type WidgetType,
} from '@manway/core/domain/widgets';

export type GridBreakpoint = 'lg' | 'md' | 'sm';

/**
 * Widths of the grid's container (not the window) where the layouts change: the page's padding
 * makes the container narrower than the spec's desktop (64em) and tablet (48em) widths.
 */
export const GRID_BREAKPOINTS: Readonly<Record<GridBreakpoint, number>> = { lg: 960, md: 600, sm: 0 };
export const GRID_COLS: Readonly<Record<GridBreakpoint, number>> = { lg: GRID_COLUMNS, md: 6, sm: 1 };
export const GRID_ROW_HEIGHT = 56;

const readingOrder = (a: WidgetLayout, b: WidgetLayout) => a.y - b.y || a.x - b.x;

export function desktopLayout(widgets: readonly Widget[]): Layout {
  return widgets.map((w): LayoutItem => ({ i: w.id, ...w.layout, minW: 2, minH: 2 }));
}

export function responsiveLayouts(widgets: readonly Widget[]): Record<GridBreakpoint, Layout> {
  const ordered = [...widgets].sort((a, b) => readingOrder(a.layout, b.layout));
  let y = 0;
  const sm = ordered.map((w): LayoutItem => {
    const item = { i: w.id, x: 0, y, w: 1, h: w.layout.h };
    y += w.layout.h;
    return item;
  });
  // Tablet: two halves. A widget goes to the half its middle is in, half wide, or whole if it was
  // wider than half the desktop grid; compaction closes the gaps.
  const half = GRID_COLUMNS / 2;
  const md = widgets.map((w): LayoutItem => {
    const whole = w.layout.w > half;
    return {
      i: w.id,
      x: whole || w.layout.x + w.layout.w / 2 <= half ? 0 : 3,
      y: w.layout.y,
      w: whole ? 6 : 3,
      h: w.layout.h,
    };
  });
  return { lg: desktopLayout(widgets), md, sm };
}

/** The widgets with their places taken from the grid after a drag or a resize; unchanged ones kept as they are. */
export function applyLayout(widgets: readonly Widget[], layout: Layout): Widget[] {
  const places = new Map(layout.map((item) => [item.i, item]));
  let changed = false;
  const next = widgets.map((w) => {
    const p = places.get(w.id);
    if (!p) return w;
    const place = { x: p.x, y: p.y, w: p.w, h: p.h };
    if (place.x === w.layout.x && place.y === w.layout.y && place.w === w.layout.w && place.h === w.layout.h) return w;
    changed = true;
    return { ...w, layout: place };
  });
  return changed ? next : (widgets as Widget[]);
}

const DEFAULT_SIZE: Readonly<Record<WidgetType, { w: number; h: number }>> = {
  bar: { w: 6, h: 5 },
  column: { w: 6, h: 5 },
  pie: { w: 4, h: 5 },
  gauge: { w: 3, h: 4 },
  total: { w: 3, h: 3 },
  table: { w: 6, h: 6 },
};

/** Where a new widget goes: at the left, below every other. */
export function placeForNew(widgets: readonly Widget[], type: WidgetType): WidgetLayout {
  const bottom = widgets.reduce((max, w) => Math.max(max, w.layout.y + w.layout.h), 0);
  return { x: 0, y: bottom, ...DEFAULT_SIZE[type] };
}

/** A widget of the type that is valid as it stands, for the configuration dialog to start from. */
export function newWidget(type: WidgetType, widgets: readonly Widget[]): Omit<Widget, 'id'> {
  const base = { type, source: 'section' as const, savedFilter: null, period: 'all' as const, options: {} };
  const layout = placeForNew(widgets, type);
  switch (type) {
    case 'total':
      return {
        ...base,
        title: 'Network length',
        measure: { kind: 'length' },
        groupBy: null,
        options: { unit: 'm' },
        layout,
      };
    case 'gauge':
      return {
        ...base,
        title: 'Sections',
        measure: { kind: 'count' },
        groupBy: null,
        options: { target: 1000 },
        layout,
      };
    default:
      return { ...base, title: 'Sections by material', measure: { kind: 'count' }, groupBy: 'material', layout };
  }
}

export { WIDGET_TYPES };
