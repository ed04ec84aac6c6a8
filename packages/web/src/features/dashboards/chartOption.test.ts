import { describe, expect, it } from 'vitest';
import type { Widget, WidgetData } from '@manway/core/domain/widgets';
import { barData, TOTAL, widget } from './components/dashboardFixtures';
import { canDrill, chartOption, chartSummary, DEFAULT_CHART_THEME, formatValue, totalTrend } from './chartOption';

// The option is a plain object: read its parts as the chart types lay them out.
type Axis = { type: string; data?: string[]; inverse?: boolean };
type Series = {
  type: string;
  data: { value: number; name?: string; itemStyle: { color: string } }[];
  label?: { show: boolean };
  max?: number;
  min?: number;
};
const optionOf = (w: Widget, data: WidgetData = barData()) =>
  chartOption(w, data, DEFAULT_CHART_THEME) as {
    xAxis: Axis;
    yAxis: Axis;
    series: Series[];
    legend?: unknown;
    textStyle: { fontFamily: string };
  };

describe('chartOption', () => {
  it('draws a bar chart as horizontal bars, first item on top, each in its item’s colour', () => {
    const option = optionOf(widget({ type: 'bar' }));
    expect(option.yAxis).toMatchObject({ type: 'category', data: ['Grade 1', 'Grade 5', 'Other'], inverse: true });
    expect(option.xAxis.type).toBe('value');
    expect(option.series[0]!.type).toBe('bar');
    expect(option.series[0]!.data.map((d) => [d.value, d.itemStyle.color])).toEqual([
      [1200, '#2e7d32'],
      [300, '#c62828'],
      [50, '#9e9e9e'],
    ]);
    expect(option.textStyle.fontFamily).toBe(DEFAULT_CHART_THEME.font);
  });

  it('draws a column chart as vertical columns, and shows values only when asked', () => {
    const plain = optionOf(widget({ type: 'column' }));
    expect(plain.xAxis).toMatchObject({ type: 'category', data: ['Grade 1', 'Grade 5', 'Other'] });
    expect(plain.yAxis.type).toBe('value');
    expect(plain.series[0]!.label!.show).toBe(false);
    expect(optionOf(widget({ type: 'column', options: { showValues: true } })).series[0]!.label!.show).toBe(true);
  });

  it('draws a pie with a slice per item, named and coloured by it, and a legend', () => {
    const option = optionOf(widget({ type: 'pie' }));
    expect(option.series[0]!.type).toBe('pie');
    expect(option.series[0]!.data.map((d) => [d.name, d.value, d.itemStyle.color])).toEqual([
      ['Grade 1', 1200, '#2e7d32'],
      ['Grade 5', 300, '#c62828'],
      ['Other', 50, '#9e9e9e'],
    ]);
    expect(option.legend).toBeDefined();
  });

  it('fills a gauge to its value against its maximum in the theme’s primary colour', () => {
    const gauge = widget({ type: 'gauge', groupBy: null, options: { target: 500 } });
    const option = optionOf(gauge, {
      items: [],
      total: 420,
      count: 420,
      gauge: { value: 420, max: 500 },
    }) as unknown as {
      series: {
        type: string;
        min: number;
        max: number;
        data: { value: number }[];
        progress: { itemStyle: { color: string } };
      }[];
    };
    expect(option.series[0]).toMatchObject({ type: 'gauge', min: 0, max: 500, data: [{ value: 420 }] });
    expect(option.series[0]!.progress.itemStyle.color).toBe(DEFAULT_CHART_THEME.primary);
  });

  it('answers null for totals and tables, which are not charts', () => {
    expect(chartOption(TOTAL, barData(), DEFAULT_CHART_THEME)).toBeNull();
    expect(chartOption(widget({ type: 'table' }), barData(), DEFAULT_CHART_THEME)).toBeNull();
  });
});

describe('totalTrend', () => {
  it('shows the change against the previous period in per cent, with its direction', () => {
    expect(totalTrend(120, 100)).toEqual({ direction: 'up', text: '+20%', label: 'Up 20% on the previous period' });
    expect(totalTrend(75, 100)).toEqual({ direction: 'down', text: '−25%', label: 'Down 25% on the previous period' });
    expect(totalTrend(100, 100)?.direction).toBe('flat');
    expect(totalTrend(1, 3)?.text).toBe('−66.7%');
  });

  it('has no trend without a previous period, and says “new” when the previous period had nothing', () => {
    expect(totalTrend(10, undefined)).toBeNull();
    expect(totalTrend(10, null)).toBeNull();
    expect(totalTrend(10, 0)).toMatchObject({ direction: 'up', text: 'new' });
    expect(totalTrend(0, 0)).toMatchObject({ direction: 'flat', text: '0%' });
  });
});

describe('values and drill-down', () => {
  it('writes lengths in metres, averages with one decimal and the widget’s own unit', () => {
    expect(formatValue(widget({ measure: { kind: 'length' } }), 12345.6)).toBe('12,346 m');
    expect(formatValue(widget({ measure: { kind: 'avg', property: 'conditionGrade' } }), 2.345)).toBe('2.3');
    expect(formatValue(widget({ measure: { kind: 'count' }, options: { unit: 'km' } }), 3)).toBe('3 km');
  });

  it('opens the map for a group of a bar, column, pie or table, never for “Other”, totals or gauges', () => {
    expect(canDrill({ type: 'bar' }, { key: '5' })).toBe(true);
    expect(canDrill({ type: 'table' }, { key: '5' })).toBe(true);
    expect(canDrill({ type: 'pie' }, { key: '__other__' })).toBe(false);
    expect(canDrill({ type: 'gauge' }, { key: '5' })).toBe(false);
    expect(canDrill({ type: 'total' }, { key: '5' })).toBe(false);
  });

  it('summarises a chart in words for its aria-label', () => {
    expect(chartSummary(widget(), barData())).toBe('Length by grade: Grade 1 1,200 m, Grade 5 300 m, Other 50 m');
  });
});
