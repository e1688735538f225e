/** Lint (engine/schema/lint.ts): the broken fixture set reports each problem with its file and JSON pointer. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../../../engine/schema/loader';
import { formatIssues, lintRegistry } from '../../../engine/schema/lint';
import { checkCel } from '../../../engine/schema/expr';
import { readSchemaDir, ROOT } from './helpers';

const ROOT_PREFIX = 'tests/fixtures/schemas/broken/';
const B = `${ROOT_PREFIX}demo/`;

function lintBroken(opts: Parameters<typeof lintRegistry>[2] = {}) {
  const { files, locales } = readSchemaDir(join(ROOT, ROOT_PREFIX));
  const registry = buildRegistry(files, { root: ROOT_PREFIX });
  const sanyuan = { roles: ['sysadmin', 'secadmin', 'auditor'], mayHold: (key: string) => key.startsWith('outurl') };
  return lintRegistry(registry, locales, {
    routes: ['/receptions', '/receptions/index'],
    pageKinds: ['list', 'form', 'detail'],
    components: [],
    rowDialogs: ['urge'],
    roles: ['staff', 'auditor'],
    sanyuan,
    ...opts,
  });
}

describe('lintRegistry on tests/fixtures/schemas/broken', () => {
  const issues = lintBroken();
  const has = (file: string, path: string, text: RegExp) =>
    expect(
      issues.some((i) => i.file === `${B}${file}` && i.path === path && text.test(i.message)),
      `${file} ${path} ${text}\n${formatIssues(issues)}`,
    ).toBe(true);

  it('reports an invalid format with file and path (from the loader)', () => has('dicts/bad.json', '/items/0/colour', /unknown property/));
  it('reports an unknown field', () => has('pages/item.list.page.json', '/columns/1/field', /unknown field "owner"/));
  it('reports a missing i18n key', () => has('pages/item.form.page.json', '/layout/0/title/t', /"demo\.item\.section\.missing" missing in en-US/));
  it('reports the key missing from the sibling locale file', () => has('locales/en-US.json', '/demo.item.section.missing', /missing/));
  it('reports a default that differs from the zh-CN text', () => has('entities/item.json', '/model/properties/name/x-title/d', /differs from zh-CN "名字"/));
  it('reports Chinese outside a Text default', () => has('entities/item.json', '/model/properties/name/description', /Chinese text outside a Text default/));
  it('reports a CEL expression that does not type-check', () => has('pages/item.form.page.json', '/validators/0/expr/cel', /endDate >= 1/));
  it('reports a duplicate definition id', () => has('pages/item.form.page.json', '/id', /duplicate page id "demo\.item\.form"/));
  it('reports a duplicate node id within a file', () => has('pages/item.form.page.json', '/layout/0/children/1/id', /duplicate node id "f_start"/));
  it('reports a column renderer that does not fit the field', () =>
    has('pages/item.list.page.json', '/columns/2/render', /render "user" does not fit field "startDate" of kind date/));
  it('reports a between filter on a text field', () => has('pages/item.list.page.json', '/filters/0/op', /"between" needs a date or number field/));
  it('reports a required field missing from a form', () => has('pages/item.form.page.json', '/layout', /required field "name" is not in the layout/));
  it('reports a route claimed by two pages', () =>
    has('pages/item.copy.page.json', '/route', /route "\/receptions\/index" already renders page "demo\.item\.list"/));
  it('reports an unknown sub-table column inside tabs', () =>
    has('pages/item.form.page.json', '/layout/1/children/0/children/0/columns/1/field', /unknown column field "nope" of sub-table "steps"/));
  it('reports an unknown route', () => has('area.json', '/routes/0/path', /unknown route "\/nowhere\/index": no area declares its section "\/nowhere"/));
  it('reports a navigate action to an unknown route', () => has('pages/item.list.page.json', '/rowActions/0/target', /unknown route "\/nowhere\/permission"/));
  it('reports an undeclared permission code', () => has('entities/item.json', '/permissions/edit', /"demo:edit" is declared by no area/));
  it('reports a related list that is not a list page', () =>
    has('pages/item.detail.page.json', '/related/0/page', /page "demo\.item\.form" is not a list page/));
  it('reports a related list filtered by an unknown field', () => has('pages/item.detail.page.json', '/related/1/filterField', /unknown field "nope"/));
  it('reports an unregistered page kind', () => has('pages/item.copy.page.json', '/pageKind', /not registered/));
  it('reports a work list view filtering overdue items of a list without deadlines', () =>
    has('pages/item.worklist.page.json', '/views/0/filters/overdue', /only the todo and supervise lists/));
  it('reports a duplicate work list view', () => has('pages/item.worklist.page.json', '/views/1/id', /duplicate view "mine"/));
  it('reports a status filter outside the supervise list', () => has('pages/item.worklist.page.json', '/views/1/filters/status', /only the supervise list/));
  it('reports a view route no area route renders the page at', () =>
    has('pages/item.worklist.page.json', '/views/1/route', /no area route renders this page at "\/receptions\/index"/));
  it('reports an approval extra no area declares', () =>
    has('pages/item.approval.page.json', '/extras/1', /approval extra "nope" is not declared by any area/));
  it('accepts an approval extra its area declares', () => {
    expect(issues.filter((i) => i.path === '/extras/0')).toEqual([]);
  });
  it('reports a declared work list column that shows no field', () => has('pages/item.declared.page.json', '/columns/1', /column "title" shows no field/));
  it('reports a duplicate declared column', () => has('pages/item.declared.page.json', '/columns/1/id', /duplicate column "title"/));
  it('reports row actions no column shows', () => has('pages/item.declared.page.json', '/rowActions', /no column with "actions": true/));
  it('reports a row dialog that is not registered', () =>
    has('pages/item.declared.page.json', '/rowActions/1/dialog', /row dialog "demo.missing" is not registered/));
  it('reports an undeclared permission of a row action', () =>
    has('pages/item.declared.page.json', '/rowActions/0/access/0', /"demo:nope" is declared by no area/));
  it('accepts a registered row dialog', () => {
    expect(issues.filter((i) => i.path === '/rowActions/0/dialog')).toEqual([]);
  });
  it('reports a scopeDept field that is not a department', () => has('entities/item.json', '/scopeDept', /needs a field of kind "dept", not "date"/));
  it('reports an unknown field editable after the flow', () => has('entities/item.json', '/editableAfterFlow/0', /unknown field "nope"/));
  it('reports an entity without a permissions block', () =>
    has('entities/open.json', '/permissions', /no "permissions" block: the entity is closed to everyone/));
  it('reports a grant to an unknown role', () => has('area.json', '/grants/0/role', /unknown role "nobody"/));
  it('reports a granted code the area does not declare', () => has('area.json', '/grants/1/permissions/0', /"demo:edit" is not declared by area "demo"/));
  it('reports a granted route that is not a route of the area', () =>
    has('area.json', '/grants/1/routes/0', /unknown route "\/receptions\/other" \(not a route of area "demo"\)/));
  it('reports a business code granted to one of the 三员', () =>
    has('area.json', '/grants/2/permissions/0', /business permission "demo:view" granted to "auditor"/));
  it('reports a business route granted to one of the 三员', () =>
    has('area.json', '/grants/2/routes/0', /business route "\/receptions\/index" granted to "auditor"/));
  it('reports a grant that gives nothing', () => has('area.json', '/grants/3', /gives neither permissions nor routes/));
  it('accepts a grant of a declared code and route to a known role', () => {
    expect(issues.filter((i) => i.file === `${B}area.json` && i.path.startsWith('/grants/0/permissions'))).toEqual([]);
  });
  it('names only fixture files', () => {
    for (const i of issues) expect(i.file.startsWith(ROOT_PREFIX)).toBe(true);
  });
  it('skips CEL checks with checkExpr: false', () => {
    expect(lintBroken({ checkExpr: false }).some((i) => i.path.endsWith('/cel'))).toBe(false);
  });
});

describe('checkCel (adapter to engine/expr)', () => {
  const model = {
    type: 'object' as const,
    properties: {
      status: { type: 'string', 'x-kind': 'dict' as const, 'x-dict': 'x', 'x-title': { t: 'a.b', d: '状态' } },
      people: { type: 'integer', 'x-kind': 'integer' as const, 'x-title': { t: 'a.c', d: '人数' } },
    },
  };
  it('checks fields as variables in form scope', () => {
    expect(checkCel('status == "done"', model, 'fields', 'bool').ok).toBe(true);
    expect(checkCel('record.status == "done"', model, 'fields', 'bool').ok).toBe(false);
  });
  it('checks record and user in record scope', () => {
    expect(checkCel('record.people > 1 && user.id > 0', model, 'record', 'bool').ok).toBe(true);
    expect(checkCel('people > 1', model, 'record', 'bool').ok).toBe(false);
  });
  it('checks the result type', () => {
    expect(checkCel('people + 1', model, 'fields', 'bool').ok).toBe(false);
    expect(checkCel('people + 1', model, 'fields', 'int').ok).toBe(true);
  });
});
