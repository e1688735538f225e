/**
 * The lint of a declared work list (a `worklist` page with `source`; ./worklistDecl.ts, FORMATS.md "Pages"): column
 * and toggle ids are unique, every column but a title or actions one reads a field, an actions column goes with
 * `rowActions` (and the other way round), a row action's dialog is registered (LintOptions.rowDialogs) and its
 * permission codes are declared. Pure: no file system.
 */
import type { WorkListPageDef } from './types';
import { checkPermission, type Ctx } from './lintContext';

/** Lints the declared parts of work list page `page` into `ctx`. */
export function lintDeclaredWorkList(ctx: Ctx, page: WorkListPageDef): void {
  const { add, file, opts } = ctx;
  if (!page.source) {
    for (const key of ['columns', 'toggles', 'rowActions'] as const) if (page[key]) add(file, `/${key}`, `"${key}" needs a "source" (a declared work list)`);
    return;
  }
  const ids = new Set<string>();
  let actionColumns = 0;
  (page.columns ?? []).forEach((c, i) => {
    if (ids.has(c.id)) add(file, `/columns/${i}/id`, `duplicate column "${c.id}"`);
    ids.add(c.id);
    if (c.actions) actionColumns++;
    else if (c.type !== 'title' && !c.field) add(file, `/columns/${i}`, `column "${c.id}" shows no field (give "field", or type "title", or "actions")`);
    (c.below ?? []).forEach((b, j) => {
      if (b.type !== 'title' && !b.field) add(file, `/columns/${i}/below/${j}`, `a line under column "${c.id}" shows no field`);
    });
  });
  const actions = page.rowActions ?? [];
  if (actions.length && !actionColumns) add(file, '/rowActions', 'row actions but no column with "actions": true shows them');
  if (!actions.length && actionColumns) add(file, '/columns', 'a column with "actions": true but no "rowActions"');
  const params = new Set<string>();
  (page.toggles ?? []).forEach((g, i) => {
    if (params.has(g.param)) add(file, `/toggles/${i}/param`, `duplicate toggle "${g.param}"`);
    params.add(g.param);
  });
  const actionIds = new Set<string>();
  actions.forEach((a, i) => {
    if (actionIds.has(a.id)) add(file, `/rowActions/${i}/id`, `duplicate row action "${a.id}"`);
    actionIds.add(a.id);
    if (opts.rowDialogs && !opts.rowDialogs.includes(a.dialog)) add(file, `/rowActions/${i}/dialog`, `row dialog "${a.dialog}" is not registered`);
    (a.access ?? []).forEach((code, j) => checkPermission(ctx, code, `/rowActions/${i}/access/${j}`));
  });
}
