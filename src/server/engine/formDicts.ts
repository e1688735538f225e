/**
 * Dictionaries owned by shipped forms ("from a dictionary", DESIGN §4 Overlays). Options an administrator
 * types for a select / radio / checkbox field in the form designer become a dictionary the FORM owns (the designer's
 * toFormPage `dicts`, designer/form/model/options.ts): id `<entity id with . as _>_<field>` (a sub-table column:
 * `…_<sub-table>_<column>`), never the id of a shared dictionary. Overlays only change definitions that exist in
 * the base files, and a shared dictionary of schemas/ is used by other forms, so the owned dictionaries are not
 * overlays: they are part of the form REVISION — stored in the draft and in the revision's snapshot
 * (`definition_revisions.snapshot.dicts`, with their en-US labels in `snapshot.texts`), while the entity overlay
 * points the field's `x-dict` at them. A shared dictionary the designer reuses unchanged is not stored at all.
 *
 * The schema store (./schemaStore.ts) loads the owned dictionaries of the newest revision of every shipped form
 * next to the base files (`formDictFiles`; an id a base file or another form already defines is left out and listed
 * as a conflict of the form page, never resolved silently), and their non-zh-CN labels (`formDictTexts`); so
 * Template/page serves them for the revision in force, and a pinned older revision brings its own
 * (src/server/api/Template/revisionPage.ts). The server's validation of a record (./recordModels.ts) checks a
 * field that takes its options from a dictionary its form revision owns against that dictionary's values
 * (`withDictEnums`); the checks of what a publish may store: src/server/api/Template/formDicts.ts.
 */
import type { Kysely } from 'kysely';
import type { DefinitionFile } from '../../../engine/schema/loader.js';
import type { LocaleMessages } from '../../../engine/schema/text.js';
import type { DictDef, EntityModel, ModelProperty } from '../../../engine/schema/types.js';
import type { DB } from '../db/types.js';

/** The owned dictionaries of the newest revision of a shipped form. */
export interface FormDicts {
  /** Form page id. */
  formId: string;
  /** The revision they come from. */
  revision: number;
  dicts: DictDef[];
  /** The revision's designer texts (`{'en-US': {key: text}}`); only the dictionaries' keys are served. */
  texts?: LocaleMessages;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** The dictionaries of a stored revision's `dicts` (a snapshot read back): the well-formed ones, [] when none. */
export function storedDicts(v: unknown): DictDef[] {
  return Array.isArray(v) ? (v.filter((d) => isObj(d) && typeof d.id === 'string' && Array.isArray(d.items)) as unknown as DictDef[]) : [];
}

/** Repository-like path of an owned dictionary (no `schemas/`, so `$schema` is not path-checked). */
export const formDictPath = (formId: string, id: string) => `db/forms/${formId}/${id}.dict.json`;

/**
 * The owned dictionaries of the newest revision of every shipped form (forms of `designed_forms` left out: their
 * revisions carry their dictionaries themselves, ./designed.ts); only revisions that have some.
 */
export async function loadFormDicts(db: Kysely<DB>): Promise<FormDicts[]> {
  const rows = await db
    .selectFrom('definition_revisions as r')
    .select(['r.target_id', 'r.revision', 'r.snapshot'])
    .where('r.target_kind', '=', 'form')
    .where('r.target_id', 'not in', db.selectFrom('designed_forms').select('form_id'))
    .where((eb) =>
      eb(
        'r.revision',
        '=',
        eb
          .selectFrom('definition_revisions as n')
          .select((x) => x.fn.max('n.revision').as('m'))
          .whereRef('n.target_id', '=', 'r.target_id')
          .where('n.target_kind', '=', 'form'),
      ),
    )
    .orderBy('r.target_id')
    .execute();
  const out: FormDicts[] = [];
  for (const r of rows) {
    let snap: { dicts?: unknown; texts?: unknown };
    try {
      snap = JSON.parse(r.snapshot) as typeof snap;
    } catch {
      continue; // never written by a publish
    }
    const dicts = storedDicts(snap.dicts);
    if (dicts.length)
      out.push({ formId: r.target_id, revision: Number(r.revision), dicts, ...(isObj(snap.texts) ? { texts: snap.texts as LocaleMessages } : {}) });
  }
  return out;
}

/**
 * The definition files of the owned dictionaries of `forms` whose ids are free (`taken(id)` false: no base file,
 * designer-made form or earlier form defines them); the others as `clashes`. Answers the forms with only their
 * dictionaries that went in.
 */
export function formDictFiles(
  forms: FormDicts[],
  taken: (id: string) => boolean,
): { files: DefinitionFile[]; applied: FormDicts[]; clashes: { form: FormDicts; id: string }[] } {
  const files: DefinitionFile[] = [];
  const applied: FormDicts[] = [];
  const clashes: { form: FormDicts; id: string }[] = [];
  const used = new Set<string>();
  for (const f of forms) {
    const dicts: DictDef[] = [];
    for (const d of f.dicts) {
      if (taken(d.id) || used.has(d.id)) {
        clashes.push({ form: f, id: d.id });
        continue;
      }
      used.add(d.id);
      dicts.push(d);
      files.push({ path: formDictPath(f.formId, d.id), data: d });
    }
    if (dicts.length) applied.push({ ...f, dicts });
  }
  return { files, applied, clashes };
}

/** Keys of the texts of dictionaries `dicts` (title and item labels). */
function dictTextKeys(dicts: DictDef[]): Set<string> {
  const keys = new Set<string>();
  for (const d of dicts) {
    if (isObj(d.title) && typeof d.title.t === 'string') keys.add(d.title.t);
    for (const it of d.items) if (isObj(it.label) && typeof it.label.t === 'string') keys.add(it.label.t);
  }
  return keys;
}

/** The non-zh-CN texts (zh-CN is each Text's default) of form `f`'s owned dictionaries, by locale (locales without any left out). */
export function ownedDictTexts(f: FormDicts): LocaleMessages {
  const keys = dictTextKeys(f.dicts);
  const out: LocaleMessages = {};
  for (const [locale, messages] of Object.entries(f.texts ?? {})) {
    if (locale === 'zh-CN' || !isObj(messages)) continue;
    const mine: Record<string, string> = {};
    for (const [k, v] of Object.entries(messages)) if (keys.has(k) && typeof v === 'string') mine[k] = v;
    if (Object.keys(mine).length) out[locale] = mine;
  }
  return out;
}

/** The non-zh-CN texts of the owned dictionaries of `forms`, as locale messages to merge. */
export function formDictTexts(forms: FormDicts[]): { locale: string; messages: Record<string, string> }[] {
  return forms.flatMap((f) => Object.entries(ownedDictTexts(f)).map(([locale, messages]) => ({ locale, messages })));
}

/**
 * `model` for validation, with an `enum` of the values of its dictionary on every field (sub-table columns
 * included) whose `x-dict` (on the field or its items) is one of `dicts` — on the items of a multi-valued field;
 * a single value may also be '' (an empty optional select) and null when the type allows it. Answers `model`
 * itself when nothing changes; never mutates it.
 */
export function withDictEnums(model: EntityModel, dicts: DictDef[]): EntityModel {
  if (!dicts.length) return model;
  const values = new Map(dicts.map((d) => [d.id, d.items.map((i) => i.value)]));
  let changed = false;
  const prop = (p: ModelProperty): ModelProperty => {
    const items = isObj(p.items) ? (p.items as Obj) : undefined;
    const code = typeof p['x-dict'] === 'string' ? p['x-dict'] : typeof items?.['x-dict'] === 'string' ? (items['x-dict'] as string) : undefined;
    const allowed = code ? values.get(code) : undefined;
    const types = Array.isArray(p.type) ? p.type : [p.type];
    if (allowed) {
      changed = true;
      if (types.includes('array')) return { ...p, items: { ...(items ?? {}), enum: allowed } };
      return { ...p, enum: [...allowed, '', ...(types.includes('null') ? [null] : [])] };
    }
    if (items && isObj(items.properties)) return { ...p, items: { ...items, properties: props(items.properties as Record<string, ModelProperty>) } };
    return p;
  };
  const props = (ps: Record<string, ModelProperty>) => Object.fromEntries(Object.entries(ps).map(([k, p]) => [k, prop(p)]));
  const out = { ...model, properties: props(model.properties) };
  return changed ? out : model;
}
