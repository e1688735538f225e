/**
 * The dictionaries a form definition brings (`{page, entity, dicts?, texts?}`; the designer's toFormPage `dicts`:
 * the options an administrator typed, designer/form/model/options.ts) as the revision calls check them (DESIGN §4
 * Overlays; how they are stored and served: src/server/engine/formDicts.ts).
 *
 * - Shape (drafts and publishes of every form): `dicts` is an array of dictionary definitions
 *   (schemas/_meta/dict.schema.json; `$schema`, `schemaVersion` and `kind` filled in when missing), ids and item
 *   values unique — else -1 naming the field, e.g. "参数dicts/0/items不正确".
 * - Ownership (publishes of a shipped form, `ownedDicts`): only the dictionaries the model names are kept. One
 *   with the id of a shared dictionary (a file of schemas/) that equals it as served is the designer reusing it:
 *   dropped, nothing stored; one that differs is refused (-1 revisions.dictShared — the designer gives the form
 *   its own copy with a new id instead, so a shared dictionary other forms use is never clobbered). An id another
 *   form owns is refused (revisions.dictTaken), and an owned id must start with `<entity id, . as _>_`, as the
 *   designer's `ownedDictId` makes it. A field's default must be one of its owned dictionary's values.
 */
import type { FastifyRequest } from 'fastify';
import { ajvIssues } from '../../../../engine/schema/loader.js';
import { metaValidators } from '../../../../engine/schema/meta.js';
import { sameValue } from '../../../../engine/schema/diff.js';
import type { DictDef, EntityModel, ModelProperty } from '../../../../engine/schema/types.js';
import { badInput } from '../../lib/errors.js';
import { baseDefinition, type EffectiveSchema } from '../../engine/schemaStore.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const MAX_DICTS = 200;

/**
 * The `dicts` of definition `raw` checked for shape (see the module comment): [] when absent.
 * @throws ApiError -1 error.badParam naming `dicts`, `dicts/<i>` or the path inside, e.g. `dicts/0/items`.
 */
export function dictsOf(req: FastifyRequest, raw: unknown): DictDef[] {
  const v = isObj(raw) ? raw.dicts : undefined;
  if (v === undefined || v === null) return [];
  const bad = (field: string) => badInput(req.t('error.badParam', { field }));
  if (!Array.isArray(v) || v.length > MAX_DICTS) throw bad('dicts');
  const ids = new Set<string>();
  const validate = metaValidators().dict;
  return v.map((d, i) => {
    if (!isObj(d)) throw bad(`dicts/${i}`);
    const def = { $schema: '../../_meta/dict.schema.json', schemaVersion: 1, kind: 'dict', ...d };
    if (!validate(def)) throw bad(`dicts/${i}${ajvIssues('', validate.errors)[0]?.path ?? ''}`);
    const dict = def as unknown as DictDef;
    if (ids.has(dict.id)) throw bad(`dicts/${i}/id`);
    ids.add(dict.id);
    const values = new Set<string>();
    dict.items.forEach((it, j) => {
      if (values.has(it.value)) throw bad(`dicts/${i}/items/${j}/value`);
      values.add(it.value);
    });
    return dict;
  });
}

/** Dictionary codes a model names (`x-dict` of fields, their items and sub-table columns), with the field that names each first. */
export function namedDicts(model: EntityModel): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (props: Record<string, ModelProperty>, prefix: string) => {
    for (const [k, p] of Object.entries(props)) {
      const items = isObj(p.items) ? p.items : undefined;
      for (const code of [p['x-dict'], items?.['x-dict']]) if (typeof code === 'string' && !out.has(code)) out.set(code, prefix + k);
      if (items && isObj(items.properties)) walk(items.properties as Record<string, ModelProperty>, `${prefix}${k}.`);
    }
  };
  if (isObj(model?.properties)) walk(model.properties, '');
  return out;
}

/** The start of the ids of dictionaries forms of entity `entityId` own (the designer's ownedDictId with an empty key). */
export const ownedDictPrefix = (entityId: string) => `${entityId.toLowerCase().replace(/[^a-z0-9_]/g, '_')}_`;

/**
 * The dictionaries shipped form `formId` (entity `entityId`, new model `model`) stores with a publish, from the
 * shape-checked `dicts` (see the module comment for what is dropped and refused).
 * @throws ApiError -1 revisions.dictShared / dictTaken / defaultNotOption, or error.badParam naming `dicts/<i>/id`.
 */
export function ownedDicts(req: FastifyRequest, s: EffectiveSchema, formId: string, entityId: string, model: EntityModel, dicts: DictDef[]): DictDef[] {
  const named = namedDicts(model);
  const mine = new Set((s.formDicts.find((f) => f.formId === formId)?.dicts ?? []).map((d) => d.id));
  const prefix = ownedDictPrefix(entityId);
  const kept: DictDef[] = [];
  dicts.forEach((d, i) => {
    if (!named.has(d.id)) return;
    const field = `dicts/${i}/id`;
    const other = mine.has(d.id) ? undefined : s.registry.get('dict', d.id);
    if (other) {
      if (!baseDefinition('dict', d.id)) throw badInput(req.t('revisions.dictTaken', { id: d.id, field }));
      if (sameValue({ title: other.title, items: other.items }, { title: d.title, items: d.items })) return;
      throw badInput(req.t('revisions.dictShared', { id: d.id, field }));
    }
    if (!d.id.startsWith(prefix)) throw badInput(req.t('error.badParam', { field }));
    kept.push(d);
  });
  for (const [name, p] of Object.entries(model.properties)) {
    const code = typeof p['x-dict'] === 'string' ? p['x-dict'] : undefined;
    const dict = code ? kept.find((d) => d.id === code) : undefined;
    if (!dict || p.default === undefined || p.default === null) continue;
    const values = new Set(dict.items.map((it) => it.value));
    const bad = (Array.isArray(p.default) ? p.default : [p.default]).find((x) => !values.has(x as string));
    if (bad !== undefined) throw badInput(req.t('revisions.defaultNotOption', { field: p['x-title']?.d ?? name, value: String(bad) }));
  }
  return kept;
}
