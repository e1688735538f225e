/**
 * Pure helpers of the `chart` page kind (../ChartPage.tsx): the filter form's initial values from the declared
 * defaults, the aggregate request of a chart, measure titles, the echarts option and the data table of an answer,
 * and the list query a click on a group opens (drill-down). No React, so the rules are testable on their own.
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { AggregateAnswer, AggregateGroup, AggregateRequest } from '../../data/aggregate';
import type { ChartDef, ChartFilter, ChartMeasure } from '../../schema/types';
import { orgNow } from '../time';
import type { FilterValues } from '../list/model';
import type { ListUrlQuery } from '../list/urlQuery';

/** A day of the organisation's calendar as a plain picker value (antd pickers work in the browser's zone). */
const day = (d: Dayjs) => dayjs(d.format('YYYY-MM-DD'));

/**
 * The filter form's values (by filter id) from the filters' declared `default`: a value, a list (`in`), [from, to]
 * dates or a relative range (thisMonth, thisYear, last12Months: days of the organisation's calendar at `now`).
 */
export function defaultFilterValues(filters: ChartFilter[] | undefined, now: Dayjs = orgNow()): FilterValues {
  const out: FilterValues = {};
  for (const f of filters ?? []) {
    const d = f.default;
    if (d === undefined || d === null) continue;
    if (f.op === 'between') {
      if (d === 'thisMonth') out[f.id] = [day(now.startOf('month')), day(now.endOf('month'))];
      else if (d === 'thisYear') out[f.id] = [day(now.startOf('year')), day(now.endOf('year'))];
      else if (d === 'last12Months') out[f.id] = [day(now.subtract(11, 'month').startOf('month')), day(now)];
      else if (Array.isArray(d)) out[f.id] = d.map((x) => (x ? dayjs(String(x)) : null));
    } else out[f.id] = d;
  }
  return out;
}

/** The aggregate request of `chart` under the page's keyword and filters. */
export function chartRequest(chart: ChartDef, q: ListUrlQuery): AggregateRequest {
  return {
    groupBy: chart.groupBy.map((g) => (g.bucket ? { field: g.field, bucket: g.bucket } : { field: g.field })),
    measures: chart.measures.map((m) => (m.field ? { op: m.op, field: m.field } : { op: m.op })),
    ...(q.keyword ? { keyword: q.keyword } : {}),
    ...(q.filters && Object.keys(q.filters).length ? { filters: q.filters } : {}),
    ...(chart.limit ? { limit: chart.limit } : {}),
  };
}

/** Translation function of the `chart` namespace (i18next's TFunction narrowed to what is used here). */
export type ChartT = (key: string, params?: Record<string, unknown>) => string;

/** Title of a measure: its label, else 数量 / 金额合计 / 金额平均值… from the field's title. */
export function measureTitle(m: ChartMeasure, tx: (text: ChartMeasure['label']) => string, fieldTitle: (f: string) => string, t: ChartT): string {
  if (m.label) return tx(m.label);
  return t(`measure.${m.op}`, { field: m.field ? fieldTitle(m.field) : '' });
}

/** A value as shown in the data table and tooltips (up to 2 decimals, grouped digits in the reader's locale). */
export function formatValue(v: number | null, locale: string): string {
  return v === null ? '' : v.toLocaleString(locale, { maximumFractionDigits: 2 });
}

/** One row of a chart's data table: the group's labels, then one value per measure. */
export interface TableRow {
  key: number;
  labels: string[];
  values: (number | null)[];
}

/** The data table of an answer: one row per group, in the answer's order. */
export function tableRows(answer: AggregateAnswer): TableRow[] {
  return answer.groups.map((g, i) => ({ key: i, labels: g.labels, values: g.values }));
}

/** A data item of the option: its value and the index of its group in the answer (read back on a click). */
interface Item {
  value: number | null;
  name?: string;
  gi: number;
}

const distinct = (xs: string[]) => [...new Set(xs)];

/**
 * The echarts option of `chart` over `answer`. bar / line: the first level on the x axis, one series per measure —
 * or, with two levels, one series per value of the second level (first measure). pie: one slice per group. Every
 * data item carries `gi`, the index of its group in `answer.groups`.
 */
export function chartOption(chart: ChartDef, answer: AggregateAnswer, measures: string[]): Record<string, unknown> {
  const groups = answer.groups;
  const tooltip = { trigger: chart.type === 'pie' ? 'item' : 'axis', confine: true };
  if (chart.type === 'pie') {
    const data: Item[] = groups.map((g, gi) => ({ name: g.labels[0], value: g.values[0], gi }));
    return {
      tooltip,
      legend: { type: 'scroll', bottom: 0 },
      // labels kept inside the card's edges, so that a narrow screen does not cut them off
      series: [
        {
          type: 'pie',
          name: measures[0],
          radius: ['35%', '60%'],
          center: ['50%', '45%'],
          data,
          label: { formatter: '{b}: {c}', alignTo: 'edge', edgeDistance: 8, minMargin: 4 },
        },
      ],
    };
  }
  const categories = distinct(groups.map((g) => g.labels[0]));
  let series: { type: string; name: string; data: Item[] }[];
  if (chart.groupBy.length === 2) {
    series = distinct(groups.map((g) => g.labels[1])).map((name) => ({
      type: chart.type,
      name,
      data: categories.map((c) => {
        const gi = groups.findIndex((g) => g.labels[0] === c && g.labels[1] === name);
        return { value: gi < 0 ? (chart.measures[0].op === 'count' ? 0 : null) : groups[gi].values[0], gi };
      }),
    }));
  } else {
    series = measures.map((name, j) => ({ type: chart.type, name, data: groups.map((g, gi) => ({ value: g.values[j], gi })) }));
  }
  return {
    tooltip,
    legend: { type: 'scroll', top: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: categories, axisLabel: { hideOverlap: true } },
    // counts are whole numbers: no 0.5 ticks
    yAxis: { type: 'value', ...(chart.measures.every((m) => m.op === 'count') ? { minInterval: 1 } : {}) },
    series,
  };
}

/**
 * The list query of a click on group `g` of `chart`: the page's keyword and filters, and each level's value — a
 * bucket's [from, to] as the server gave it, a field's value. Null when a level has no value (nothing to filter by).
 */
export function drillQuery(chart: ChartDef, g: AggregateGroup, base: ListUrlQuery): ListUrlQuery | null {
  const filters: Record<string, unknown> = { ...base.filters };
  for (let i = 0; i < chart.groupBy.length; i++) {
    const key = g.keys[i];
    if (key === null || key === undefined) return null;
    filters[chart.groupBy[i].field] = g.ranges[i] ?? key;
  }
  return { ...(base.keyword ? { keyword: base.keyword } : {}), filters };
}
