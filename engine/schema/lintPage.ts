/**
 * The definition lint of pages (./lint.ts; DESIGN §4 Page): the page kind and custom component are registered;
 * entity, fields of columns, filters, sort, layout, rules, computed fields and validators resolve; renderers and
 * `between` filters fit the field's kind; required fields are in a form's layout; actions name existing pages,
 * entity actions, routes and permission codes; CEL type-checks; a list's entity has a list call; tabs pages by
 * ./lintCalls.ts. Pure: no file system.
 */
import { translateCondition } from '../expr/condition';
import { celTypeOfProperty } from './expr';
import type { EntityDef, EntityModel, LayoutNode, ModelProperty, PageAction, PageDef } from './types';
import { checkExpr, checkField, checkPermission, checkRoute, type Ctx } from './lintContext';
import { lintListTree, lintViewPage } from './lintViews';
import { lintChart } from './lintChart';
import { lintTabsPage } from './lintCalls';
import { callName } from './entityCalls';
import { lintDeclaredWorkList } from './lintWorkList';
import { lintPaper } from './lintPaper';

/** Lints one page definition into `ctx`. */
export function lintPage(ctx: Ctx, page: PageDef) {
  const { add, file, registry, opts } = ctx;
  if (opts.pageKinds && !opts.pageKinds.includes(page.pageKind)) add(file, '/pageKind', `page kind "${page.pageKind}" is not registered`);
  if (page.route) checkRoute(ctx, page.route, '/route');
  if (page.pageKind === 'calendar' || page.pageKind === 'tree') return lintViewPage(ctx, page);
  if (page.pageKind === 'tabs') return lintTabsPage(ctx, page);
  let entityId =
    page.pageKind === 'form' || page.pageKind === 'detail' || page.pageKind === 'approval' || page.pageKind === 'custom'
      ? page.entity
      : page.pageKind === 'list' && page.source.type === 'resource'
        ? page.source.entity
        : undefined;
  if (page.pageKind === 'chart') entityId = page.entity;
  const entity = entityId === undefined ? undefined : registry.get('entity', entityId);
  if (entityId !== undefined && !entity) add(file, page.pageKind === 'list' ? '/source/entity' : '/entity', `unknown entity "${entityId}"`);
  const model = entity?.model;
  const field = (name: string, path: string) => checkField(ctx, model, name, path, entityId ?? '');

  if (page.pageKind === 'list') {
    lintListTree(ctx, page);
    if (page.source.type === 'dict' && !registry.get('dict', page.source.code)) add(file, '/source/code', `unknown dictionary "${page.source.code}"`);
    if (entity && !callName(entity, 'list')) add(file, '/source/entity', `entity "${entity.id}" names no "list" in its calls`);
    page.columns.forEach((c, i) => {
      field(c.field, `/columns/${i}/field`);
      const prop = model?.properties[c.field];
      if (c.render === 'dict' && prop && !prop['x-dict']) add(file, `/columns/${i}/render`, `render "dict" but field "${c.field}" has no x-dict`);
      const fits = c.render && RENDER_KINDS[c.render];
      if (fits && prop && !fits.includes(kindOf(prop)))
        add(file, `/columns/${i}/render`, `render "${c.render}" does not fit field "${c.field}" of kind ${kindOf(prop)}`);
    });
    (page.filters ?? []).forEach((f, i) => {
      if (f.field === '$keyword') {
        if (entity && !(entity.searchable ?? []).length) add(file, `/filters/${i}/field`, `keyword filter but ${entity.id} has no searchable fields`);
      } else {
        field(f.field, `/filters/${i}/field`);
        const prop = model?.properties[f.field];
        if (prop && f.op === 'between' && !RANGE_KINDS.includes(kindOf(prop)))
          add(file, `/filters/${i}/op`, `"between" needs a date or number field, "${f.field}" is ${kindOf(prop)}`);
      }
    });
    if (page.sort) field(page.sort.field, '/sort/field');
    (page.views ?? []).forEach((v, i) => {
      if (!v.where) return;
      checkExpr(ctx, model, v.where.cel, `/views/${i}/where/cel`, 'record', 'bool');
      // The server applies a view in SQL (engine/expr/condition.ts): it must translate.
      const tr = model && translateCondition(v.where.cel, model);
      if (tr && !tr.ok) add(file, `/views/${i}/where/cel`, `view where "${v.where.cel}" cannot be translated to SQL: ${tr.message}`);
    });
    for (const key of ['toolbar', 'rowActions', 'bulkActions'] as const) (page[key] ?? []).forEach((a, i) => lintAction(ctx, a, `/${key}/${i}`, entity));
  } else if (page.pageKind === 'form' || page.pageKind === 'detail') {
    lintLayout(ctx, page.layout, '/layout', model, entityId ?? '');
    if (page.pageKind === 'form' && model) {
      const shown = new Set<string>();
      collectFields(page.layout, shown);
      for (const f of model.required ?? []) {
        const prop = model.properties[f];
        if (prop && !shown.has(f) && prop.default === undefined)
          add(file, '/layout', `required field "${f}" is not in the layout (the form could never be saved)`);
      }
    }
    if (page.pageKind === 'form') {
      if (page.flow && !registry.get('flow', page.flow) && !ctx.opts.flows?.includes(page.flow)) add(file, '/flow', `unknown flow "${page.flow}"`);
      if (page.afterSubmit) checkRoute(ctx, page.afterSubmit, '/afterSubmit');
      (page.rules ?? []).forEach((r, i) => {
        field(r.field, `/rules/${i}/field`);
        checkExpr(ctx, model, r.when.cel, `/rules/${i}/when/cel`, 'fields', 'bool');
      });
      (page.computed ?? []).forEach((c, i) => {
        field(c.field, `/computed/${i}/field`);
        checkExpr(ctx, model, c.expr.cel, `/computed/${i}/expr/cel`, 'fields', celTypeOfProperty(model?.properties[c.field]));
      });
      (page.validators ?? []).forEach((v, i) => {
        if (v.field) field(v.field, `/validators/${i}/field`);
        checkExpr(ctx, model, v.expr.cel, `/validators/${i}/expr/cel`, 'fields', 'bool');
      });
    } else {
      (page.related ?? []).forEach((r, i) => {
        const target = registry.get('page', r.page);
        if (!target) add(file, `/related/${i}/page`, `unknown page "${r.page}"`);
        else if ((target as { pageKind?: string }).pageKind !== 'list') add(file, `/related/${i}/page`, `page "${r.page}" is not a list page`);
        else {
          const e = registry.entityOf(target);
          if (e) checkField(ctx, e.model, r.filterField, `/related/${i}/filterField`, e.id);
        }
      });
    }
  } else if (page.pageKind === 'custom') {
    if (opts.components && !opts.components.includes(page.component)) add(file, '/component', `component "${page.component}" is not registered`);
    (page.flows ?? []).forEach((f, i) => {
      if (!registry.get('flow', f)) add(file, `/flows/${i}`, `unknown flow "${f}"`);
    });
    if (page.fields?.length && !page.entity) add(file, '/fields', 'fields need an entity');
    (page.fields ?? []).forEach((f, i) => field(f, `/fields/${i}`));
  } else if (page.pageKind === 'approval') {
    // without entity and form: the generic approval page (the server fills in the instance's form)
    const form = page.form === undefined ? undefined : registry.get('page', page.form);
    if (page.form === undefined) {
      if (page.entity !== undefined) add(file, '/form', 'an approval page with an entity needs its form');
    } else if (!form) add(file, '/form', `unknown page "${page.form}"`);
    else if (form.pageKind !== 'form') add(file, '/form', `page "${page.form}" is not a form page`);
    else if (form.entity !== page.entity) add(file, '/form', `form "${page.form}" edits ${form.entity}, not ${page.entity}`);
    if (page.route && !page.route.includes(':id')) add(file, '/route', `an approval page's route needs ":id" (the instance)`);
    if (page.print) {
      checkRoute(ctx, page.print, '/print');
      if (!page.print.includes(':id')) add(file, '/print', `the print route needs ":id" (the instance)`);
    }
    if (page.pdf) {
      checkRoute(ctx, page.pdf.split('?')[0], '/pdf');
      if (!page.pdf.includes(':id')) add(file, '/pdf', `the pdf route needs ":id" (the instance)`);
    }
    const declared = new Set(registry.areas().flatMap((a) => a.approvalExtras ?? []));
    (page.extras ?? []).forEach((x, i) => {
      if (!declared.has(x)) add(file, `/extras/${i}`, `approval extra "${x}" is not declared by any area (area.json approvalExtras)`);
    });
    lintPaper(ctx, page);
  } else if (page.pageKind === 'chart') {
    lintChart(ctx, page, entity);
  } else if (page.pageKind === 'worklist') {
    lintDeclaredWorkList(ctx, page);
    (page.flows ?? []).forEach((f, i) => {
      if (!registry.get('flow', f)) add(file, `/flows/${i}`, `unknown flow "${f}"`);
    });
    if (page.open) checkRoute(ctx, page.open, '/open');
    const seen = new Set<string>();
    (page.views ?? []).forEach((v, i) => {
      if (seen.has(v.id)) add(file, `/views/${i}/id`, `duplicate view "${v.id}"`);
      seen.add(v.id);
      (v.flows ?? []).forEach((f, j) => {
        if (!registry.get('flow', f)) add(file, `/views/${i}/flows/${j}`, `unknown flow "${f}"`);
      });
      if (v.filters?.overdue !== undefined && v.list !== 'todo' && v.list !== 'supervise')
        add(file, `/views/${i}/filters/overdue`, `only the todo and supervise lists filter overdue items`);
      if (v.filters?.status !== undefined && v.list !== 'supervise') add(file, `/views/${i}/filters/status`, `only the supervise list filters by status`);
      if (v.route) {
        checkRoute(ctx, v.route, `/views/${i}/route`);
        const claimed = registry.areas().some((a) => a.routes.some((m) => m.path === v.route && m.page === page.id));
        if (!claimed) add(file, `/views/${i}/route`, `no area route renders this page at "${v.route}"`);
      }
    });
  }
}

const PAGE_TARGET = ['navigate', 'open', 'add', 'edit', 'view'];

/** The kind of a property: its x-kind, else derived from its JSON Schema type. */
function kindOf(prop: ModelProperty): string {
  if (prop['x-kind']) return prop['x-kind'];
  const type = Array.isArray(prop.type) ? prop.type.find((t) => t !== 'null') : prop.type;
  if (type === 'string') return prop.format === 'date' ? 'date' : prop.format === 'date-time' ? 'datetime' : 'text';
  return type === 'array' ? 'tags' : String(type ?? 'text');
}

/** Field kinds each column renderer fits (renderers not listed fit any field). */
const RENDER_KINDS: Partial<Record<string, string[]>> = {
  date: ['date', 'datetime'],
  datetime: ['datetime', 'date'],
  dict: ['dict'],
  user: ['user', 'users'],
  dept: ['dept', 'depts'],
  money: ['money', 'number', 'integer'],
  boolean: ['boolean'],
  record: ['record'],
};

/** Field kinds a `between` filter fits. */
const RANGE_KINDS = ['date', 'datetime', 'integer', 'number', 'money'];

/** Every field named by a layout tree. */
function collectFields(nodes: LayoutNode[], into: Set<string>): void {
  for (const n of nodes) {
    if (n.type === 'field' || n.type === 'attachments' || n.type === 'subtable') into.add(n.field);
    else if (n.type === 'section' || n.type === 'grid') collectFields(n.children, into);
    else if (n.type === 'tabs') for (const t of n.children) collectFields(t.children, into);
  }
}

function lintAction(ctx: Ctx, a: PageAction, ptr: string, entity: EntityDef | undefined) {
  const { add, file, registry } = ctx;
  if (a.type === 'navigate' && a.target?.startsWith('/')) {
    if (ctx.routes && !ctx.routes.has(a.target)) add(file, `${ptr}/target`, `unknown route "${a.target}"`);
  } else if (PAGE_TARGET.includes(a.type)) {
    if (!a.target) add(file, `${ptr}/target`, `action "${a.type}" needs a target page`);
    else if (!registry.get('page', a.target)) add(file, `${ptr}/target`, `unknown page "${a.target}"`);
  } else if (a.type === 'call') {
    if (!a.target) add(file, `${ptr}/target`, 'action "call" needs a target entity action');
    else if (entity && !(entity.actions ?? []).some((x) => x.id === a.target)) add(file, `${ptr}/target`, `unknown action "${a.target}" of ${entity.id}`);
  }
  (a.access ?? []).forEach((code, i) => checkPermission(ctx, code, `${ptr}/access/${i}`));
  if (a.visibleWhen) checkExpr(ctx, entity?.model, a.visibleWhen.cel, `${ptr}/visibleWhen/cel`, 'record', 'bool');
}

function lintLayout(ctx: Ctx, nodes: LayoutNode[], ptr: string, model: EntityModel | undefined, entityId: string) {
  nodes.forEach((n, i) => {
    const p = `${ptr}/${i}`;
    switch (n.type) {
      case 'section':
      case 'grid':
        lintLayout(ctx, n.children, `${p}/children`, model, entityId);
        break;
      case 'tabs':
        n.children.forEach((tab, j) => lintLayout(ctx, tab.children, `${p}/children/${j}/children`, model, entityId));
        break;
      case 'field':
        checkField(ctx, model, n.field, `${p}/field`, entityId);
        if (n.widget && ctx.opts.widgets && !ctx.opts.widgets.includes(n.widget)) ctx.add(ctx.file, `${p}/widget`, `widget "${n.widget}" is not registered`);
        break;
      case 'attachments':
        checkField(ctx, model, n.field, `${p}/field`, entityId);
        break;
      case 'subtable': {
        checkField(ctx, model, n.field, `${p}/field`, entityId);
        const rows = (model?.properties[n.field]?.items as { properties?: Record<string, ModelProperty> } | undefined)?.properties;
        if (model?.properties[n.field] && !rows) ctx.add(ctx.file, `${p}/field`, `field "${n.field}" is not a sub-table (items with properties)`);
        if (rows) {
          n.columns.forEach((c, j) => {
            if (!(c.field in rows)) ctx.add(ctx.file, `${p}/columns/${j}/field`, `unknown column field "${c.field}" of sub-table "${n.field}"`);
          });
          (n.totals ?? []).forEach((f, j) => {
            if (!(f in rows)) ctx.add(ctx.file, `${p}/totals/${j}`, `unknown column field "${f}" of sub-table "${n.field}"`);
          });
        }
        break;
      }
      case 'text':
        break;
    }
  });
}
