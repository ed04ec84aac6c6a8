/**
 * The widgets on react-grid-layout's responsive grid: 12 columns on desktop, 6 on tablet, one on
 * mobile. While editing, widgets are dragged by their title and resized by their corner on the
 * desktop layout, the one the dashboard keeps; narrower grids only show it.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Responsive, useContainerWidth, verticalCompactor, type Layout } from 'react-grid-layout';
import type { Widget } from '@manway/core/domain/widgets';
import { GRID_BREAKPOINTS, GRID_COLS, GRID_ROW_HEIGHT, responsiveLayouts, type GridBreakpoint } from '../gridLayout';
import { DRAG_HANDLE_CLASS } from './WidgetFrame';
import 'react-grid-layout/css/styles.css';

export interface DashboardGridProps {
  widgets: readonly Widget[];
  editing?: boolean;
  /** The desktop layout after a drag or a resize. */
  onLayoutChange?: (layout: Layout) => void;
  renderWidget(widget: Widget): ReactNode;
}

export function DashboardGrid({ widgets, editing = false, onLayoutChange, renderWidget }: DashboardGridProps) {
  const { width, containerRef, mounted } = useContainerWidth();
  const [breakpoint, setBreakpoint] = useState<GridBreakpoint>('lg');
  const layouts = useMemo(() => responsiveLayouts(widgets), [widgets]);
  const movable = editing && breakpoint === 'lg';
  return (
    <div ref={containerRef} className="mw-dash-grid" data-breakpoint={breakpoint}>
      {editing && breakpoint !== 'lg' && (
        <p className="mw-dash-grid__hint">Widen the window to move and resize widgets.</p>
      )}
      {mounted && (
        <Responsive
          width={width}
          layouts={layouts}
          breakpoints={GRID_BREAKPOINTS}
          cols={GRID_COLS}
          rowHeight={GRID_ROW_HEIGHT}
          margin={[16, 16]}
          containerPadding={[0, 0]}
          compactor={verticalCompactor}
          dragConfig={{ enabled: movable, handle: `.${DRAG_HANDLE_CLASS}`, cancel: 'button, [role="menu"]' }}
          resizeConfig={{ enabled: movable, handles: ['se'] }}
          onBreakpointChange={(next) => setBreakpoint(next as GridBreakpoint)}
          onLayoutChange={(layout, all) => {
            if (movable) onLayoutChange?.(all.lg ?? layout);
          }}
        >
          {widgets.map((widget) => (
            <div key={widget.id} className="mw-dash-grid__cell">
              {renderWidget(widget)}
            </div>
          ))}
        </Responsive>
      )}
    </div>
  );
}
