/**
 * The definition lint (DESIGN §4, §8): run in `npm test` over every file in `schemas/`.
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
 *   `record` and `user` and give bool; a view's `where` also translates to SQL (engine/expr/condition.ts);
 * - flows: engine/flow's validateFlow, the entity, fields named by field permissions and formField rules,
 *   branch conditions (bool over the entity's fields), and the work-item title template `title.cel` (a string
 *   over record, initiator, form and flow; missing in a file of `schemas/` is an error).
 * - entities: a `permissions` block is required (without one the entity is closed to everyone); `calls` names
 *   collide with no other call of the group (./lintCalls.ts);
 * - areas (./lintArea.ts): default grants name known roles, the area's own codes and routes, and no business for the 三员.
 * Pages are linted by ./lintPage.ts; the reference checks all parts share are in ./lintContext.ts.
 * Pure: no file system; the caller passes the registry, the locale files and the key lists.
 */
import type { Registry, SchemaIssue } from './loader';
import { isText } from './text';
import type { ExprChecker } from './expr';
import type { EntityDef, FlowDef, ModelProperty } from './types';
import { validateFlow } from '../flow/definition';
import { checkTitleTemplate, titleTemplateOf } from '../flow/title';
import type { FlowNode } from '../flow/types';
import { checkExpr, checkField, checkPermission, type Ctx } from './lintContext';
import { lintPage } from './lintPage';
import { lintArea } from './lintArea';
import { lintEntityCalls } from './lintCalls';

/** A locale file: path, locale (`zh-CN` | `en-US`) and its parsed JSON (a flat map key → text). */
export interface LocaleFile {
  path: string;
  locale: string;
  messages: unknown;
}

/** Registered keys and checkers the lint needs from outside the engine. An omitted list is not checked. */
export interface LintOptions {
  /** Route paths of the shell (src/shared/routes.ts); the areas' own routes and sections are added to them. */
  routes?: string[];
  /** Registered widget keys (widgets/ registry). */
  widgets?: string[];
  /** Registered page kinds (engine/renderers registry). */
  pageKinds?: string[];
  /** Registered custom page components. */
  components?: string[];
  /** Registered row dialogs of declared work lists (engine/renderers/registry.ts registerRowDialog). */
  rowDialogs?: string[];
  /** CEL checker; default `checkCel` (engine/expr). `false` skips expression checks. */
  checkExpr?: ExprChecker | false;
  /** Locales every Text key must be in; default zh-CN and en-US. */
  locales?: string[];
  /** Ids of flows that exist outside the registry (published in the flow designer, flow_versions); a form may start them. */
  flows?: string[];
  /** Role codes an area's default grants may name (src/server/db/seed/roles.ts). */
  roles?: string[];
  /** The 三员 (DESIGN §7): their role codes, and whether they may hold the menu or code area of key `section.name`. */
  sanyuan?: { roles: readonly string[]; mayHold: (key: string) => boolean };
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
  const sections = new Set([...(opts.routes ?? []), ...registry.areas().flatMap((a) => (a.section ? [a.section.path] : []))]);
  const routes = opts.routes
    ? new Set([...opts.routes, ...registry.areas().flatMap((a) => [...(a.section ? [a.section.path] : []), ...a.routes.map((r) => r.path)])])
    : null;

  for (const { file, def } of registry.entries) {
    const ctx: Ctx = { registry, file, add, opts, permissions, routes };
    // node ids unique within a file; Texts in both locales
    const ids = new Map<string, string>();
    walkObjects(def, '', (o, ptr) => {
      // a flow's title is a Text that also carries its title template (`cel`)
      const text = isText(o) || (def.kind === 'flow' && ptr === '/title' && isText({ t: o.t, d: o.d }));
      if (typeof o.id === 'string' && !text) {
        const prev = ids.get(o.id);
        if (prev !== undefined) add(file, `${ptr}/id`, `duplicate node id "${o.id}" (also at ${prev || '/'})`);
        else ids.set(o.id, ptr);
      }
      if (text && def.kind !== 'overlay') {
        for (const l of wanted) if (!merged.get(l)?.has(o.t as string)) add(file, `${ptr}/t`, `i18n key "${String(o.t)}" missing in ${l}`);
        const zh = merged.get('zh-CN')?.get(o.t as string);
        if (zh !== undefined && zh !== o.d) add(file, `${ptr}/d`, `default "${String(o.d)}" differs from zh-CN "${zh}" of key "${String(o.t)}"`);
      }
      // Chinese only inside Text defaults (DESIGN §4): UI text elsewhere could not be translated
      if (def.kind !== 'overlay') {
        for (const [k, v] of Object.entries(o)) {
          if (typeof v === 'string' && CJK.test(v) && !(k === 'd' && text))
            add(file, `${ptr}/${esc(k)}`, 'Chinese text outside a Text default (use {"t": key, "d": text})');
        }
      }
    });
    if (def.kind === 'entity') lintEntity(ctx, def);
    else if (def.kind === 'page') lintPage(ctx, def);
    else if (def.kind === 'area') {
      lintArea(ctx, def);
      def.routes.forEach((m, i) => {
        if (m.page !== undefined && !registry.get('page', m.page)) add(file, `/routes/${i}/page`, `unknown page "${m.page}"`);
        // a route lives in a section: one an area declares, or the shell's (when the caller passed the shell's routes)
        const section = `/${m.path.split('/')[1]}`;
        if (opts.routes && !sections.has(section))
          add(file, `/routes/${i}/path`, `unknown route "${m.path}": no area declares its section "${section}" and the shell has none`);
      });
    } else if (def.kind === 'flow') lintFlow(ctx, def);
    else if (def.kind === 'dict') {
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
    const claims =
      def.kind === 'page' && def.route
        ? [{ route: def.route, page: def.id, path: '/route' }]
        : def.kind === 'area'
          ? def.routes.flatMap((m, i) => (m.page ? [{ route: m.path, page: m.page, path: `/routes/${i}/path` }] : []))
          : [];
    for (const c of claims) {
      const prev = routePage.get(c.route);
      if (prev !== undefined && prev !== c.page) add(file, c.path, `route "${c.route}" already renders page "${prev}"`);
      else routePage.set(c.route, c.page);
    }
  }
  return issues;
}

/** Flows (DESIGN §5): engine/flow's structural checks, the entity, fields named by rules and permissions, branch conditions (bool over the model). */
function lintFlow(ctx: Ctx, def: FlowDef) {
  const { add, file } = ctx;
  for (const p of validateFlow(def)) add(file, p.path, p.message);
  const entity = def.entity ? ctx.registry.get('entity', def.entity) : undefined;
  if (def.entity && !entity) add(file, '/entity', `unknown entity "${def.entity}"`);
  const model = entity?.model;
  // the work-item title template: a string over record, initiator, form and flow; a shipped flow must declare one
  const template = titleTemplateOf(def);
  if (template) {
    if (ctx.opts.checkExpr !== false && (!def.entity || entity)) {
      const r = checkTitleTemplate(template, model);
      if (!r.ok) add(file, '/title/cel', r.message);
    }
  } else if (file.startsWith('schemas/')) add(file, '/title/cel', 'a flow needs a work-item title template ("title": {"t", "d", "cel"}), e.g. "record.title"');
  const walk = (nodes: FlowNode[], base: string) =>
    nodes.forEach((n, i) => {
      const p = `${base}/${i}`;
      if (n.type === 'branch' || n.type === 'parallel') {
        n.branches.forEach((b, j) => {
          const cond = (b as { condition?: { cel: string } }).condition;
          if (cond) checkExpr(ctx, model, cond.cel, `${p}/branches/${j}/condition/cel`, 'fields', 'bool');
          walk(b.nodes, `${p}/branches/${j}/nodes`);
        });
      }
      if (!entity) return;
      if ('fieldPermissions' in n) for (const f of Object.keys(n.fieldPermissions ?? {})) checkField(ctx, model, f, `${p}/fieldPermissions/${f}`, entity.id);
      if ('assignees' in n) n.assignees.forEach((r, j) => r.kind === 'formField' && checkField(ctx, model, r.field, `${p}/assignees/${j}/field`, entity.id));
    });
  walk(def.nodes, '/nodes');
}

function lintEntity(ctx: Ctx, def: EntityDef) {
  const { add, file, registry } = ctx;
  const model = def.model;
  const field = (name: string, path: string) => checkField(ctx, model, name, path, def.id);
  (model.required ?? []).forEach((f, i) => field(f, `/model/required/${i}`));
  (def.searchable ?? []).forEach((f, i) => field(f, `/searchable/${i}`));
  if (def.titleField) field(def.titleField, '/titleField');
  if (def.scopeDept) {
    field(def.scopeDept, '/scopeDept');
    const kind = (model.properties[def.scopeDept] as ModelProperty | undefined)?.['x-kind'];
    if (kind && kind !== 'dept') add(file, '/scopeDept', `"scopeDept" needs a field of kind "dept", not "${kind}"`);
  }
  (def.editableAfterFlow ?? []).forEach((f, i) => field(f, `/editableAfterFlow/${i}`));
  (def.indexes ?? []).forEach((cols, i) => cols.forEach((f, j) => field(f, `/indexes/${i}/${j}`)));
  (def.unique ?? []).forEach((cols, i) => cols.forEach((f, j) => field(f, `/unique/${i}/${j}`)));
  for (const f of Object.keys(def.references ?? {})) field(f, `/references/${esc(f)}`);
  // Without the block the entity is closed to everyone (src/server/engine/api.ts entityPermission): say who may do what.
  if (!def.permissions)
    add(
      file,
      '/permissions',
      'no "permissions" block: the entity is closed to everyone; name a code per operation ({} opens every operation to anyone signed in)',
    );
  const props = (p: Record<string, ModelProperty>, base: string) => {
    for (const [name, prop] of Object.entries(p)) {
      const ptr = `${base}/${esc(name)}`;
      lintRecordRef(ctx, prop, ptr, base === '/model/properties');
      if (prop['x-kind'] === 'dict' && !prop['x-dict']) add(file, ptr, 'kind "dict" needs "x-dict"');
      if (prop['x-dict'] && !registry.get('dict', prop['x-dict'])) add(file, `${ptr}/x-dict`, `unknown dictionary "${prop['x-dict']}"`);
      if (prop['x-default-from'] && prop['x-kind'] !== prop['x-default-from'])
        add(file, `${ptr}/x-default-from`, `"x-default-from": "${prop['x-default-from']}" needs kind "${prop['x-default-from']}"`);
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
  lintEntityCalls(ctx, def);
}

/**
 * A reference field (kind `record` + `x-record`): both or neither, at the model's top level (not in a sub-table), an
 * integer field, a target entity of the registry stored in a table, and a label field of the target holding text.
 */
function lintRecordRef(ctx: Ctx, prop: ModelProperty, ptr: string, topLevel: boolean) {
  const { add, file, registry } = ctx;
  const ref = prop['x-record'];
  if (prop['x-kind'] === 'record' && !ref) add(file, ptr, 'kind "record" needs "x-record"');
  if (!ref) return;
  if (prop['x-kind'] !== 'record') add(file, `${ptr}/x-record`, '"x-record" needs kind "record"');
  if (!topLevel) add(file, `${ptr}/x-record`, 'a reference field cannot be a sub-table column');
  const types = Array.isArray(prop.type) ? prop.type : [prop.type];
  if (!types.includes('integer') || types.some((t) => t !== 'integer' && t !== 'null'))
    add(file, `${ptr}/type`, 'a reference field holds a record id: type "integer"');
  const target = registry.get('entity', ref.entity);
  if (!target) return add(file, `${ptr}/x-record/entity`, `unknown entity "${ref.entity}"`);
  if ((target.storage ?? 'table') !== 'table') add(file, `${ptr}/x-record/entity`, `entity "${ref.entity}" is not stored in a derived table`);
  const label = target.model.properties[ref.label];
  if (!label) return add(file, `${ptr}/x-record/label`, `unknown field "${ref.label}" of entity "${ref.entity}"`);
  const kind = label['x-kind'];
  const type = Array.isArray(label.type) ? label.type.find((t) => t !== 'null') : label.type;
  if (kind ? kind !== 'text' : type !== 'string') add(file, `${ptr}/x-record/label`, `label field "${ref.label}" must be a text field, not ${kind ?? type}`);
}

/** Readable multi-line report of issues: `file  path  message` per line. */
export function formatIssues(issues: SchemaIssue[]): string {
  return issues.map((i) => `${i.file}  ${i.path || '/'}  ${i.message}`).join('\n');
}
