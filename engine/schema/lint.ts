/**
 * The definition lint (DESIGN §4, §8; issue 3): run in `npm test` over every file in `schemas/`.
 * Reports, each as `{file, path, message}` (path a JSON pointer into the file):
 * - the loader's problems (format, version, $ref);
 * - duplicate ids per kind, duplicate node ids within a file;
 * - references that do not resolve: a page's entity, fields named by columns, filters, sort, layout,
 *   rules, computed fields and validators, dictionaries, pages of menus / actions / related lists,
 *   entity action ids, routes (passed in), column renderers and `between` filters that do not fit the
 *   field's kind, required fields missing from a form's layout, a route claimed by two pages, permission codes (declared by an area), widgets, page kinds
 *   and custom components (registered keys, passed in);
 * - i18n: no Chinese outside Text defaults; every Text key present in zh-CN and en-US, its default `d` equal to the zh-CN text, and sibling
 *   locale files with the same keys;
 * - CEL: every expression type-checks against its entity model (engine/expr through ./expr.ts): form rules
 *   and validators give bool, computed fields their field's type, views and actions' visibleWhen are over
 *   `record` and `user` and give bool; a view's `where` also translates to SQL (engine/expr/condition.ts).
 * Pure: no file system; the caller passes the registry, the locale files and the key lists.
 */
import type { Registry, SchemaIssue } from './loader';
import { isText } from './text';
import { translateCondition } from '../expr/condition';
import { celTypeOfProperty, checkCel, type ExprCheckResult, type ExprChecker, type ExprScope } from './expr';
import type { EntityDef, EntityModel, LayoutNode, ModelProperty, PageAction, PageDef } from './types';

/** A locale file: path, locale (`zh-CN` | `en-US`) and its parsed JSON (a flat map key → text). */
export interface LocaleFile {
  path: string;
  locale: string;
  messages: unknown;
}


/** Registered keys and checkers the lint needs from outside the engine. An omitted list is not checked. */
export interface LintOptions {
  /** Route paths of src/shared/routes.ts (`flattenRoutes().map(r => r.path)`). */
  routes?: string[];
  /** Registered widget keys (widgets/ registry). */
  widgets?: string[];
  /** Registered page kinds (engine/renderers registry). */
  pageKinds?: string[];
  /** Registered custom page components. */
  components?: string[];
  /** CEL checker; default `checkCel` (engine/expr). `false` skips expression checks. */
  checkExpr?: ExprChecker | false;
  /** Locales every Text key must be in; default zh-CN and en-US. */
  locales?: string[];
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const CJK = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]/;
const esc = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every object in `v` (with its JSON pointer), depth first. */
function walkObjects(v: unknown, ptr: string, visit: (o: Record<string, unknown>, ptr: string) => void): void {
  if (Array.isArray(v)) v.forEach((x, i) => walkObjects(x, `${ptr}/${i}`, visit));
  else if (isObj(v)) {
    visit(v, ptr);
    for (const k of Object.keys(v)) walkObjects(v[k], `${ptr}/${esc(k)}`, visit);
  }
}


/** Lint the registry and the locale files. Answers every issue found (empty when clean). */
export function lintRegistry(registry: Registry, locales: LocaleFile[], opts: LintOptions = {}): SchemaIssue[] {
  const issues: SchemaIssue[] = [...registry.errors];
  const add = (file: string, path: string, message: string) => issues.push({ file, path, message });
  const wanted = opts.locales ?? ['zh-CN', 'en-US'];

  // locales: flat string maps, merged per locale; sibling files with the same keys
  const merged = new Map<string, Map<string, string>>(wanted.map((l) => [l, new Map()]));
  const byPath = new Map<string, Record<string, string>>();
  for (const lf of locales) {
    if (!isObj(lf.messages)) {
      add(lf.path, '', 'a locale file must hold a flat JSON object of key → text');
      continue;
    }
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(lf.messages)) {
      if (typeof v !== 'string') add(lf.path, `/${esc(k)}`, 'must be a string (locale files are flat maps)');
      else flat[k] = v;
    }
    byPath.set(lf.path, flat);
    const m = merged.get(lf.locale) ?? new Map<string, string>();
    merged.set(lf.locale, m);
    for (const [k, v] of Object.entries(flat)) {
      if (m.has(k) && m.get(k) !== v) add(lf.path, `/${esc(k)}`, `key also defined with another text in another ${lf.locale} file`);
      m.set(k, v);
    }
  }
  for (const lf of locales) {
    const mine = byPath.get(lf.path);
    if (!mine) continue;
    for (const other of wanted) {
      if (other === lf.locale) continue;
      const siblingPath = lf.path.replace(lf.locale, other);
      const sibling = byPath.get(siblingPath);
      if (!sibling) {
        add(lf.path, '', `no sibling ${other} file (${siblingPath})`);
        continue;
      }
      for (const k of Object.keys(mine)) if (!(k in sibling)) add(siblingPath, `/${esc(k)}`, `key "${k}" of ${lf.path} missing`);
    }
  }

  // duplicate ids per kind
  const seen = new Map<string, string>();
  for (const e of registry.entries) {
    const key = `${e.def.kind}:${e.def.id}`;
    const first = seen.get(key);
    if (first !== undefined) add(e.file, '/id', `duplicate ${e.def.kind} id "${e.def.id}" (also in ${first})`);
    else seen.set(key, e.file);
  }

  const permissions = new Set(registry.areas().flatMap((a) => a.permissions.map((p) => p.code)));
  const routes = opts.routes ? new Set(opts.routes) : null;

  for (const { file, def } of registry.entries) {
    const ctx: Ctx = { registry, file, add, opts, permissions, routes };
    // node ids unique within a file; Texts in both locales
    const ids = new Map<string, string>();
    walkObjects(def, '', (o, ptr) => {
      if (typeof o.id === 'string' && !isText(o)) {
        const prev = ids.get(o.id);
        if (prev !== undefined) add(file, `${ptr}/id`, `duplicate node id "${o.id}" (also at ${prev || '/'})`);
        else ids.set(o.id, ptr);
      }
      if (isText(o) && def.kind !== 'overlay') {
        for (const l of wanted) if (!merged.get(l)?.has(o.t as string)) add(file, `${ptr}/t`, `i18n key "${String(o.t)}" missing in ${l}`);
        const zh = merged.get('zh-CN')?.get(o.t as string);
        if (zh !== undefined && zh !== o.d) add(file, `${ptr}/d`, `default "${String(o.d)}" differs from zh-CN "${zh}" of key "${String(o.t)}"`);
      }
      // Chinese only inside Text defaults (DESIGN §4): UI text elsewhere could not be translated
      if (def.kind !== 'overlay') {
        for (const [k, v] of Object.entries(o)) {
          if (typeof v === 'string' && CJK.test(v) && !(k === 'd' && isText(o))) add(file, `${ptr}/${esc(k)}`, 'Chinese text outside a Text default (use {"t": key, "d": text})');
        }
      }
    });
    if (def.kind === 'entity') lintEntity(ctx, def);
    else if (def.kind === 'page') lintPage(ctx, def);
    else if (def.kind === 'area') {
      def.menus.forEach((m, i) => {
        if (!registry.get('page', m.page)) add(file, `/menus/${i}/page`, `unknown page "${m.page}"`);
        checkRoute(ctx, m.route, `/menus/${i}/route`);
      });
    } else if (def.kind === 'dict') {
      const values = new Set<string>();
      def.items.forEach((it, i) => {
        if (values.has(it.value)) add(file, `/items/${i}/value`, `duplicate value "${it.value}"`);
        values.add(it.value);
      });
    }
  }
  // one page per route: pages' own routes and area menus must agree
  const routePage = new Map<string, string>();
  for (const { file, def } of registry.entries) {
    const claims = def.kind === 'page' && def.route ? [{ route: def.route, page: def.id, path: '/route' }] : def.kind === 'area' ? def.menus.map((m, i) => ({ route: m.route, page: m.page, path: `/menus/${i}/route` })) : [];
    for (const c of claims) {
      const prev = routePage.get(c.route);
      if (prev !== undefined && prev !== c.page) add(file, c.path, `route "${c.route}" already renders page "${prev}"`);
      else routePage.set(c.route, c.page);
    }
  }
  return issues;
}

interface Ctx {
  registry: Registry;
  file: string;
  add: (file: string, path: string, message: string) => void;
  opts: LintOptions;
  permissions: Set<string>;
  routes: Set<string> | null;
}

function checkRoute(ctx: Ctx, route: string, path: string) {
  if (ctx.routes && !ctx.routes.has(route)) ctx.add(ctx.file, path, `unknown route "${route}" (not in src/shared/routes.ts)`);
}

function checkPermission(ctx: Ctx, code: string, path: string) {
  if (!ctx.permissions.has(code)) ctx.add(ctx.file, path, `permission "${code}" is declared by no area`);
}

function checkField(ctx: Ctx, model: EntityModel | undefined, field: string, path: string, entityId: string) {
  if (model && !(field in model.properties)) ctx.add(ctx.file, path, `unknown field "${field}" (not in the model of ${entityId})`);
}

function checkExpr(ctx: Ctx, model: EntityModel | undefined, cel: string, path: string, scope: ExprScope, expect: string) {
  const checker = ctx.opts.checkExpr === undefined ? checkCel : ctx.opts.checkExpr;
  if (!model || !checker) return;
  let r: ExprCheckResult;
  try {
    r = checker(cel, model, scope, expect);
  } catch (e) {
    r = { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  if (!r.ok) ctx.add(ctx.file, path, `CEL "${cel}" does not type-check: ${r.message}`);
}

function lintEntity(ctx: Ctx, def: EntityDef) {
  const { add, file, registry } = ctx;
  const model = def.model;
  const field = (name: string, path: string) => checkField(ctx, model, name, path, def.id);
  (model.required ?? []).forEach((f, i) => field(f, `/model/required/${i}`));
  (def.searchable ?? []).forEach((f, i) => field(f, `/searchable/${i}`));
  if (def.titleField) field(def.titleField, '/titleField');
  (def.indexes ?? []).forEach((cols, i) => cols.forEach((f, j) => field(f, `/indexes/${i}/${j}`)));
  (def.unique ?? []).forEach((cols, i) => cols.forEach((f, j) => field(f, `/unique/${i}/${j}`)));
  for (const f of Object.keys(def.references ?? {})) field(f, `/references/${esc(f)}`);
  const props = (p: Record<string, ModelProperty>, base: string) => {
    for (const [name, prop] of Object.entries(p)) {
      const ptr = `${base}/${esc(name)}`;
      if (prop['x-kind'] === 'dict' && !prop['x-dict']) add(file, ptr, 'kind "dict" needs "x-dict"');
      if (prop['x-dict'] && !registry.get('dict', prop['x-dict'])) add(file, `${ptr}/x-dict`, `unknown dictionary "${prop['x-dict']}"`);
      const items = prop.items as { properties?: Record<string, ModelProperty> } | undefined;
      if (items?.properties) props(items.properties, `${ptr}/items/properties`);
    }
  };
  props(model.properties, '/model/properties');
  for (const [op, code] of Object.entries(def.permissions ?? {})) if (code) checkPermission(ctx, code, `/permissions/${op}`);
  (def.actions ?? []).forEach((a, i) => {
    if (a.permission) checkPermission(ctx, a.permission, `/actions/${i}/permission`);
    for (const f of Object.keys(a.set ?? {})) field(f, `/actions/${i}/set/${esc(f)}`);
    if (a.visibleWhen) checkExpr(ctx, model, a.visibleWhen.cel, `/actions/${i}/visibleWhen/cel`, 'record', 'bool');
  });
}

function lintPage(ctx: Ctx, page: PageDef) {
  const { add, file, registry, opts } = ctx;
  if (opts.pageKinds && !opts.pageKinds.includes(page.pageKind)) add(file, '/pageKind', `page kind "${page.pageKind}" is not registered`);
  if (page.route) checkRoute(ctx, page.route, '/route');
  const entityId = page.pageKind === 'form' || page.pageKind === 'detail' ? page.entity : page.pageKind === 'list' && page.source.type === 'resource' ? page.source.entity : undefined;
  const entity = entityId === undefined ? undefined : registry.get('entity', entityId);
  if (entityId !== undefined && !entity) add(file, page.pageKind === 'list' ? '/source/entity' : '/entity', `unknown entity "${entityId}"`);
  const model = entity?.model;
  const field = (name: string, path: string) => checkField(ctx, model, name, path, entityId ?? '');

  if (page.pageKind === 'list') {
    if (page.source.type === 'dict' && !registry.get('dict', page.source.code)) add(file, '/source/code', `unknown dictionary "${page.source.code}"`);
    page.columns.forEach((c, i) => {
      field(c.field, `/columns/${i}/field`);
      const prop = model?.properties[c.field];
      if (c.render === 'dict' && prop && !prop['x-dict']) add(file, `/columns/${i}/render`, `render "dict" but field "${c.field}" has no x-dict`);
      const fits = c.render && RENDER_KINDS[c.render];
      if (fits && prop && !fits.includes(kindOf(prop))) add(file, `/columns/${i}/render`, `render "${c.render}" does not fit field "${c.field}" of kind ${kindOf(prop)}`);
    });
    (page.filters ?? []).forEach((f, i) => {
      if (f.field === '$keyword') {
        if (entity && !(entity.searchable ?? []).length) add(file, `/filters/${i}/field`, `keyword filter but ${entity.id} has no searchable fields`);
      } else {
        field(f.field, `/filters/${i}/field`);
        const prop = model?.properties[f.field];
        if (prop && f.op === 'between' && !RANGE_KINDS.includes(kindOf(prop))) add(file, `/filters/${i}/op`, `"between" needs a date or number field, "${f.field}" is ${kindOf(prop)}`);
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
        if (prop && !shown.has(f) && prop.default === undefined) add(file, '/layout', `required field "${f}" is not in the layout (the form could never be saved)`);
      }
    }
    if (page.pageKind === 'form') {
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
        else {
          const e = registry.entityOf(target);
          if (e) checkField(ctx, e.model, r.filterField, `/related/${i}/filterField`, e.id);
        }
      });
    }
  } else if (page.pageKind === 'custom') {
    if (opts.components && !opts.components.includes(page.component)) add(file, '/component', `component "${page.component}" is not registered`);
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

/** Readable multi-line report of issues: `file  path  message` per line. */
export function formatIssues(issues: SchemaIssue[]): string {
  return issues.map((i) => `${i.file}  ${i.path || '/'}  ${i.message}`).join('\n');
}
