/**
 * Lint of `chart` pages (engine/schema/lintChart.ts) on the charttest fixture area: the shipped fixture lints clean;
 * each broken variant of its chart page is reported at the node's JSON pointer with a message naming the problem.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRegistry, type DefinitionFile } from '../../../engine/schema/loader';
import { formatIssues, lintRegistry } from '../../../engine/schema/lint';
import { readSchemaDir, ROOT } from './helpers';

const PREFIX = 'tests/fixtures/schemas/charttest/';
const CHART = `${PREFIX}pages/expense.chart.page.json`;
const fixture = readSchemaDir(join(ROOT, PREFIX));

/** Lints the fixture with the chart page changed by `edit` (a copy). */
function lintWith(edit?: (page: Record<string, any>) => void) {
  const files: DefinitionFile[] = fixture.files.map((f) => {
    if (f.path !== CHART || !edit) return f;
    const data = structuredClone(f.data) as Record<string, any>;
    edit(data);
    return { path: f.path, data };
  });
  const registry = buildRegistry(files, { root: 'tests/fixtures/schemas/' });
  return lintRegistry(registry, fixture.locales, { routes: ['/charttest/index', '/charttest/list'], pageKinds: ['list', 'chart'], components: [] });
}

function expectIssue(edit: (page: Record<string, any>) => void, path: string, text: RegExp) {
  const issues = lintWith(edit);
  expect(
    issues.some((i) => i.file === CHART && i.path === path && text.test(i.message)),
    `${path} ${text}\n${formatIssues(issues)}`,
  ).toBe(true);
}

describe('chart page lint', () => {
  it('lints the charttest fixture clean', () => {
    const issues = lintWith();
    expect(issues, formatIssues(issues)).toEqual([]);
  });

  it('reports an unknown group field', () =>
    expectIssue((p) => (p.charts[0].groupBy[0].field = 'colour'), '/charts/0/groupBy/0/field', /unknown field "colour"/));
  it('reports a text field as a group', () =>
    expectIssue((p) => (p.charts[0].groupBy[0].field = 'title'), '/charts/0/groupBy/0/field', /"title" of kind text cannot be grouped/));
  it('reports a bucket on a field that is no date', () =>
    expectIssue((p) => (p.charts[0].groupBy[0].bucket = 'month'), '/charts/0/groupBy/0/bucket', /a bucket needs a date field, "category" is dict/));
  it('reports a date group without a bucket', () =>
    expectIssue((p) => delete p.charts[1].groupBy[0].bucket, '/charts/1/groupBy/0/bucket', /date field "spentAt" needs a bucket/));
  it('reports a sum of a field that is not numeric', () =>
    expectIssue((p) => (p.charts[1].measures[0].field = 'title'), '/charts/1/measures/0/field', /needs a numeric field, "title" is text/));
  it('reports a sum without a field', () =>
    expectIssue((p) => delete p.charts[1].measures[0].field, '/charts/1/measures/0/field', /measure "sum" needs a numeric field/));
  it('reports a pie with two levels', () =>
    expectIssue((p) => p.charts[0].groupBy.push({ field: 'payer' }), '/charts/0/type', /one group level and one measure/));
  it('reports a drill-down to an unknown page', () =>
    expectIssue((p) => (p.drill.page = 'charttest.expense.nope'), '/drill/page', /unknown page "charttest\.expense\.nope"/));
  it('reports a drill-down to a page that is no list', () =>
    expectIssue((p) => (p.drill.page = 'charttest.expense.chart'), '/drill/page', /is not a list page/));
  it('reports a drill-down route that renders another page', () =>
    expectIssue((p) => (p.drill.route = '/charttest/index'), '/drill/route', /does not render page "charttest\.expense\.list"/));
  it('reports a drill-down to an unknown route', () => expectIssue((p) => (p.drill.route = '/charttest/nowhere'), '/drill/route', /unknown route/));
  it('reports a filter default that does not fit a range', () =>
    expectIssue((p) => (p.filters[2].default = 'someday'), '/filters/2/default', /\[from, to\] or one of thisMonth/));
  it('reports a format error (an unknown chart type) from the meta schema', () => {
    const issues = lintWith((p) => (p.charts[0].type = 'radar'));
    expect(
      issues.some((i) => i.file === CHART && i.path.startsWith('/charts/0')),
      formatIssues(issues),
    ).toBe(true);
  });
});
