/**
 * The definition lint of `chart` pages (./lintPage.ts; engine/renderers/ChartPage.tsx): filters as a list's, each
 * chart's group fields exist and can be grouped (dict, user, dept, record, boolean, or a date / datetime field — with a
 * bucket, which only date fields take), measures name numeric fields (except `count`), a pie has one level and one
 * measure, and the drill-down opens a list page of the same entity at a route that renders it. Pure: no file system.
 */
import type { ChartPageDef, EntityDef, ModelProperty } from './types';
import { checkRoute, type Ctx } from './lintContext';

/** System fields a chart may group by, with the kind they group as (src/server/engine/aggregate.ts). */
const SYSTEM_GROUPS: Record<string, string> = { created_by: 'user', updated_by: 'user', owner_dept_id: 'dept', created_at: 'datetime', updated_at: 'datetime' };
const GROUP_KINDS = ['dict', 'user', 'dept', 'record', 'boolean', 'date', 'datetime'];
const DATE_KINDS = ['date', 'datetime'];
const NUMERIC_KINDS = ['integer', 'number', 'money'];
const RANGE_KINDS = ['date', 'datetime', 'integer', 'number', 'money'];
/** Relative defaults of a `between` date filter. */
export const RELATIVE_RANGES = ['thisMonth', 'thisYear', 'last12Months'];

function kindOf(prop: ModelProperty): string {
  if (prop['x-kind']) return prop['x-kind'];
  const type = Array.isArray(prop.type) ? prop.type.find((t) => t !== 'null') : prop.type;
  if (type === 'string') return prop.format === 'date' ? 'date' : prop.format === 'date-time' ? 'datetime' : 'text';
  return String(type ?? 'text');
}

const isArrayProp = (p: ModelProperty) => (Array.isArray(p.type) ? p.type.includes('array') : p.type === 'array');

/** Lints chart page `page` of entity `entity` (undefined when unknown: reported by the caller) into `ctx`. */
export function lintChart(ctx: Ctx, page: ChartPageDef, entity: EntityDef | undefined) {
  const { add, file, registry } = ctx;
  const model = entity?.model;
  const kindOfField = (f: string): string | undefined => (model?.properties[f] ? kindOf(model.properties[f]) : SYSTEM_GROUPS[f]);
  const unknown = (f: string, path: string) => add(file, path, `unknown field "${f}" (not in the model of ${entity?.id})`);

  (page.filters ?? []).forEach((f, i) => {
    if (f.field === '$keyword') {
      if (entity && !(entity.searchable ?? []).length) add(file, `/filters/${i}/field`, `keyword filter but ${entity.id} has no searchable fields`);
      return;
    }
    if (!model) return;
    const kind = kindOfField(f.field);
    if (!kind) return unknown(f.field, `/filters/${i}/field`);
    if (f.op === 'between' && !RANGE_KINDS.includes(kind)) add(file, `/filters/${i}/op`, `"between" needs a date or number field, "${f.field}" is ${kind}`);
    const d = f.default;
    if (d === undefined) return;
    if (f.op === 'between') {
      const ok =
        (typeof d === 'string' && RELATIVE_RANGES.includes(d)) ||
        (Array.isArray(d) && d.length === 2 && d.every((x) => x === null || typeof x === 'string' || typeof x === 'number'));
      if (!ok) add(file, `/filters/${i}/default`, `a "between" default is [from, to] or one of ${RELATIVE_RANGES.join(', ')}`);
    } else if (f.op === 'in' && !Array.isArray(d)) add(file, `/filters/${i}/default`, 'an "in" default is a list');
  });

  page.charts.forEach((c, i) => {
    const at = `/charts/${i}`;
    c.groupBy.forEach((g, j) => {
      if (!model) return;
      const kind = kindOfField(g.field);
      const p = model.properties[g.field];
      if (!kind) return unknown(g.field, `${at}/groupBy/${j}/field`);
      if (!GROUP_KINDS.includes(kind) || (p && isArrayProp(p)))
        add(file, `${at}/groupBy/${j}/field`, `field "${g.field}" of kind ${kind} cannot be grouped by (dict, user, dept, record, boolean, date, datetime)`);
      else if (DATE_KINDS.includes(kind) && !g.bucket)
        add(file, `${at}/groupBy/${j}/bucket`, `date field "${g.field}" needs a bucket (day, week, month, quarter, year)`);
      else if (!DATE_KINDS.includes(kind) && g.bucket) add(file, `${at}/groupBy/${j}/bucket`, `a bucket needs a date field, "${g.field}" is ${kind}`);
    });
    c.measures.forEach((m, j) => {
      if (!m.field) {
        if (m.op !== 'count') add(file, `${at}/measures/${j}/field`, `measure "${m.op}" needs a numeric field`);
        return;
      }
      if (!model) return;
      const p = model.properties[m.field];
      if (!p) return unknown(m.field, `${at}/measures/${j}/field`);
      if (m.op !== 'count' && !NUMERIC_KINDS.includes(kindOf(p)))
        add(file, `${at}/measures/${j}/field`, `measure "${m.op}" needs a numeric field, "${m.field}" is ${kindOf(p)}`);
    });
    if (c.type === 'pie' && (c.groupBy.length !== 1 || c.measures.length !== 1)) add(file, `${at}/type`, 'a pie chart takes one group level and one measure');
  });

  if (page.drill) {
    const target = registry.get('page', page.drill.page);
    if (!target) add(file, '/drill/page', `unknown page "${page.drill.page}"`);
    else if (target.pageKind !== 'list') add(file, '/drill/page', `page "${page.drill.page}" is not a list page`);
    else if (entity && registry.entityOf(target)?.id !== entity.id) add(file, '/drill/page', `list page "${page.drill.page}" does not list ${entity.id}`);
    checkRoute(ctx, page.drill.route, '/drill/route');
    if (target && registry.pageForRoute(page.drill.route)?.id !== target.id)
      add(file, '/drill/route', `route "${page.drill.route}" does not render page "${page.drill.page}"`);
  }
}
