/**
 * A widget's data drawn as its type says: a chart (bar, column, pie, gauge), a big number with its
 * trend, or the shared grid of groups. Clicking a group (not "Other") asks to open it on the map.
 */
import { useMemo } from 'react';
import { measureLabel, type DataItem, type Widget, type WidgetData } from '@manway/core/domain/widgets';
import { Grid } from '../../../ui/grid/Grid';
import type { GridColumn } from '../../../ui/grid/columns';
import { canDrill, chartOption, chartSummary, formatValue, readChartTheme, totalTrend } from '../chartOption';
import { EChart } from './EChart';

export interface WidgetBodyProps {
  widget: Widget;
  data: WidgetData;
  onDrill?: (widget: Widget, item: DataItem) => void;
}

export function WidgetBody({ widget, data, onDrill }: WidgetBodyProps) {
  if (widget.type === 'total') return <TotalView widget={widget} data={data} />;
  if (widget.type === 'table') return <TableView widget={widget} data={data} onDrill={onDrill} />;
  return <ChartView widget={widget} data={data} onDrill={onDrill} />;
}

function ChartView({ widget, data, onDrill }: WidgetBodyProps) {
  const option = useMemo(() => chartOption(widget, data, readChartTheme()), [widget, data]);
  if (!option) return null;
  if (widget.type !== 'gauge' && data.items.length === 0) return <p className="mw-dash-widget__empty">No data</p>;
  const onItemClick = (index: number) => {
    const item = data.items[index];
    if (item && onDrill && canDrill(widget, item)) onDrill(widget, item);
  };
  return (
    <EChart option={option} ariaLabel={chartSummary(widget, data)} onItemClick={onDrill ? onItemClick : undefined} />
  );
}

const TREND_ARROWS = { up: '▲', down: '▼', flat: '▶' } as const;

export function TotalView({ widget, data }: Omit<WidgetBodyProps, 'onDrill'>) {
  const trend = totalTrend(data.total, data.previous);
  return (
    <div className="mw-dash-total" role="group" aria-label={chartSummary(widget, data)}>
      <span className="mw-dash-total__value" data-testid="total-value">
        {data.total === null ? '–' : formatValue(widget, data.total)}
      </span>
      {trend && (
        <span
          className={`mw-dash-total__trend mw-dash-total__trend--${trend.direction}`}
          aria-label={trend.label}
          title={trend.label}
        >
          <span aria-hidden="true">{TREND_ARROWS[trend.direction]}</span> {trend.text}
        </span>
      )}
    </div>
  );
}

interface TableRow extends DataItem {
  shown: string;
}

function TableView({ widget, data, onDrill }: WidgetBodyProps) {
  const columns = useMemo<GridColumn<TableRow>[]>(
    () => [
      {
        propertyPath: 'label',
        label: 'Group',
        autoExpand: true,
        cellRenderer: ({ row }) => (
          <span className="mw-dash-table__group">
            <span className="mw-dash-table__swatch" style={{ background: row.color }} aria-hidden="true" />
            {row.label}
          </span>
        ),
      },
      {
        propertyPath: 'shown',
        label: measureLabel(widget),
        width: 190,
        sortType: (a, b) => a.original.value - b.original.value,
      },
      { propertyPath: 'count', label: 'Records', width: 90 },
    ],
    [widget],
  );
  const rows = useMemo(
    () => data.items.map((item) => ({ ...item, shown: formatValue(widget, item.value) })),
    [widget, data],
  );
  return (
    <div className="mw-dash-table">
      <Grid<TableRow>
        label={widget.title}
        columns={columns}
        data={rows}
        rowIdPath="key"
        enablePagination={false}
        emptyMessage="No data"
        onRowClick={onDrill ? (row) => canDrill(widget, row) && onDrill(widget, row) : undefined}
      />
    </div>
  );
}
