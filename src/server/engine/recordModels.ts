/**
 * Which entity model a record is validated against ("records keep the form revision they were created
 * with", DESIGN §4). A form is the pair (page, entity model); publishing it in the designer changes the model
 * the server serves (overlays of a shipped form, the newest revision of a designer-made one), so the server
 * validates with the published model, not with the model the entity's service was built from at start.
 *
 * Decision: `add` and `import` validate a record against the model IN FORCE — the effective entity (shipped
 * base + newest published overlay; a designer-made form's newest revision). `edit` and declared actions validate
 * against the revision the record PINNED — the newest revision of the entity's form published at or before the
 * record's `created_at` (as Template/recordform and Template/page {recordId} choose it; revision 0, the shipped
 * model, when none was) — because the record's detail and edit pages render with that revision: what the user
 * edits is checked by the rules they were shown. A rule published later (a field made required, a shorter
 * maxLength) binds new records, never an older record that is opened and saved with the form it was created with.
 *
 * Options: a field whose options come from a dictionary the form revision OWNS (options typed in the designer,
 * ./formDicts.ts; a designer-made form's dictionaries) takes only that dictionary's values (`withDictEnums`) — the
 * ones of the revision in force for add and import, the pinned revision's for edit. Shared dictionaries (/codes,
 * which administrators change at run time and whose values the server writes itself, e.g. flow_status) are not checked here.
 */
import type { Kysely } from 'kysely';
import type { DictDef, EntityDef } from '../../../engine/schema/types.js';
import type { DB } from '../db/types.js';
import { baseDefinition, schemaStore, type EffectiveSchema } from './schemaStore.js';
import { storedDicts, withDictEnums } from './formDicts.js';

/** The models of one entity a record may be validated against (see the module comment). */
export interface RecordModels {
  /** The entity with the model in force now (add, import). */
  inForce: EntityDef;
  /** The entity with the model of the revision pinned by a record created at `createdAt` (epoch ms). */
  pinned(createdAt: number): EntityDef;
}

type Model = EntityDef['model'];
const built = new WeakMap<EffectiveSchema, WeakMap<EntityDef, Promise<RecordModels>>>();

/**
 * The record models of entity `def` (the definition its service was built with; storage and columns stay
 * `def`'s, only the model is the revision's). Built once per schema build (the store is rebuilt on every
 * publish): reads the entity's form revisions once, then answers without the database — so `pinned` may be
 * used inside a transaction.
 */
export async function recordModels(db: Kysely<DB>, def: EntityDef): Promise<RecordModels> {
  const s = await schemaStore(db);
  let bySchema = built.get(s);
  if (!bySchema) built.set(s, (bySchema = new WeakMap()));
  const m = bySchema;
  let p = m.get(def);
  if (!p) {
    p = build(db, s, def);
    m.set(def, p);
    p.catch(() => m.delete(def));
  }
  return p;
}

async function build(db: Kysely<DB>, s: EffectiveSchema, def: EntityDef): Promise<RecordModels> {
  // one definition object per distinct model, so ajv compiles each model once (validation.ts caches by object)
  const byModel = new Map<string, EntityDef>([[JSON.stringify(def.model), def]]);
  const withModel = (raw: Model | undefined, dicts: DictDef[] = []): EntityDef => {
    if (!raw) return def;
    const model = withDictEnums(raw, dicts);
    const key = JSON.stringify(model);
    let d = byModel.get(key);
    if (!d) byModel.set(key, (d = { ...def, model }));
    return d;
  };
  const designed = s.designed.find((f) => f.entity.id === def.id);
  const forms = s.registry
    .pages()
    .filter((p) => p.pageKind === 'form' && p.entity === def.id)
    .map((p) => p.id);
  const owned = designed ? (designed.dicts ?? []) : s.formDicts.filter((f) => forms.includes(f.formId)).flatMap((f) => f.dicts);
  const inForce = withModel((designed?.entity ?? s.registry.get('entity', def.id))?.model, owned);
  const rows = forms.length
    ? await db
        .selectFrom('definition_revisions')
        .select(['created_at', 'snapshot'])
        .where('target_kind', '=', 'form')
        .where('target_id', 'in', forms)
        .orderBy('created_at')
        .orderBy('revision')
        .execute()
    : [];
  const revisions = rows.map((r) => {
    const snap = JSON.parse(r.snapshot) as { entity?: { model?: Model }; dicts?: DictDef[] };
    return { at: Number(r.created_at), def: withModel(snap.entity?.model, storedDicts(snap.dicts)) };
  });
  // before any revision: the shipped model (revision 0); a designer-made form has none (its records follow a publish)
  const before = designed ? (revisions[0]?.def ?? inForce) : withModel(baseDefinition('entity', def.id)?.model);
  return {
    inForce,
    pinned(createdAt) {
      let d = before;
      for (const r of revisions) {
        if (r.at > createdAt) break;
        d = r.def;
      }
      return d;
    },
  };
}
