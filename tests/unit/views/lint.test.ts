/**
 * Lint of the calendar and tree page kinds (engine/schema/lintViews.ts) on the fixture area
 * tests/fixtures/schemas/roomtest: the area lints clean, and each broken variant (a definition changed in memory)
 * is reported with its file, JSON pointer and a message naming the problem.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRegistry, type DefinitionFile } from '../../../engine/schema/loader';
import { formatIssues, lintRegistry } from '../../../engine/schema/lint';
import { readSchemaDir, ROOT } from '../schema/helpers';

const PREFIX = 'tests/fixtures/schemas/roomtest/';
const CAL = `${PREFIX}pages/booking.calendar.page.json`;
const TREE = `${PREFIX}pages/category.tree.page.json`;
const ORG_TREE = `${PREFIX}pages/booking.tree.page.json`;
const LIST = `${PREFIX}pages/booking.list.page.json`;

/** Lints the fixture with `change` applied to the definition of file `path`. */
function lint(path?: string, change?: (def: Record<string, any>) => void) {
  const { files, locales } = readSchemaDir(join(ROOT, PREFIX));
  const changed: DefinitionFile[] = files.map((f) => {
    if (f.path !== path || !change) return f;
    const data = structuredClone(f.data) as Record<string, any>;
    change(data);
    return { ...f, data };
  });
  const registry = buildRegistry(changed, { root: 'tests/fixtures/schemas/' });
  return lintRegistry(registry, locales, { routes: ['/meeting/room'], pageKinds: ['list', 'form', 'detail', 'calendar', 'tree'], components: [] });
}

function expectIssue(issues: ReturnType<typeof lint>, file: string, path: string, text: RegExp) {
  expect(
    issues.some((i) => i.file === file && i.path === path && text.test(i.message)),
    `${file} ${path} ${text}\n${formatIssues(issues)}`,
  ).toBe(true);
}

describe('calendar and tree pages of the roomtest fixture', () => {
  it('lint clean', () => {
    const issues = lint();
    if (issues.length) expect.fail(formatIssues(issues));
  });

  it('a calendar start that is not a date or datetime is reported', () => {
    expectIssue(
      lint(CAL, (d) => (d.start = 'subject')),
      CAL,
      '/start',
      /field "subject" is text, a calendar needs a date or datetime start/,
    );
  });
  it('an unknown end field is reported', () => {
    expectIssue(
      lint(CAL, (d) => (d.end = 'finish')),
      CAL,
      '/end',
      /unknown field "finish"/,
    );
  });
  it('an allDay that is not boolean, a colour that is not a dict field are reported', () => {
    const issues = lint(CAL, (d) => {
      d.allDay = 'note';
      d.color = 'subject';
    });
    expectIssue(issues, CAL, '/allDay', /allDay needs a boolean field/);
    expectIssue(issues, CAL, '/color', /color needs a dict field/);
  });
  it('a resource of a text field and a timeline without resource are reported', () => {
    expectIssue(
      lint(CAL, (d) => (d.resource = { field: 'note' })),
      CAL,
      '/resource/field',
      /a resource needs a dict, user or dept field/,
    );
    expectIssue(
      lint(CAL, (d) => delete d.resource),
      CAL,
      '/views',
      /"timeline" view needs a resource/,
    );
  });
  it('a default view that is not offered is reported', () => {
    expectIssue(
      lint(CAL, (d) => (d.views = ['day', 'month'])),
      CAL,
      '/defaultView',
      /not one of the views/,
    );
  });
  it('a title template that is not a string is reported', () => {
    expectIssue(
      lint(CAL, (d) => (d.eventTitle = { cel: 'record.allDay' })),
      CAL,
      '/eventTitle/cel',
      /does not type-check/,
    );
  });
  it('a form of another entity and an unknown detail page are reported', () => {
    const issues = lint(CAL, (d) => {
      d.form = 'roomtest.article.form';
      d.detail = 'roomtest.booking.nothing';
    });
    expectIssue(issues, CAL, '/form', /shows roomtest\.article, not roomtest\.booking/);
    expectIssue(issues, CAL, '/detail', /unknown page "roomtest\.booking\.nothing"/);
  });
  it('a calendar without an event title fails the format', () => {
    expectIssue(
      lint(CAL, (d) => delete d.eventTitle),
      CAL,
      '',
      /eventTitle/,
    );
  });

  it('a tree parent field that is not an id is reported', () => {
    expectIssue(
      lint(TREE, (d) => (d.source.parent = 'name')),
      TREE,
      '/source/parent',
      /a parent needs an integer field/,
    );
  });
  it('a tree list that is not a list page, and a filter field of the wrong kind, are reported', () => {
    expectIssue(
      lint(TREE, (d) => (d.list = 'roomtest.article.form')),
      TREE,
      '/list',
      /is a form page, not a list page/,
    );
    expectIssue(
      lint(TREE, (d) => (d.filterField = 'title')),
      TREE,
      '/filterField',
      /field "title" is text/,
    );
    expectIssue(
      lint(TREE, (d) => (d.filterField = 'owner')),
      TREE,
      '/filterField',
      /unknown field "owner"/,
    );
  });
  it('a department tree filters a dept field', () => {
    expectIssue(
      lint(ORG_TREE, (d) => (d.filterField = 'host')),
      ORG_TREE,
      '/filterField',
      /field "host" is user, the node id needs dept/,
    );
  });
});

describe('a list page with a tree beside it', () => {
  const org = { type: 'org', of: 'departments' };
  it('an organisation tree filtering a department field, or the records themselves by id, lints clean', () => {
    for (const filterField of ['dept', 'id']) {
      const issues = lint(LIST, (d) => (d.tree = { source: org, filterField, descendants: true }));
      if (issues.length) expect.fail(formatIssues(issues));
    }
  });
  it('a filter field that cannot hold a department, or an unknown one, is reported', () => {
    expectIssue(
      lint(LIST, (d) => (d.tree = { source: org, filterField: 'subject' })),
      LIST,
      '/tree/filterField',
      /field "subject" is text, the node id needs dept or depts/,
    );
    expectIssue(
      lint(LIST, (d) => (d.tree = { source: org, filterField: 'owner' })),
      LIST,
      '/tree/filterField',
      /unknown field "owner"/,
    );
  });
  it("an entity tree of another entity than the list's is reported", () => {
    expectIssue(
      lint(LIST, (d) => (d.tree = { source: { type: 'entity', entity: 'roomtest.category', parent: 'parent' }, filterField: 'id' })),
      LIST,
      '/tree/source/entity',
      /is not the list's entity roomtest.booking/,
    );
  });
});
