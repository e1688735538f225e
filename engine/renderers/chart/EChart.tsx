/**
 * One echarts chart (bar, line, pie) of a chart page, with only the echarts parts it uses registered; imported
 * lazily by ./ChartCard.tsx so that echarts loads with chart pages alone. `onPick(gi)` is called with the `gi`
 * (group index) of the clicked data item (./model.ts chartOption). The canvas is `aria-hidden`: the card around
 * it labels it and offers its data as a table.
 */
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Props of {@link EChart}. */
export interface EChartProps {
  option: Record<string, unknown>;
  height: number;
  onPick?: (groupIndex: number) => void;
}

/** A chart of `option`; a click on a data item calls `onPick` with its group index. */
export default function EChart({ option, height, onPick }: EChartProps) {
  const onEvents = onPick
    ? {
        click: (p: { data?: { gi?: unknown } }) => {
          const gi = p.data?.gi;
          if (typeof gi === 'number') onPick(gi);
        },
      }
    : undefined;
  return (
    <div aria-hidden="true">
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        onEvents={onEvents}
        style={{ height, width: '100%', cursor: onPick ? 'pointer' : undefined }}
      />
    </div>
  );
}
