/**
 * The chart page kind (engine/renderers/ChartPage.tsx) over the charttest fixture (tests/fixtures/schemas/charttest)
 * with a test engine host whose `call` answers the aggregate calls: what each chart asks (groups, measures, the
 * declared default range), the data table a chart offers instead of its canvas (the numbers, labelled), the
 * drill-down to the list route with the group's filter, and a list page opened with that URL starting filtered.
 * echarts draws on a canvas happy-dom lacks: the lazily loaded chart component is replaced by one that shows the
 * option's data items as buttons, clicking one as echarts' click event would.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@app/i18n';
import { provideHost, type EngineHost } from '../../engine/host';
import { installTestHost } from './testHost';
import { buildRegistry } from '../../engine/schema/loader';
import { mergeLocaleFiles } from '../../engine/schema/text';
import type { PageBundle } from '../../engine/schema/bundle';
import type { DictDef } from '../../engine/schema/types';
import type { AggregateAnswer, AggregateRequest } from '../../src/shared/aggregate';
import { ChartPage } from '../../engine/renderers/ChartPage';
import { ListPage } from '../../engine/renderers/ListPage';
import { chartOption } from '../../engine/renderers/chart/model';
import { listQueryOf } from '../../engine/renderers/list/urlQuery';
import { orgNow } from '../../engine/renderers/time';
import { readSchemaDir, ROOT } from './schema/helpers';
import { renderWithUser, userWith } from './list-fixture';

vi.mock('../../engine/renderers/chart/EChart', () => ({
  default: ({
    option,
    onPick,
  }: {
    option: { series: { name: string; data: { value: number | null; gi: number; name?: string }[] }[] };
    onPick?: (gi: number) => void;
  }) => (
    <div data-testid="echart">
      {option.series.flatMap((s) =>
        s.data.map((d, i) => (
          <button key={`${s.name}-${i}`} type="button" data-testid={`pick-${d.gi}`} onClick={() => onPick?.(d.gi)}>
            {`${s.name}:${d.name ?? i}:${d.value}`}
          </button>
        )),
      )}
    </div>
  ),
}));

const listCalls = vi.hoisted(() => [] as unknown[]);
vi.mock('../../engine/data/api', async (orig) => ({
  ...(await orig<object>()),
  resource: () => ({ list: async (p: unknown) => (listCalls.push(p), { list: [], total: 0, refs: { users: {}, depts: {} } }) }),
}));

const dir = readSchemaDir(join(ROOT, 'tests/fixtures/schemas/charttest'));
const registry = buildRegistry(dir.files, { root: 'tests/fixtures/schemas/' });
const texts = mergeLocaleFiles(dir.locales);

function bundleOf(id: string): PageBundle {
  const page = registry.get('page', id)!;
  const entity = registry.entityOf(page) ?? null;
  const dicts = Object.values(entity?.model.properties ?? {})
    .map((p) => p['x-dict'])
    .filter((c): c is string => !!c)
    .map((c) => registry.get('dict', c))
    .filter((d): d is DictDef => !!d);
  return { page, entity, dicts, texts: texts['zh-CN'] ?? {}, etag: 'test' };
}

const BY_CATEGORY: AggregateAnswer = {
  truncated: false,
  groups: [
    { keys: ['travel'], labels: ['差旅'], ranges: [null], values: [12] },
    { keys: ['office'], labels: ['办公用品'], ranges: [null], values: [7] },
    { keys: [null], labels: ['（空）'], ranges: [null], values: [1] },
  ],
};
const BY_MONTH: AggregateAnswer = {
  truncated: false,
  groups: [
    { keys: ['2026-01'], labels: ['2026-01'], ranges: [['2025-12-31T16:00:00.000Z', '2026-01-31T15:59:59.999Z']], values: [1200.5] },
    { keys: ['2026-02'], labels: ['2026-02'], ranges: [['2026-01-31T16:00:00.000Z', '2026-02-28T15:59:59.999Z']], values: [830] },
  ],
};
const TWO_LEVELS: AggregateAnswer = {
  truncated: false,
  groups: [
    { keys: ['2026-01', 'travel'], labels: ['2026-01', '差旅'], ranges: [['2025-12-31T16:00:00.000Z', '2026-01-31T15:59:59.999Z'], null], values: [3] },
    { keys: ['2026-02', 'office'], labels: ['2026-02', '办公用品'], ranges: [['2026-01-31T16:00:00.000Z', '2026-02-28T15:59:59.999Z'], null], values: [2] },
  ],
};
const SUMMARY: AggregateAnswer = {
  truncated: false,
  groups: [{ keys: ['travel'], labels: ['差旅'], ranges: [null], values: [12, 23456.5, 1954.71] }],
};

let calls: { api: string; body: AggregateRequest }[] = [];
let navigated: string[] = [];
let search = '';

function answerOf(body: AggregateRequest): AggregateAnswer {
  if (body.groupBy.length === 2) return TWO_LEVELS;
  if (body.groupBy[0].bucket) return BY_MONTH;
  return body.measures?.length === 3 ? SUMMARY : BY_CATEGORY;
}

beforeEach(() => {
  calls = [];
  navigated = [];
  search = '';
  listCalls.length = 0;
  void i18n.changeLanguage('zh-CN');
  installTestHost({
    call: (async (api: string, body?: object) => (
      calls.push({ api, body: body as AggregateRequest }),
      answerOf(body as AggregateRequest)
    )) as EngineHost['call'],
    navigate: (to: string) => void navigated.push(to),
    location: () => ({ pathname: '/charttest/list', search }),
    i18n,
  });
});
afterEach(() => {
  cleanup();
  provideHost(null);
});

const renderChart = () => renderWithUser(<ChartPage bundle={bundleOf('charttest.expense.chart')} />, userWith(['charttest:view']));

// the first render loads antd, the renderers and the lazy chart module
describe('chart page', { timeout: 30_000 }, () => {
  it('asks one aggregate per chart, with its groups, measures and the default range of this year', async () => {
    renderChart();
    expect(screen.getByTestId('chart-page-title').textContent).toBe('费用统计');
    await waitFor(() => expect(calls).toHaveLength(4), { timeout: 10_000 });
    const year = orgNow().year();
    expect(calls.every((c) => c.api === 'charttestExpenses/aggregate')).toBe(true);
    expect(calls.map((c) => c.body.groupBy)).toEqual([
      [{ field: 'category' }],
      [{ field: 'spentAt', bucket: 'month' }],
      [{ field: 'spentAt', bucket: 'month' }, { field: 'category' }],
      [{ field: 'category' }],
    ]);
    expect(calls[1].body.measures).toEqual([{ op: 'sum', field: 'amount' }]);
    for (const c of calls) expect(c.body.filters).toEqual({ spentAt: [`${year}-01-01`, `${year}-12-31`] });
    expect(screen.getByTestId('chart-title-byMonth').textContent).toBe('每月费用金额');
  });

  it('offers each chart as a data table with its numbers and labels', async () => {
    renderChart();
    const canvas = await screen.findByTestId('chart-canvas-byCategory');
    expect(canvas.getAttribute('role')).toBe('img');
    expect(canvas.getAttribute('aria-label')).toContain('各类别费用笔数');
    fireEvent.click(within(screen.getByTestId('chart-toggle-byCategory')).getByText('数据表'));
    const table = await screen.findByTestId('chart-table-byCategory');
    const cells = [...table.querySelectorAll('tbody tr.ant-table-row')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells).toEqual([
      ['差旅', '12', '查看记录'],
      ['办公用品', '7', '查看记录'],
      ['（空）', '1', ''],
    ]);
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['类别', '数量', '']);
    // a table chart is a table from the start, measures titled by label or by op and field
    const summary = await screen.findByTestId('chart-table-summary');
    expect([...summary.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['类别', '数量', '合计金额', '金额平均值', '']);
    expect([...summary.querySelectorAll('tbody tr.ant-table-row td')].map((td) => td.textContent)).toEqual(['差旅', '12', '23,456.5', '1,954.71', '查看记录']);
  });

  it('drills down to the list route filtered by the clicked group and the page filters', async () => {
    renderChart();
    const month = await screen.findByTestId('chart-canvas-byMonth');
    fireEvent.click(await within(month).findByTestId('pick-1'));
    expect(navigated).toHaveLength(1);
    const [route, query] = navigated[0].split('?');
    expect(route).toBe('/charttest/list');
    expect(listQueryOf(`?${query}`)).toEqual({ filters: { spentAt: ['2026-01-31T16:00:00.000Z', '2026-02-28T15:59:59.999Z'] } });
    const pie = await screen.findByTestId('chart-canvas-byCategory');
    fireEvent.click(within(pie).getByTestId('pick-0'));
    expect(listQueryOf(`?${navigated[1].split('?')[1]}`).filters).toMatchObject({ category: 'travel' });
    // a group without a value opens nothing
    fireEvent.click(within(pie).getByTestId('pick-2'));
    expect(navigated).toHaveLength(2);
    const two = await screen.findByTestId('chart-canvas-monthCategory');
    fireEvent.click(within(two).getAllByTestId('pick-1')[0]);
    expect(listQueryOf(`?${navigated[2].split('?')[1]}`).filters).toMatchObject({
      category: 'office',
      spentAt: ['2026-01-31T16:00:00.000Z', '2026-02-28T15:59:59.999Z'],
    });
  });

  it('opens the drilled list filtered, its filter form showing the value', async () => {
    search = `?filters=${encodeURIComponent(JSON.stringify({ category: 'travel' }))}&keyword=${encodeURIComponent('差旅')}`;
    renderWithUser(<ListPage bundle={bundleOf('charttest.expense.list')} />, userWith(['charttest:view']));
    await waitFor(() => expect(listCalls.length).toBeGreaterThan(0));
    expect(listCalls[0]).toMatchObject({ keyword: '差旅', filters: { category: 'travel' } });
    expect((screen.getByTestId('list-keyword').querySelector('input') as HTMLInputElement).value).toBe('差旅');
    expect(screen.getByTestId('list-filter-lf_category').textContent).toContain('差旅');
  });

  it('builds a bar option with one series per second-level value', () => {
    const chart = (registry.get('page', 'charttest.expense.chart') as { charts: Parameters<typeof chartOption>[0][] }).charts[2];
    const option = chartOption(chart, TWO_LEVELS, ['数量']) as {
      xAxis: { data: string[] };
      series: { name: string; data: { value: number | null; gi: number }[] }[];
    };
    expect(option.xAxis.data).toEqual(['2026-01', '2026-02']);
    expect(option.series.map((s) => [s.name, s.data.map((d) => d.value)])).toEqual([
      ['差旅', [3, 0]],
      ['办公用品', [0, 2]],
    ]);
  });
});
