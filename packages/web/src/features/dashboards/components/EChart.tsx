/**
 * ECharts drawn into a div of ours (no wrapper library): only the bar, pie and gauge charts, the
 * components they use and the canvas renderer are registered, so the rest of ECharts stays out of
 * the bundle. The chart follows its box's size and reports clicks on its items by index.
 */
import { useEffect, useRef } from 'react';
import { BarChart, GaugeChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, PieChart, GaugeChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export interface EChartProps {
  option: echarts.EChartsCoreOption;
  /** The chart in words: a canvas says nothing to a screen reader. */
  ariaLabel: string;
  /** A click on a bar or a slice, by the index of its data item. */
  onItemClick?: (dataIndex: number) => void;
}

export function EChart({ option, ariaLabel, onItemClick }: EChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<echarts.EChartsType | null>(null);
  const clickRef = useRef(onItemClick);
  useEffect(() => {
    clickRef.current = onItemClick;
  });

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const chart = echarts.init(box, undefined, { renderer: 'canvas' });
    chartRef.current = chart;
    // Marked once its data is fully drawn (animation ended): what tests and the draw benchmark wait for.
    chart.on('finished', () => {
      box.dataset.drawn = 'true';
    });
    chart.on('click', (params) => {
      if (typeof params.dataIndex === 'number') clickRef.current?.(params.dataIndex);
    });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart.resize());
    observer?.observe(box);
    return () => {
      observer?.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, []);

  useEffect(() => {
    delete boxRef.current?.dataset.drawn;
    chartRef.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={boxRef} className="mw-dash-chart" role="img" aria-label={ariaLabel} />;
}
