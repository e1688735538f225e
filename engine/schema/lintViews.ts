/**
 * The definition lint of the `calendar` and `tree` page kinds (./lintPage.ts calls it; FORMATS.md "calendar", "tree"):
 * the entity and its fields exist and have kinds that fit (start / end date or datetime of the same kind, allDay
 * boolean, color a dictionary field, resource a dict / user / dept field), the views are consistent, the title
 * template type-checks to a string, and the referenced pages exist, are of the right kind and show the same entity
 * (the form and detail of a calendar, the embedded list of a tree, whose entity has the filter field). Pure.
 */
import type { CalendarPageDef, ListPageDef, ModelProperty, TreePageDef } from './types';
import { checkExpr, checkField, checkRoute, type Ctx } from './lintContext';

/** The kind of a property: its x-kind, else derived from JSON Schema type and format. */
function fieldKind(prop: ModelProperty): string {
  if (prop['x-kind']) return prop['x-kind'];
  const type = Array.isArray(prop.type) ? prop.type.find((t) => t !== 'null') : prop.type;
  if (type === 'string') return prop.format === 'date' ? 'date' : prop.format === 'date-time' ? 'datetime' : 'text';
  return String(type ?? 'text');
}

/** Field kinds a resource row can be made of (a dict's items, people, departments). */
const RESOURCE_KINDS = ['dict', 'user', 'dept'];
/** Field kinds that hold a record id (a tree's node id or parent id). */
const ID_KINDS = ['integer', 'dept'];

/** Lints a calendar or tree page into `ctx`. */
export function lintViewPage(ctx: Ctx, page: CalendarPageDef | TreePageDef): void {
  if (ctx.opts.pageKinds && !ctx.opts.pageKinds.includes(page.pageKind)) ctx.add(ctx.file, '/pageKind', `page kind "${page.pageKind}" is not registered`);
  if (page.route) checkRoute(ctx, page.route, '/route');
  if (page.pageKind === 'calendar') lintCalendar(ctx, page);
  else lintTree(ctx, page);
}

function lintCalendar(ctx: Ctx, page: CalendarPageDef) {
  const { add, file, registry } = ctx;
  const entity = registry.get('entity', page.entity);
  if (!entity) add(file, '/entity', `unknown entity "${page.entity}"`);
  const model = entity?.model;
  const prop = (name: string, path: string, kinds: string[], what: string): ModelProperty | undefined => {
    checkField(ctx, model, name, path, page.entity);
    const p = model?.properties[name];
    if (p && !kinds.includes(fieldKind(p))) add(file, path, `field "${name}" is ${fieldKind(p)}, ${what}`);
    return p;
  };
  const start = prop(page.start, '/start', ['date', 'datetime'], 'a calendar needs a date or datetime start');
  const end = prop(page.end, '/end', ['date', 'datetime'], 'a calendar needs a date or datetime end');
  if (start && end && fieldKind(start) !== fieldKind(end))
    add(file, '/end', `end "${page.end}" is ${fieldKind(end)} but start "${page.start}" is ${fieldKind(start)}`);
  if (page.allDay) prop(page.allDay, '/allDay', ['boolean'], 'allDay needs a boolean field');
  if (page.color) {
    const p = prop(page.color, '/color', ['dict'], 'color needs a dict field');
    if (p?.['x-dict'] && !registry.get('dict', p['x-dict'])) add(file, '/color', `unknown dictionary "${p['x-dict']}" of field "${page.color}"`);
  }
  if (page.resource) prop(page.resource.field, '/resource/field', RESOURCE_KINDS, 'a resource needs a dict, user or dept field');
  if ('field' in page.eventTitle) checkField(ctx, model, page.eventTitle.field, '/eventTitle/field', page.entity);
  else checkExpr(ctx, model, page.eventTitle.cel, '/eventTitle/cel', 'record', 'string');
  if (!page.views.includes(page.defaultView)) add(file, '/defaultView', `default view "${page.defaultView}" is not one of the views`);
  if (page.views.includes('timeline') && !page.resource) add(file, '/views', 'the "timeline" view needs a resource');
  const target = (id: string, path: string, kinds: string[]) => {
    const p = registry.get('page', id);
    if (!p) return add(file, path, `unknown page "${id}"`);
    if (!kinds.includes(p.pageKind)) return add(file, path, `page "${id}" is a ${p.pageKind} page, not ${kinds.join(' or ')}`);
    const e = registry.entityOf(p);
    if (e && e.id !== page.entity) add(file, path, `page "${id}" shows ${e.id}, not ${page.entity}`);
  };
  if (page.form) target(page.form, '/form', ['form']);
  if (page.detail) target(page.detail, '/detail', ['detail', 'form']);
  if (page.open) checkRoute(ctx, page.open, '/open');
}

function lintTree(ctx: Ctx, page: TreePageDef) {
  const { add, file, registry } = ctx;
  const src = page.source;
  if (src.type === 'entity') {
    const entity = registry.get('entity', src.entity);
    if (!entity) add(file, '/source/entity', `unknown entity "${src.entity}"`);
    const model = entity?.model;
    checkField(ctx, model, src.parent, '/source/parent', src.entity);
    const parent = model?.properties[src.parent];
    if (parent && !ID_KINDS.includes(fieldKind(parent)))
      add(file, '/source/parent', `field "${src.parent}" is ${fieldKind(parent)}, a parent needs an integer field (the parent's id)`);
    if (src.label) checkField(ctx, model, src.label, '/source/label', src.entity);
    else if (entity && !entity.titleField) add(file, '/source/label', `no label field and ${entity.id} has no titleField`);
    if (src.sort) checkField(ctx, model, src.sort, '/source/sort', src.entity);
  }
  const list = registry.get('page', page.list);
  if (!list) return add(file, '/list', `unknown page "${page.list}"`);
  if (list.pageKind !== 'list') return add(file, '/list', `page "${page.list}" is a ${list.pageKind} page, not a list page`);
  const listEntity = registry.entityOf(list);
  if (!listEntity) return add(file, '/list', `list page "${page.list}" does not list an entity`);
  checkField(ctx, listEntity.model, page.filterField, '/filterField', listEntity.id);
  const f = listEntity.model.properties[page.filterField];
  const fits = src.type === 'org' ? ['dept'] : ID_KINDS;
  if (f && !fits.includes(fieldKind(f))) add(file, '/filterField', `field "${page.filterField}" is ${fieldKind(f)}, the node id needs ${fits.join(' or ')}`);
}

/**
 * Lints a list page's `tree`: an entity source is the list's own entity (its parent field an id field); the
 * filter field is `id` or a field of the list's entity holding a node id (a department for the organisation tree).
 */
export function lintListTree(ctx: Ctx, page: ListPageDef): void {
  const tree = page.tree;
  if (!tree) return;
  const { add, file, registry } = ctx;
  const entity = registry.entityOf(page);
  if (!entity) return add(file, '/tree', 'a tree needs a list of an entity');
  const src = tree.source;
  if (src.type === 'entity') {
    if (src.entity !== entity.id) add(file, '/tree/source/entity', `the tree's entity "${src.entity}" is not the list's entity ${entity.id}`);
    checkField(ctx, entity.model, src.parent, '/tree/source/parent', entity.id);
    const parent = entity.model.properties[src.parent];
    if (parent && !ID_KINDS.includes(fieldKind(parent)))
      add(file, '/tree/source/parent', `field "${src.parent}" is ${fieldKind(parent)}, a parent needs an id field`);
    if (src.label) checkField(ctx, entity.model, src.label, '/tree/source/label', entity.id);
  }
  if (tree.filterField === 'id') return;
  checkField(ctx, entity.model, tree.filterField, '/tree/filterField', entity.id);
  const f = entity.model.properties[tree.filterField];
  const fits = src.type === 'org' ? ['dept', 'depts'] : ID_KINDS;
  if (f && !fits.includes(fieldKind(f)))
    add(file, '/tree/filterField', `field "${tree.filterField}" is ${fieldKind(f)}, the node id needs ${fits.join(' or ')}`);
}
