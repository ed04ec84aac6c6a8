/**
 * How a widget's data is drawn by ECharts, as a pure function: one option per chart type (bar =
 * horizontal bars, column = vertical, pie, gauge), coloured by the data items and themed like the
 * app. Totals and tables are not charts (they are drawn by our own components) and answer null.
 */
import type { EChartsCoreOption } from 'echarts/core';
import { OTHER_KEY, type DataItem, type Widget, type WidgetData } from '@manway/core/domain/widgets';

export interface ChartTheme {
  primary: string;
  text: string;
  muted: string;
  border: string;
  font: string;
}

/** The app's theme (shell/theme/theme.css) as ECharts needs it, for tests and before CSS is read. */
export const DEFAULT_CHART_THEME: ChartTheme = {
  primary: '#e8590c',
  text: '#1f2933',
  muted: '#52606d',
  border: '#cbd2d9',
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
};

/** The theme read from the page's CSS custom properties, so the charts follow the app's. */
export function readChartTheme(root: Element = document.documentElement): ChartTheme {
  const style = getComputedStyle(root);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    primary: read('--mw-color-primary', DEFAULT_CHART_THEME.primary),
    text: read('--mw-color-text', DEFAULT_CHART_THEME.text),
    muted: read('--mw-color-text-muted', DEFAULT_CHART_THEME.muted),
    border: read('--mw-color-border', DEFAULT_CHART_THEME.border),
    font: read('--mw-font', DEFAULT_CHART_THEME.font),
  };
}

type Formatting = Pick<Widget, 'options' | 'measure'>;

/** A value as the widget shows it: its decimals (none for counts, one for averages unless set), its unit. */
export function formatValue(widget: Formatting, value: number, withUnit = true): string {
  const decimals = widget.options.decimals ?? (widget.measure.kind === 'avg' ? 1 : 0);
  const text = value.toLocaleString('en', { minimumFractionDigits: 0, maximumFractionDigits: decimals });
  const unit = widget.options.unit ?? (widget.measure.kind === 'length' ? 'm' : '');
  return withUnit && unit ? `${text} ${unit}` : text;
}

/** Whether a click on an item opens the map: a real group, not the folded rest. */
export function canDrill(widget: Pick<Widget, 'type'>, item: Pick<DataItem, 'key'>): boolean {
  return ['bar', 'column', 'pie', 'table'].includes(widget.type) && item.key !== OTHER_KEY;
}

/** What a chart shows in words, for its aria-label. */
export function chartSummary(widget: Pick<Widget, 'title' | 'type' | 'options' | 'measure'>, data: WidgetData): string {
  if (widget.type === 'gauge') {
    const gauge = data.gauge ?? { value: 0, max: 0 };
    return `${widget.title}: ${formatValue(widget, gauge.value)} of ${formatValue(widget, gauge.max)}`;
  }
  if (widget.type === 'total') return `${widget.title}: ${formatValue(widget, data.total ?? 0)}`;
  if (data.items.length === 0) return `${widget.title}: no data`;
  const items = data.items.map((item) => `${item.label} ${formatValue(widget, item.value)}`).join(', ');
  return `${widget.title}: ${items}`;
}

/**
 * A dashboard opens with its charts drawn at once (a dozen intro animations only delay reading them);
 * a change while editing (a new group, a new value) still moves into place.
 */
const ANIMATION = { animationDuration: 0, animationDurationUpdate: 300 } as const;

const textStyle = (theme: ChartTheme) => ({ color: theme.text, fontFamily: theme.font, fontSize: 12 });

function barLike(widget: Widget, data: WidgetData, theme: ChartTheme, horizontal: boolean): EChartsCoreOption {
  const categoryAxis = {
    type: 'category',
    data: data.items.map((item) => item.label),
    // Bars read top down in the items' order.
    inverse: horizontal,
    axisLine: { lineStyle: { color: theme.border } },
    axisTick: { show: false },
    axisLabel: {
      color: theme.muted,
      fontFamily: theme.font,
      hideOverlap: true,
      ...(horizontal ? { width: 120, overflow: 'truncate' } : {}),
    },
  };
  const valueAxis = {
    type: 'value',
    splitLine: { lineStyle: { color: theme.border, opacity: 0.5 } },
    axisLabel: { color: theme.muted, fontFamily: theme.font, formatter: (v: number) => formatValue(widget, v, false) },
  };
  return {
    textStyle: textStyle(theme),
    grid: { left: 8, right: horizontal ? 40 : 8, top: 16, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'item',
      textStyle: textStyle(theme),
      formatter: (p: { dataIndex: number }) => tooltipText(widget, data.items[p.dataIndex]),
    },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: [
      {
        type: 'bar',
        name: widget.title,
        barMaxWidth: 48,
        data: data.items.map((item) => ({
          value: item.value,
          itemStyle: { color: item.color, borderRadius: horizontal ? [0, 3, 3, 0] : [3, 3, 0, 0] },
        })),
        label: {
          show: widget.options.showValues ?? false,
          position: horizontal ? 'right' : 'top',
          color: theme.text,
          fontFamily: theme.font,
          formatter: (p: { value: number }) => formatValue(widget, p.value, false),
        },
        cursor: 'pointer',
      },
    ],
    ...ANIMATION,
  };
}

function tooltipText(widget: Widget, item: DataItem | undefined): string {
  if (!item) return '';
  const count = widget.measure.kind === 'count' ? '' : ` (${item.count.toLocaleString('en')})`;
  return `${escapeHtml(item.label)}: ${formatValue(widget, item.value)}${count}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function pie(widget: Widget, data: WidgetData, theme: ChartTheme): EChartsCoreOption {
  return {
    textStyle: textStyle(theme),
    tooltip: {
      trigger: 'item',
      textStyle: textStyle(theme),
      formatter: (p: { dataIndex: number; percent: number }) =>
        `${tooltipText(widget, data.items[p.dataIndex])} · ${p.percent.toFixed(0)}%`,
    },
    // Below the pie: beside it, a narrow widget would draw the legend over the slices.
    legend: {
      type: 'scroll',
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      textStyle: { color: theme.muted, fontFamily: theme.font },
      icon: 'circle',
    },
    series: [
      {
        type: 'pie',
        name: widget.title,
        radius: ['40%', '68%'],
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        itemStyle: { borderColor: '#ffffff', borderWidth: 2 },
        label: {
          show: widget.options.showValues ?? false,
          color: theme.text,
          fontFamily: theme.font,
          formatter: (p: { value: number }) => formatValue(widget, p.value, false),
        },
        data: data.items.map((item) => ({ name: item.label, value: item.value, itemStyle: { color: item.color } })),
        cursor: 'pointer',
      },
    ],
    ...ANIMATION,
  };
}

function gauge(widget: Widget, data: WidgetData, theme: ChartTheme): EChartsCoreOption {
  const { value, max } = data.gauge ?? { value: 0, max: 100 };
  const share = widget.options.target === undefined;
  return {
    textStyle: textStyle(theme),
    series: [
      {
        type: 'gauge',
        name: widget.title,
        min: 0,
        max: max > 0 ? max : 1,
        startAngle: 210,
        endAngle: -30,
        radius: '92%',
        center: ['50%', '58%'],
        progress: { show: true, width: 14, itemStyle: { color: theme.primary } },
        axisLine: { lineStyle: { width: 14, color: [[1, theme.border]] } },
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: { show: false },
        pointer: { show: false },
        anchor: { show: false },
        title: { show: true, offsetCenter: [0, '38%'], color: theme.muted, fontFamily: theme.font, fontSize: 12 },
        detail: {
          valueAnimation: false,
          offsetCenter: [0, '0%'],
          fontSize: 24,
          fontWeight: 600,
          fontFamily: theme.font,
          color: theme.text,
          formatter: (v: number) => (share ? `${v.toFixed(0)}%` : formatValue(widget, v)),
        },
        data: [{ value, name: share ? 'of the whole' : `of ${formatValue(widget, max)}` }],
      },
    ],
    ...ANIMATION,
  };
}

/** The ECharts option drawing a widget, or null for the types that are not charts. */
export function chartOption(widget: Widget, data: WidgetData, theme: ChartTheme): EChartsCoreOption | null {
  switch (widget.type) {
    case 'bar':
      return barLike(widget, data, theme, true);
    case 'column':
      return barLike(widget, data, theme, false);
    case 'pie':
      return pie(widget, data, theme);
    case 'gauge':
      return gauge(widget, data, theme);
    case 'total':
    case 'table':
      return null;
  }
}

export interface Trend {
  direction: 'up' | 'down' | 'flat';
  /** "+12.5%", "−3%", "0%", or "new" when the period before had nothing. */
  text: string;
  /** The same for a screen reader. */
  label: string;
}

/** A total's change against the period before, or null when it has no period to compare with. */
export function totalTrend(total: number | null, previous: number | null | undefined): Trend | null {
  if (previous === null || previous === undefined || total === null) return null;
  if (previous === 0) {
    if (total === 0) return { direction: 'flat', text: '0%', label: 'No change on the previous period' };
    return { direction: total > 0 ? 'up' : 'down', text: 'new', label: 'Nothing in the previous period' };
  }
  const change = ((total - previous) / Math.abs(previous)) * 100;
  const rounded = Math.round(change * 10) / 10;
  if (rounded === 0) return { direction: 'flat', text: '0%', label: 'No change on the previous period' };
  const amount = Math.abs(rounded).toLocaleString('en', { maximumFractionDigits: 1 });
  return rounded > 0
    ? { direction: 'up', text: `+${amount}%`, label: `Up ${amount}% on the previous period` }
    : { direction: 'down', text: `−${amount}%`, label: `Down ${amount}% on the previous period` };
}
