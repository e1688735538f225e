/**
 * Presentation of effective definitions for the Template and Form calls (SPEC §7, DESIGN §4): page
 * answers for the renderer, form models compiled to plain JSON Schema for rjsf, field and column lists,
 * the function catalogue and formula checks. Pure over an `EffectiveSchema` (src/server/engine/schemaStore.ts);
 * no SQL here. Lookups that find nothing answer `undefined`; the handlers turn that into -1 naming the id.
 */
import { pinyin } from 'pinyin-pro';
import { textOf } from '../../../../engine/schema/text.js';
import type { DictDef, EntityDef, FieldKind, FormPageDef, ListPageDef, ModelProperty, PageDef, TabsPageDef, Text } from '../../../../engine/schema/types.js';
import { checkExpression, FUNCTIONS } from '../../../../engine/expr/index.js';
import { exprEnv } from '../../../../engine/schema/expr.js';
import type { Locale } from '../../../shared/constants.js';
import { compositeEtag, type EffectiveSchema } from '../../engine/schemaStore.js';
import { recordTargets } from '../../engine/records.js';
import { entityPermission } from '../../engine/permissions.js';
import type { PageBundle, PublicEntity } from '../../../../engine/schema/bundle.js';

export type { PublicEntity };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** The text of a Text in `locale` (locale files and overlay i18n ops, else the zh-CN default). */
export function localText(s: EffectiveSchema, locale: Locale, text: Text | undefined): string | undefined {
  if (!text) return undefined;
  return locale === 'zh-CN' ? (s.texts['zh-CN']?.[text.t] ?? text.d) : textOf(text, s.texts[locale]);
}

/** An entity without its storage internals. */
export function publicEntity(e: EntityDef): PublicEntity {
  const { id, title, group, model, searchable, scope, permissions, actions, titleField, calls } = e;
  return {
    id,
    title,
    group,
    model,
    searchable,
    scope,
    permissions,
    actions,
    titleField,
    ...(e.storage === 'custom' ? { storage: 'custom' as const } : {}),
    ...(calls ? { calls } : {}),
  };
}

/** Dictionary codes (`x-dict`) used anywhere in a model, sub-tables included, plus a page's dict source. */
export function dictCodes(entity: EntityDef | undefined, page: PageDef): string[] {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isObj(v)) {
      if (typeof v['x-dict'] === 'string') out.add(v['x-dict']);
      Object.values(v).forEach(walk);
    }
  };
  if (entity) walk(entity.model);
  if (page.pageKind === 'list' && page.source.type === 'dict') out.add(page.source.code);
  return [...out].sort();
}

/** The texts a page needs in `locale`: keys of its area (`<area>.`), `common.` and `dict.` keys. */
function pageTexts(s: EffectiveSchema, locale: Locale, page: PageDef): Record<string, string> {
  const area = page.id.split('.')[0];
  const prefixes = [`${area}.`, 'common.', 'dict.'];
  const src = s.texts[locale] ?? {};
  const out: Record<string, string> = {};
  for (const k of Object.keys(src).sort()) if (prefixes.some((p) => k.startsWith(p))) out[k] = src[k];
  return out;
}

/** Answer of Template/page (engine/schema/bundle.ts). */
export type PageAnswer = PageBundle;

/**
 * Everything the page renderer needs for `route` (or the page id `route` when `byId`) in `locale` (memoised per schema build), or undefined
 * when no page renders the route. The ETag covers page, entity, dictionaries and texts.
 */
export function pageAnswer(s: EffectiveSchema, locale: Locale, route: string, byId = false): PageAnswer | undefined {
  const key = `page:${locale}:${byId ? 'id' : 'route'}:${route}`;
  if (s.memo.has(key)) return s.memo.get(key) as PageAnswer;
  const page = byId ? s.registry.get('page', route) : s.registry.pageForRoute(route);
  if (!page) return undefined;
  const entity = s.registry.entityOf(page);
  const dicts = dictCodes(entity, page)
    .map((c) => s.registry.get('dict', c))
    .filter((d): d is DictDef => !!d);
  const texts = pageTexts(s, locale, page);
  const records = recordTargets(s.registry, entity);
  const tabs = page.pageKind === 'tabs' ? tabCodes(s, page) : undefined;
  // a reference field's target may be another area's: its title in the page's texts (the picker's placeholder)
  for (const r of Object.values(records ?? {})) texts[r.title.t] ??= localText(s, locale, r.title) ?? r.title.d;
  const etag = compositeEtag([
    records ?? null,
    tabs ?? null,
    s.registry.etag('page', page.id),
    entity ? s.registry.etag('entity', entity.id) : null,
    dicts.map((d) => s.registry.etag('dict', d.id)),
    locale,
    texts,
  ]);
  const answer: PageAnswer = {
    page,
    entity: entity ? publicEntity(entity) : null,
    dicts,
    texts,
    etag,
    ...(records ? { records } : {}),
    ...(tabs ? { tabs } : {}),
  };
  s.memo.set(key, answer);
  return answer;
}

/** Per tab of a tabs page, the codes a user needs to see it: its `access` and its page's entity `view` code (PageBundle.tabs). */
function tabCodes(s: EffectiveSchema, page: TabsPageDef): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const tab of page.tabs) {
    const target = s.registry.get('page', tab.page);
    if (!target) continue;
    const entity = s.registry.entityOf(target);
    const view = entity ? entityPermission(entity, 'view') : undefined;
    out[tab.key] = [...new Set([...(tab.access ?? []), ...(view ? [view] : [])])];
  }
  return out;
}

/** Form templates (form pages) for Template/list: [{id, title, entity, route?}]. */
export function formTemplates(s: EffectiveSchema, locale: Locale): { id: string; title: string; entity: string; route?: string }[] {
  return s.registry
    .pages()
    .filter((p): p is FormPageDef => p.pageKind === 'form')
    .map((p) => ({ id: p.id, title: localText(s, locale, p.title)!, entity: p.entity, ...(p.route ? { route: p.route } : {}) }));
}

/** JSON Schema of a model for rjsf: `title` from `x-title` in `locale` at every level, `x-` keys kept. */
export function compileModel(s: EffectiveSchema, locale: Locale, entity: EntityDef): Obj {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isObj(v)) return v;
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) out[k] = k.startsWith('x-') ? structuredClone(x) : walk(x);
    const t = v['x-title'];
    if (isObj(t) && typeof t.t === 'string' && typeof t.d === 'string') out.title = localText(s, locale, t as unknown as Text);
    const pm = v['x-pattern-message'];
    if (isObj(pm) && typeof pm.t === 'string' && typeof pm.d === 'string') out['x-pattern-message-text'] = localText(s, locale, pm as unknown as Text);
    return out;
  };
  const schema = walk(entity.model) as Obj;
  return { title: localText(s, locale, entity.title), ...schema };
}

/** Answer of Template/forminfo and Form/info. */
export interface FormAnswer {
  page: FormPageDef;
  entity: string;
  schema: Obj;
  etag: string;
}

/** The form page `id` with its compiled model, or undefined when `id` is no form page. */
export function formAnswer(s: EffectiveSchema, locale: Locale, id: string): FormAnswer | undefined {
  const page = s.registry.get('page', id);
  if (!page || page.pageKind !== 'form') return undefined;
  const entity = s.registry.get('entity', page.entity);
  if (!entity) return undefined;
  const etag = compositeEtag([s.registry.etag('page', id), s.registry.etag('entity', entity.id), locale, 'form']);
  return { page, entity: entity.id, schema: compileModel(s, locale, entity), etag };
}

/** One field of Template/fieldinfo. */
export interface FieldInfo {
  field: string;
  label: string;
  kind: FieldKind;
  type: string;
  required: boolean;
  dict?: string;
}

function kindOf(p: ModelProperty): FieldKind {
  if (p['x-kind']) return p['x-kind'];
  const type = Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
  if (type === 'integer') return 'integer';
  if (type === 'number') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'array') return 'subtable';
  return p.format === 'date' ? 'date' : p.format === 'date-time' ? 'datetime' : 'text';
}

/** The fields of entity `id` for designers and formula editors, or undefined for an unknown entity. */
export function fieldInfo(s: EffectiveSchema, locale: Locale, id: string): FieldInfo[] | undefined {
  const e = s.registry.get('entity', id);
  if (!e) return undefined;
  const required = new Set(e.model.required ?? []);
  return Object.entries(e.model.properties).map(([field, p]) => {
    const type = Array.isArray(p.type) ? p.type.filter((t) => t !== 'null').join('|') : (p.type ?? 'string');
    return {
      field,
      label: localText(s, locale, p['x-title']) ?? field,
      kind: kindOf(p),
      type,
      required: required.has(field),
      ...(p['x-dict'] ? { dict: p['x-dict'] } : {}),
    };
  });
}

/** A target a reference field may name (Template/entities): an entity and the text fields that may label its records. */
export interface RecordTargetChoice {
  id: string;
  /** The entity's title in the caller's locale. */
  title: string;
  /** Fields the engine accepts as `x-record.label` (kind text, or a plain string), titles localised. */
  labels: { field: string; label: string }[];
}

/**
 * The entities a reference field of a designed form may point at (the form designer's choices): those stored in a
 * table with at least one text field, by title. Same rules as the definition lint of `x-record`.
 */
export function recordTargetChoices(s: EffectiveSchema, locale: Locale): RecordTargetChoice[] {
  const isLabel = (p: ModelProperty) => {
    const type = Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
    return p['x-kind'] ? p['x-kind'] === 'text' : type === 'string';
  };
  return s.registry
    .entities()
    .filter((e) => (e.storage ?? 'table') === 'table')
    .map((e) => ({
      id: e.id,
      title: localText(s, locale, e.title) ?? e.id,
      labels: Object.entries(e.model.properties)
        .filter(([, p]) => isLabel(p))
        .map(([field, p]) => ({ field, label: localText(s, locale, p['x-title']) ?? field })),
    }))
    .filter((c) => c.labels.length)
    .sort((a, b) => a.title.localeCompare(b.title, 'zh-CN') || (a.id < b.id ? -1 : 1));
}

/** A column of Template/getColumns: title localised (the column's own, else the field's label). */
export interface ColumnInfo {
  id: string;
  field: string;
  title: string;
  render: string;
  width?: number;
  sortable: boolean;
  dict?: string;
}

/** The columns of list page `id`, or undefined when `id` is no list page. */
export function columnsOf(s: EffectiveSchema, locale: Locale, id: string): ColumnInfo[] | undefined {
  const page = s.registry.get('page', id);
  if (!page || page.pageKind !== 'list') return undefined;
  const entity = s.registry.entityOf(page as ListPageDef);
  return page.columns.map((c) => {
    const prop = entity?.model.properties[c.field];
    const title = localText(s, locale, c.title) ?? localText(s, locale, prop?.['x-title']) ?? c.field;
    return {
      id: c.id,
      field: c.field,
      title,
      render: c.render ?? 'text',
      ...(c.width ? { width: c.width } : {}),
      sortable: c.sortable === true,
      ...(prop?.['x-dict'] ? { dict: prop['x-dict'] } : {}),
    };
  });
}

/** The function catalogue (engine/expr FUNCTIONS) with descriptions in `locale`. */
export function functionList(s: EffectiveSchema, locale: Locale): { name: string; signature: string; description: string; example: string }[] {
  return FUNCTIONS.map((f) => ({ name: f.name, signature: f.signature, description: localText(s, locale, f.description)!, example: f.example }));
}

/** Type-check a formula against entity `id`'s fields: {ok, type} or {ok: false, message}; undefined for an unknown entity. */
export function checkFormula(
  s: EffectiveSchema,
  locale: Locale,
  id: string,
  expr: string,
): { ok: true; type: string } | { ok: false; message: string } | undefined {
  const e = s.registry.get('entity', id);
  if (!e) return undefined;
  const r = checkExpression(expr, exprEnv(e.model, 'fields'), { locale });
  return r.ok ? { ok: true, type: r.type } : { ok: false, message: r.message };
}

/**
 * Field-key material from a label (Form/getpinyin): `pinyin` is the full pinyin without tones, lower case,
 * letters and digits only (请假事由 → qingjiashiyou; ü → v), `first` the first letters (qjsy).
 * ASCII letters and digits of the label are kept as they are (lower-cased).
 */
export function pinyinKey(text: string): { pinyin: string; first: string } {
  return {
    pinyin: pinyinSyllables(text).join(''),
    first: clean(pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' }) as unknown as string[]),
  };
}

const clean = (a: string[]) =>
  a
    .join('')
    .toLowerCase()
    .replace(/ü/g, 'v')
    .replace(/[^a-z0-9]/g, '');

/**
 * The pinyin of `text` one syllable per item (请假 → ['qing', 'jia']), lower case, letters and digits only;
 * a run of other characters (ASCII words, digits) is one item, empty items are dropped.
 */
export function pinyinSyllables(text: string): string[] {
  const parts = pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true } as never) as unknown as string[];
  return parts.map((p) => clean([p])).filter(Boolean);
}

/**
 * A code stem from a title: its pinyin without leading digits, at most `max` letters, cut only between
 * syllables (请假事由申请 at 12 → qingjiashiyou is 13 letters, so qingjiashi) — never inside one. A first
 * syllable (an ASCII word) longer than `max` is cut to `max`. Empty when the title has no letters.
 */
export function pinyinStem(text: string, max: number): string {
  const parts = pinyinSyllables(text);
  while (parts.length && /^[0-9]/.test(parts[0])) {
    const rest = parts[0].replace(/^[0-9]+/, '');
    if (rest) parts[0] = rest;
    else parts.shift();
  }
  let stem = '';
  for (const p of parts) {
    if (stem.length + p.length > max) return stem || p.slice(0, max);
    stem += p;
  }
  return stem;
}
