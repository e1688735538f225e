/**
 * Lint of entity `calls` and of `tabs` pages (engine/schema/lintCalls.ts) over the charttest fixture plus, in memory, a
 * custom entity in the same API group as its table entity `charttest.expense` and a tabs page: clean as written;
 * a declared call that is another call of the group (the table entity's generic `list`), one of the entity's own
 * actions or another operation's call, a list page over an entity without a list call, and tabs naming an unknown
 * page, the page itself, a tabs page that shows it, or a key twice are each reported at their JSON pointer.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRegistry, type DefinitionFile } from '../../../engine/schema/loader';
import { formatIssues, lintRegistry } from '../../../engine/schema/lint';
import { readSchemaDir, ROOT } from './helpers';

const PREFIX = 'tests/fixtures/schemas/charttest/';
const fixture = readSchemaDir(join(ROOT, PREFIX));
const PAYEE = `${PREFIX}entities/payee.json`;
const TABS = `${PREFIX}pages/expense.tabs.page.json`;
const OTHER_TABS = `${PREFIX}pages/other.tabs.page.json`;
const PAYEE_LIST = `${PREFIX}pages/payee.list.page.json`;
const title = { t: 'charttest.expense.list.title', d: '费用列表' };
const head = (schema: string, id: string, kind: string) => ({ $schema: `../../_meta/${schema}.schema.json`, schemaVersion: 1, id, kind });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- definitions edited freely in the cases
type Def = Record<string, any>;
/** The extra definitions, fresh for each lint. */
function extras(): Record<string, Def> {
  return {
    [PAYEE]: {
      ...head('entity', 'charttest.payee', 'entity'),
      title,
      group: 'charttestExpenses',
      table: 'payees',
      storage: 'custom',
      model: { type: 'object', properties: { name: { type: 'string', 'x-title': title, 'x-kind': 'text' } } },
      scope: 'public',
      permissions: {},
      actions: [{ id: 'payeeArchive', label: title }],
      calls: { list: 'payeeList', edit: 'payeeEdit' },
    },
    [PAYEE_LIST]: {
      ...head('page', 'charttest.payee.list', 'page'),
      pageKind: 'list',
      title,
      source: { type: 'resource', entity: 'charttest.payee' },
      columns: [{ id: 'pc_name', field: 'name' }],
    },
    [TABS]: {
      ...head('page', 'charttest.expense.tabs', 'page'),
      pageKind: 'tabs',
      title,
      tabs: [
        { key: 'list', title, page: 'charttest.expense.list', access: ['charttest:view'] },
        { key: 'chart', title, page: 'charttest.expense.chart' },
      ],
    },
    [OTHER_TABS]: { ...head('page', 'charttest.other.tabs', 'page'), pageKind: 'tabs', title, tabs: [{ key: 'payees', title, page: 'charttest.payee.list' }] },
  };
}

/** Lints the fixture with the extras changed by `edit`; answers the issues of the extra files. */
function lintWith(edit?: (defs: Record<string, Def>) => void) {
  const defs = extras();
  edit?.(defs);
  const files: DefinitionFile[] = [...fixture.files, ...Object.entries(defs).map(([path, data]) => ({ path, data }))];
  const issues = lintRegistry(buildRegistry(files, { root: 'tests/fixtures/schemas/' }), fixture.locales, {
    pageKinds: ['list', 'chart', 'tabs'],
    components: [],
  });
  return issues.filter((i) => i.file in defs);
}

function expectIssue(edit: (defs: Record<string, Def>) => void, file: string, path: string, text: RegExp) {
  const issues = lintWith(edit);
  expect(
    issues.some((i) => i.file === file && i.path === path && text.test(i.message)),
    `${file} ${path} ${text}\n${formatIssues(issues)}`,
  ).toBe(true);
}

describe('entity calls lint', () => {
  it('accepts a custom entity whose calls keep it apart from the table entity of its group', () => {
    const issues = lintWith();
    expect(issues, formatIssues(issues)).toEqual([]);
  });
  it('reports a call that is the generic list of the group’s table entity', () =>
    expectIssue((d) => (d[PAYEE].calls.list = 'list'), PAYEE, '/calls/list', /charttestExpenses\/list" is also operation "list" of charttest\.expense/));
  it('reports a call that is one of its own actions', () =>
    expectIssue((d) => (d[PAYEE].calls.edit = 'payeeArchive'), PAYEE, '/calls/edit', /is also its action "payeeArchive"/));
  it('reports two operations under one call', () =>
    expectIssue((d) => (d[PAYEE].calls.edit = 'payeeList'), PAYEE, '/calls/edit', /is also its operation "list"/));
  it('reports a list page over an entity whose calls have no list', () =>
    expectIssue((d) => delete d[PAYEE].calls.list, PAYEE_LIST, '/source/entity', /names no "list" in its calls/));
});

describe('tabs page lint', () => {
  it('reports a tab of an unknown page', () =>
    expectIssue((d) => (d[TABS].tabs[1].page = 'charttest.nothing'), TABS, '/tabs/1/page', /unknown page "charttest\.nothing"/));
  it('reports a tab showing the page itself', () =>
    expectIssue((d) => (d[TABS].tabs[1].page = 'charttest.expense.tabs'), TABS, '/tabs/1/page', /shows this tabs page inside itself/));
  it('reports tabs pages showing each other', () =>
    expectIssue(
      (d) => {
        d[OTHER_TABS].tabs.push({ key: 'back', title, page: 'charttest.expense.tabs' });
        d[TABS].tabs.push({ key: 'other', title, page: 'charttest.other.tabs' });
      },
      TABS,
      '/tabs/2/page',
      /shows this tabs page inside itself/,
    ));
  it('reports a key used twice', () => expectIssue((d) => (d[TABS].tabs[1].key = 'list'), TABS, '/tabs/1/key', /duplicate tab key "list"/));
  it('reports an undeclared access code', () =>
    expectIssue((d) => (d[TABS].tabs[0].access = ['charttest:nothing']), TABS, '/tabs/0/access/0', /declared by no area/));
});
