/**
 * The list page and view a list body names (ListParams `page`, `view`, engine/data/api.ts).
 * The page is looked up in the effective schema store (./schemaStore.ts) and must be a list page whose
 * source is this entity (else -1 naming `page`); the view must be one of its views (else -1 naming
 * `view`). The view's `where` (CEL over `record` and `user`) is translated once per effective schema
 * (engine/expr/condition.ts), its values (`user.deptId`, `TODAY()`…) evaluated per request, and compiled
 * to a Kysely condition with CEL's null semantics (a null field reads as its type's blank).
 *
 * A list selects only the columns it needs: system fields, the page's columns, the title field, the flow status
 * (flow-backed entities) and the fields that actions' `visibleWhen` read (all columns when one reads the whole
 * record). Without a page the columns are those of the entity's list pages (their union; all columns when the
 * entity has none). `fields` (a list of field names) asks for more: they are added to those of the page, or,
 * without a page, replace the list pages' columns; an unknown name is -1 naming it.
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { sql } from 'kysely';
import { resolveCondition, translateCondition, type Condition, type ResolvedCondition } from '../../../engine/expr/condition.js';
import { envFromModel, evaluateExpression, type ExprEnv } from '../../../engine/expr/index.js';
import type { EntityDef, ListPageDef, ListView, PageDef } from '../../../engine/schema/types.js';
import type { Locale } from '../../shared/constants.js';
import type { Dialect } from '../db/index.js';
import type { DB } from '../db/types.js';
import { translate } from '../i18n/index.js';
import { badInput } from '../lib/errors.js';
import { memberReads, type ActionUser } from './actions.js';
import { toColumn } from './codec.js';
import type { ExtraWhere } from './repository.js';
import { schemaStore } from './schemaStore.js';
import { flowBacked } from './serviceRules.js';
import type { TableSpec } from './table.js';

/** System columns every list answers (the others are in `info` or asked by `fields`). */
export const LIST_SYSTEM_FIELDS = ['id', 'version'];
/** Most names a list body's `fields` may give. */
export const MAX_LIST_FIELDS = 200;

/** What a list body's `page` and `view` give the query. */
export interface PageContext {
  page: ListPageDef | null;
  view: ListView | null;
  /** The view's condition, resolved for this request. */
  extra?: ExtraWhere;
  /** Columns to select; undefined = all. */
  columns?: string[];
}

const envs = new WeakMap<EntityDef, ExprEnv>();

function envOf(def: EntityDef): ExprEnv {
  let env = envs.get(def);
  if (!env) envs.set(def, (env = envFromModel(def.model, {}, { record: true, user: true, fields: false })));
  return env;
}

/**
 * The page and view of `body` for entity `def` (both optional). Throws ApiError -1 naming `page` or
 * `view` when they do not exist or the page lists another entity, and naming the view when its values
 * cannot be evaluated.
 */
export async function pageContext(
  db: Kysely<DB>,
  dialect: Dialect,
  def: EntityDef,
  spec: TableSpec,
  body: { page?: unknown; view?: unknown; fields?: unknown },
  user: ActionUser,
  locale: Locale,
): Promise<PageContext> {
  const bad = (field: string) => badInput(translate(locale, 'error.badParam', { field: translate(locale, `field.${field}`) }));
  const pageId = typeof body?.page === 'string' ? body.page.trim() : body?.page == null ? '' : null;
  const viewId = typeof body?.view === 'string' ? body.view.trim() : body?.view == null ? '' : null;
  if (pageId === null) throw bad('page');
  if (viewId === null) throw bad('view');
  if (!pageId && viewId) throw bad('page');
  const asked = askedFields(def, spec, body?.fields, locale);
  const store = await schemaStore(db);
  let page: ListPageDef | null = null;
  if (pageId) {
    const p = store.registry.get('page', pageId) as ListPageDef | undefined;
    if (!p || p.pageKind !== 'list' || p.source?.type !== 'resource' || p.source.entity !== def.id) throw bad('page');
    page = p;
  }
  // remembered per page (and for none), not per set of asked fields (callers choose those freely)
  const colKey = `engine.columns\u0000${def.id}\u0000${page?.id ?? ''}`;
  let columns = asked ? undefined : (store.memo.get(colKey) as string[] | null | undefined);
  if (columns === undefined) {
    const pages = page ? [page] : asked ? [] : listPagesOf(store.registry.pages(), def);
    columns = page || asked || pages.length ? (selectedColumns(def, spec, pages, asked ?? []) ?? null) : null;
    if (!asked) store.memo.set(colKey, columns);
  }
  const ctx: PageContext = { page, view: null, columns: columns ?? undefined };
  if (!page || !viewId) return ctx;
  const view = (page.views ?? []).find((v) => v.id === viewId);
  if (!view) throw bad('view');
  ctx.view = view;
  if (!view.where?.cel) return ctx;
  const memoKey = `engine.view\u0000${def.id}\u0000${page.id}\u0000${view.id}`;
  let translated = store.memo.get(memoKey) as { condition?: Condition; message?: string } | undefined;
  if (!translated) {
    const r = translateCondition(view.where.cel, def.model);
    translated = r.ok ? { condition: r.condition } : { message: r.message };
    store.memo.set(memoKey, translated);
  }
  if (!translated.condition) throw bad('view');
  let resolved: ResolvedCondition;
  try {
    resolved = resolveCondition(translated.condition, (cel) => evaluateExpression(cel, envOf(def), { user }));
  } catch {
    throw bad('view');
  }
  ctx.extra = { where: (eb) => conditionSql(eb, resolved, spec, dialect, false), key: JSON.stringify(resolved) };
  return ctx;
}

/**
 * The names of a list body's `fields` (null when absent): each must be a field of the model or a system column of
 * `spec`, else -1 entity.unknownField naming it; -1 naming `fields` when it is not a list of names.
 */
function askedFields(def: EntityDef, spec: TableSpec, raw: unknown, locale: Locale): string[] | null {
  if (raw == null) return null;
  if (!Array.isArray(raw) || raw.length > MAX_LIST_FIELDS || raw.some((f) => typeof f !== 'string'))
    throw badInput(translate(locale, 'error.badParam', { field: translate(locale, 'field.fields') }));
  // a model field without a column of its own (none to select) is known, and simply absent from the rows
  const known = (f: string) => Object.hasOwn(def.model.properties, f) || spec.columns.some((c) => c.name === f);
  for (const f of raw as string[]) if (!known(f)) throw badInput(translate(locale, 'entity.unknownField', { field: f }));
  return [...new Set(raw as string[])].sort();
}

/** The list pages among `pages` that list entity `def` (their columns are a list's default). */
function listPagesOf(pages: readonly PageDef[], def: EntityDef): ListPageDef[] {
  return pages.filter((p): p is ListPageDef => {
    const source = p.pageKind === 'list' ? (p as ListPageDef).source : undefined;
    return source?.type === 'resource' && source.entity === def.id;
  });
}

/**
 * The columns a list selects for `pages` and the `asked` fields (see the file comment); undefined = all (an action's
 * condition reads the whole record).
 */
function selectedColumns(def: EntityDef, spec: TableSpec, pages: ListPageDef[], asked: string[]): string[] | undefined {
  const names = new Set(spec.columns.map((c) => c.name));
  const out = new Set([...LIST_SYSTEM_FIELDS, ...asked]);
  for (const page of pages) for (const c of page.columns) out.add(c.field);
  if (def.titleField) out.add(def.titleField);
  // the row's flow status and instance (flow-backed entities: what the row may still do, where its 流程 opens)
  if (flowBacked(def)) for (const f of ['flowStatus', 'flowId']) out.add(f);
  const conditions = [...(def.actions ?? []).map((a) => a.visibleWhen?.cel), ...pages.flatMap((p) => (p.rowActions ?? []).map((a) => a.visibleWhen?.cel))];
  for (const cel of conditions) {
    if (!cel) continue;
    const reads = memberReads(cel);
    if (!reads) return undefined;
    for (const f of reads.record) out.add(f);
  }
  return [...out].filter((f) => names.has(f));
}

/**
 * A resolved condition as a Kysely expression on the columns of `spec`. Each leaf keeps CEL's two-valued
 * logic for a null column: it is OR-ed with `IS NULL` when it holds for the blank, and AND-ed with
 * `IS NOT NULL` under a negation when it does not.
 */
export function conditionSql(eb: ExpressionBuilder<any, any>, c: ResolvedCondition, spec: TableSpec, dialect: Dialect, negated: boolean): Expression<SqlBool> {
  switch (c.op) {
    case 'and':
    case 'or': {
      const parts = c.args.map((x) => conditionSql(eb, x, spec, dialect, negated));
      return c.op === 'and' ? eb.and(parts) : eb.or(parts);
    }
    case 'not':
      return eb.not(conditionSql(eb, c.arg, spec, dialect, !negated));
  }
  const col = spec.columns.find((x) => x.name === c.field)!;
  const ref = eb.ref(c.field);
  let leaf: Expression<SqlBool>;
  switch (c.op) {
    case 'isTrue':
      leaf = eb(ref, '=', 1);
      break;
    case 'cmp':
      if (c.value === null) leaf = c.cmp === '!=' ? eb(ref, 'is not', null) : c.cmp === '==' ? eb(ref, 'is', null) : eb.lit(false);
      else leaf = eb(ref, c.cmp === '==' ? '=' : c.cmp === '!=' ? '<>' : c.cmp, toColumn(col, c.value) as any);
      break;
    case 'in':
      leaf = c.value.length ? eb(ref, 'in', c.value.map((v) => toColumn(col, v)) as any[]) : eb.lit(false);
      break;
    case 'startsWith':
      leaf = c.value === '' ? eb(ref, 'is not', null) : eb(sql`substr(${ref}, 1, ${[...c.value].length})`, '=', c.value);
      break;
    case 'endsWith':
      leaf =
        c.value === ''
          ? eb(ref, 'is not', null)
          : dialect === 'pg'
            ? eb(sql`right(${ref}, ${[...c.value].length})`, '=', c.value)
            : eb(sql`substr(${ref}, ${-[...c.value].length})`, '=', c.value);
      break;
    default:
      leaf = c.value === '' ? eb(ref, 'is not', null) : eb(sql`${sql.raw(dialect === 'pg' ? 'strpos' : 'instr')}(${ref}, ${c.value})`, '>', 0);
  }
  if (col.notNull || (c.op === 'cmp' && c.value === null)) return leaf;
  if (c.onBlank) return eb.or([leaf, eb(ref, 'is', null)]);
  return negated ? eb.and([leaf, eb(ref, 'is not', null)]) : leaf;
}
