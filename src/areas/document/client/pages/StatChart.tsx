/**
 * One echarts chart (bar, line, pie) for the statistics pages, with only the echarts parts they use registered —
 * imported lazily by ./DocumentStat.tsx so that echarts loads with those pages alone.
 */
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Height of a chart (px). */
const HEIGHT = 300;

/** A chart of `option` (an echarts option object). */
export default function StatChart({ option }: { option: Record<string, unknown> }) {
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: HEIGHT, width: '100%' }} />;
}
