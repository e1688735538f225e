/**
 * The semantic diff of two trees of definition files (`schemas/` at a git ref and in the work tree), for reviewers
 * (`npm run schema:diff`, ./schemaDiff.ts): per file added / removed / changed, and for a changed file the sentences of
 * 版本记录 — fields, layout and rules of forms and entities (engine/schema/diff.ts diffForm), nodes and branches of flows
 * (diffFlow), rendered by engine/schema/diffText.ts — plus the other properties of a definition (lists matched by their
 * id, value, code, path, route or role) and the keys of locale files. Both sides are loaded by the engine's loader (format
 * migrations applied), so a file only moved to a newer format version says "no change in meaning".
 */
import { buildRegistry, type DefinitionFile } from '../../engine/schema/loader';
import { diffForm, textD } from '../../engine/schema/diff';
import { diffFlow } from '../../engine/schema/diffFlow';
import { propertyName, renderChange, valueText } from '../../engine/schema/diffText';
import { canonicalJson } from '../../engine/schema/hash';
import type { Change } from '../../engine/schema/diff';
import type { Definition, EntityDef, FlowDef, FormPageDef } from '../../engine/schema/types';
import { translate } from '../../src/server/i18n/index';
import type { Locale } from '../../src/shared/constants';

/** A tree of files: repository-relative path → text. */
export type FileTree = Map<string, string>;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const LIST_KEYS = ['id', 'value', 'code', 'path', 'route', 'role'];
const MAX_VALUE = 160;

/** The translator of the diff sentences: `schemaDiff.*` and `revisions.*` keys of the server catalogue. */
export function diffTranslator(locale: Locale) {
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, `schemaDiff.${key}`, params);
  const rt = (key: string, params?: Record<string, string>) => translate(locale, `revisions.${key}`, params);
  return { t, rt };
}

const isLocale = (path: string) => /\/locales\/[A-Za-z-]+\.json$/.test(path);
const isDefinition = (path: string) => path.endsWith('.json') && !path.includes('/_meta/') && !isLocale(path);

function parse(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The definitions of a tree by file path, loaded (format migrations applied) by the engine's loader. */
function loadTree(tree: FileTree): { byFile: Map<string, Definition>; entity: (id: string) => EntityDef | undefined } {
  const files: DefinitionFile[] = [];
  for (const [path, text] of tree) if (isDefinition(path)) files.push({ path, data: parse(text) });
  const registry = buildRegistry(files.filter((f) => f.data !== undefined));
  return { byFile: new Map(registry.entries.map((e) => [e.file, e.def])), entity: (id) => registry.get('entity', id) };
}

/** A value for a sentence: the reader's words where diffText knows them, compact JSON cut at MAX_VALUE characters. */
function shown(property: string, v: unknown, rt: (k: string, p?: Record<string, string>) => string): string {
  const text = valueText(property, isObj(v) && typeof v.d === 'string' ? v.d : v, rt);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

/**
 * The sentences of the properties of `a` → `b` other than `skip`: objects on both sides property by property
 * (`permissions.view`), lists of keyed objects item by item, other values before → after.
 */
function propertySentences(a: Obj, b: Obj, skip: string[], tr: ReturnType<typeof diffTranslator>, prefix = ''): string[] {
  const { t, rt } = tr;
  const out: string[] = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (skip.includes(key) || canonicalJson(a[key]) === canonicalJson(b[key])) continue;
    const k = `${prefix}${key}`;
    const property = propertyName(k, rt);
    const x = a[key];
    const y = b[key];
    if (isObj(x) && isObj(y) && !('d' in y && 't' in y)) {
      out.push(...propertySentences(x, y, [], tr, `${k}.`));
      continue;
    }
    const keyOf =
      Array.isArray(x) || Array.isArray(y)
        ? LIST_KEYS.find((key) => [...((x as unknown[]) ?? []), ...((y as unknown[]) ?? [])].every((i) => isObj(i) && typeof i[key] === 'string'))
        : undefined;
    if (!keyOf) {
      out.push(t('property', { property, before: shown(k, x, rt), after: shown(k, y, rt) }));
      continue;
    }
    const before = new Map(((x as Obj[]) ?? []).map((i) => [i[keyOf] as string, i]));
    const after = new Map(((y as Obj[]) ?? []).map((i) => [i[keyOf] as string, i]));
    const label = (i: Obj) => textD(i.title) ?? textD(i.label) ?? (i[keyOf] as string);
    for (const [id, i] of before) if (!after.has(id)) out.push(t('item.removed', { property, label: label(i) }));
    for (const [id, i] of after) {
      const old = before.get(id);
      if (!old) out.push(t('item.added', { property, label: label(i) }));
      else if (canonicalJson(old) !== canonicalJson(i))
        out.push(t('item.changed', { property, label: label(i), before: shown(k, old, rt), after: shown(k, i, rt) }));
    }
  }
  return out;
}

/** An entity seen as a form without layout: its fields through diffForm. */
function entityAsForm(e: EntityDef, title: unknown): FormPageDef {
  return { $schema: '', schemaVersion: 1, id: e.id, kind: 'page', pageKind: 'form', title: title as FormPageDef['title'], entity: e.id, layout: [] };
}

/** The sentences of one changed definition (see the module comment). */
function definitionSentences(
  a: Definition,
  b: Definition,
  entityA: (id: string) => EntityDef | undefined,
  entityB: (id: string) => EntityDef | undefined,
  tr: ReturnType<typeof diffTranslator>,
): string[] {
  const render = (changes: Change[]) => changes.map((c) => renderChange(c, tr.rt));
  const base = ['$schema', 'schemaVersion'];
  if (a.kind === 'entity' && b.kind === 'entity') {
    const changes = diffForm({ page: entityAsForm(a, b.title), entity: a }, { page: entityAsForm(b, b.title), entity: b });
    return [...render(changes), ...propertySentences(a as unknown as Obj, b as unknown as Obj, [...base, 'model'], tr)];
  }
  if (a.kind === 'page' && b.kind === 'page' && a.pageKind === 'form' && b.pageKind === 'form') {
    // The entity of the work tree on both sides: model changes are told once, in the entity's file.
    const entity = entityB(b.entity) ?? entityA(a.entity) ?? null;
    const changes = diffForm({ page: a, entity }, { page: b, entity });
    return [
      ...render(changes),
      ...propertySentences(a as unknown as Obj, b as unknown as Obj, [...base, 'title', 'flow', 'entity', 'layout', 'rules', 'computed', 'validators'], tr),
    ];
  }
  if (a.kind === 'flow' && b.kind === 'flow') {
    const skip = [...base, 'nodes', 'title', 'description', 'entity', 'resubmit', 'dedupe', 'urgeEvery'];
    return [...render(diffFlow(a as FlowDef, b as FlowDef)), ...propertySentences(a as unknown as Obj, b as unknown as Obj, skip, tr)];
  }
  return propertySentences(a as unknown as Obj, b as unknown as Obj, base, tr);
}

/** The sentences of a changed locale file: keys added, removed and changed. */
function localeSentences(a: unknown, b: unknown, tr: ReturnType<typeof diffTranslator>): string[] {
  const x = isObj(a) ? a : {};
  const y = isObj(b) ? b : {};
  const out: string[] = [];
  for (const k of Object.keys(x)) if (!(k in y)) out.push(tr.t('text.removed', { key: k }));
  for (const [k, v] of Object.entries(y)) {
    if (!(k in x)) out.push(tr.t('text.added', { key: k, text: String(v) }));
    else if (x[k] !== v) out.push(tr.t('text.changed', { key: k, before: String(x[k]), after: String(v) }));
  }
  return out;
}

/** One file of the diff: its header line and its sentences. */
export interface FileDiff {
  file: string;
  status: 'added' | 'removed' | 'changed';
  header: string;
  sentences: string[];
}

/** The diff of tree `before` → `after` (paths under `schemas/`), file by file in path order. */
export function diffTrees(before: FileTree, after: FileTree, locale: Locale = 'zh-CN'): FileDiff[] {
  const tr = diffTranslator(locale);
  const a = loadTree(before);
  const b = loadTree(after);
  const what = (d: Definition | undefined) => (d ? ` (${tr.t(`kind.${d.kind}`)} ${d.id})` : '');
  const out: FileDiff[] = [];
  for (const file of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const x = before.get(file);
    const y = after.get(file);
    if (x === y) continue;
    const defA = a.byFile.get(file);
    const defB = b.byFile.get(file);
    if (x === undefined || y === undefined) {
      const status = x === undefined ? 'added' : 'removed';
      out.push({ file, status, header: tr.t(`file.${status}`, { file }) + what(defB ?? defA), sentences: [] });
      continue;
    }
    const px = parse(x);
    const py = parse(y);
    let sentences: string[];
    if (py === undefined) sentences = [tr.t('notJson')];
    else if (canonicalJson(px) === canonicalJson(py)) sentences = [tr.t('unchanged')];
    else if (isLocale(file)) sentences = localeSentences(px, py, tr);
    else if (defA && defB) sentences = definitionSentences(defA, defB, a.entity, b.entity, tr);
    else sentences = propertySentences(isObj(px) ? px : {}, isObj(py) ? py : {}, [], tr);
    if (!sentences.length) sentences = [tr.t('unchanged')];
    out.push({ file, status: 'changed', header: tr.t('file.changed', { file }) + what(defB ?? defA), sentences });
  }
  return out;
}
