/**
 * Designer-made forms (DESIGN §4; SPEC §7 Template/add, edit, delete): administrators create a NEW
 * form in the browser designer; it lives in area `custom` — entity `custom.<key>`, form page `custom.<key>.form`,
 * API group and table `custom_<key>` — and is stored in the database (`designed_forms`, migration 0027; its
 * draft in `definition_drafts`, its publishes in `definition_revisions`, migration 0024). The schema store
 * (src/server/engine/designed.ts, schemaStore.ts) serves the newest published revision like a shipped definition.
 *
 * Going live: `Template/set` (./revisionCalls.ts) checks the draft (normalised here: ids, group, table,
 * permission codes and scope are the server's; lint + ajv through the registry, -1 naming path and problem),
 * refuses a destructive change against the published entity (-1 designer.destructive listing the fields),
 * then in ONE transaction creates the table (first publish) or adds the new columns (engine/sync.ts
 * `syncEntityTableIn`), writes the immutable revision, drops the draft, marks the form published and — on the
 * first publish — grants its permission codes: staff (普通用户) view + edit (add their own records; the entity's
 * scope is `own` unless the designer chose wider), 部门负责人 and 办公室主任 delete + export. Then the schema
 * and menu caches are rebuilt, and the generic entity API (./designedApi.ts) serves /api/custom_<key>/….
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { LocaleMessages } from '../../../../engine/schema/text.js';
import type { DataScope, DictDef, EntityDef, FormPageDef, ModelProperty } from '../../../../engine/schema/types.js';
import type { Selectable } from 'kysely';
import type { DB } from '../../db/types.js';
import type { DesignedFormTable } from '../../db/designedFormTypes.js';
import { badInput } from '../../lib/errors.js';
import { now } from '../../lib/clock.js';
import { invalidateMenuCache } from '../../services/menu.js';
import { designedArea, designedCode, designedListPage, DESIGNED_AREA } from '../../engine/designed.js';
import { invalidateSchemas, schemaStore, type EffectiveSchema } from '../../engine/schemaStore.js';
import { EntitySchemaError, syncEntityTableIn } from '../../engine/sync.js';
import { liveTable } from '../../engine/introspect.js';
import { deriveTable } from '../../engine/table.js';
import { loadEntities } from '../../engine/definitions.js';
import { deleteDraft, lintChanged, refuseIssues } from './revisionStore.js';
import { pinyinStem } from './service.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** A `designed_forms` row. */
export type DesignedRow = Selectable<DesignedFormTable>;

/** A designer-made form's definition: page, entity, the dictionaries it owns and the designer's en-US texts. */
export interface DesignedDefinition {
  page: FormPageDef;
  entity: EntityDef;
  dicts?: DictDef[];
  texts?: LocaleMessages;
}

/** The `designed_forms` row of form page `formId`, or undefined. */
export async function designedRow(db: Kysely<DB>, formId: string): Promise<DesignedRow | undefined> {
  return db.selectFrom('designed_forms').selectAll().where('form_id', '=', formId).executeTakeFirst();
}

/** Every designed form row, by key. */
export async function designedRows(db: Kysely<DB>): Promise<DesignedRow[]> {
  return db.selectFrom('designed_forms').selectAll().orderBy('form_key').execute();
}

const KEY = /^[a-z][a-z0-9]{0,29}$/;

/** Longest generated form key before a uniqueness suffix (KEY allows 30 letters). */
export const KEY_STEM_LENGTH = 24;
const SCOPES: DataScope[] = ['own', 'department', 'unit', 'all'];
/** Fields every designer-made entity gets: the flow's status and instance (engine/flow/records.ts keeps them). */
const FLOW_FIELDS = (key: string): Record<string, ModelProperty> => ({
  flowStatus: {
    type: 'string',
    readOnly: true,
    default: 'draft',
    'x-title': { t: `${DESIGNED_AREA}.${key}.field.flowStatus`, d: '办理状态' },
    'x-kind': 'dict',
    'x-dict': 'flow_status',
  } as ModelProperty,
  flowId: { type: 'integer', readOnly: true, 'x-title': { t: `${DESIGNED_AREA}.${key}.field.flowId`, d: '流程编号' }, 'x-kind': 'integer' } as ModelProperty,
});

/** Whether group or table `custom_<key>` is taken by a shipped entity or an existing table. */
async function nameTaken(req: FastifyRequest, key: string): Promise<boolean> {
  const name = `${DESIGNED_AREA}_${key}`;
  if (loadEntities().some((e) => e.group.toLowerCase() === name || e.table === name)) return true;
  return !!(await liveTable(req.server.ctx.db, req.server.ctx.dialect, name));
}

/**
 * A free form key: `key` as given (-1 designer.badKey / keyTaken), else the pinyin of `title` (the
 * Form/getpinyin service) in whole syllables, at most KEY_STEM_LENGTH letters, with 2, 3… appended until unused.
 */
export async function freeKey(req: FastifyRequest, title: string, key: unknown): Promise<string> {
  const db = req.server.ctx.db;
  const used = async (k: string) =>
    !!(await db.selectFrom('designed_forms').select('id').where('form_key', '=', k).executeTakeFirst()) || (await nameTaken(req, k));
  if (key !== undefined && key !== null && key !== '') {
    if (typeof key !== 'string' || !KEY.test(key)) throw badInput(req.t('designer.badKey', { key: String(key) }));
    if (await used(key)) throw badInput(req.t('designer.keyTaken', { key }));
    return key;
  }
  const stem = pinyinStem(title, KEY_STEM_LENGTH) || 'form';
  for (let n = 1; ; n++) {
    const k = n === 1 ? stem : `${stem}${n}`;
    if (!(await used(k))) return k;
  }
}

/** The ids of form `key`. */
export const idsOf = (key: string) => ({
  entityId: `${DESIGNED_AREA}.${key}`,
  formId: `${DESIGNED_AREA}.${key}.form`,
  group: `${DESIGNED_AREA}_${key}`,
  table: `${DESIGNED_AREA}_${key}`,
});

/** The title field: the designer's, else `title`, else the first text or textarea field. */
function titleFieldOf(model: EntityDef['model'], given: unknown): string | undefined {
  if (typeof given === 'string' && given in model.properties) return given;
  if ('title' in model.properties) return 'title';
  return Object.entries(model.properties).find(([, p]) =>
    ['text', 'textarea'].includes(String(p['x-kind'] ?? (p.type === 'string' && !p.format ? 'text' : ''))),
  )?.[0];
}

/**
 * The complete definition of designed form `row` from what the designer sends (`raw` = {page?, entity?:
 * {model, titleField?, searchable?, indexes?, references?, scope?}, dicts?, texts?}): ids, kinds, group, table,
 * permission codes and the flow fields are set by the server; everything else is the designer's.
 */
export function normalise(row: { form_key: string; title: string }, raw: unknown): DesignedDefinition {
  const key = row.form_key;
  const ids = idsOf(key);
  const r = isObj(raw) ? raw : {};
  const rp = isObj(r.page) ? r.page : {};
  const re = isObj(r.entity) ? r.entity : {};
  const rm = isObj(re.model) ? re.model : {};
  const properties = { ...(isObj(rm.properties) ? (rm.properties as Record<string, ModelProperty>) : {}) };
  for (const [f, p] of Object.entries(FLOW_FIELDS(key))) if (!(f in properties)) properties[f] = p;
  const model = { ...rm, type: 'object', properties, additionalProperties: false } as EntityDef['model'];
  const codes = {
    view: designedCode(key, 'view'),
    add: designedCode(key, 'edit'),
    edit: designedCode(key, 'edit'),
    delete: designedCode(key, 'delete'),
    export: designedCode(key, 'export'),
    import: designedCode(key, 'edit'),
  };
  const titleField = titleFieldOf(model, re.titleField);
  const entity = {
    $schema: '../../_meta/entity.schema.json',
    schemaVersion: 1,
    id: ids.entityId,
    kind: 'entity',
    title: { t: `${DESIGNED_AREA}.${key}.title`, d: row.title },
    group: ids.group,
    table: ids.table,
    model,
    ...(Array.isArray(re.indexes) ? { indexes: re.indexes } : { indexes: [['flowStatus'], ['flowId']] }),
    ...(isObj(re.references) ? { references: re.references } : {}),
    ...(Array.isArray(re.searchable) ? { searchable: re.searchable } : titleField ? { searchable: [titleField] } : {}),
    scope: SCOPES.includes(re.scope as DataScope) ? re.scope : 'own',
    permissions: codes,
    ...(titleField ? { titleField } : {}),
  } as unknown as EntityDef;
  const page = {
    ...rp,
    $schema: '../../_meta/page.schema.json',
    schemaVersion: 1,
    id: ids.formId,
    kind: 'page',
    pageKind: 'form',
    title: isObj(rp.title) ? rp.title : { t: `${DESIGNED_AREA}.${key}.page.form`, d: row.title },
    entity: ids.entityId,
    layout: Array.isArray(rp.layout) ? rp.layout : [],
  } as unknown as FormPageDef;
  delete (page as Partial<FormPageDef>).route;
  const dicts = (Array.isArray(r.dicts) ? r.dicts.filter(isObj) : []).map(
    (d) => ({ ...d, $schema: '../../_meta/dict.schema.json', schemaVersion: 1, kind: 'dict' }) as unknown as DictDef,
  );
  return { page, entity, ...(dicts.length ? { dicts } : {}), ...(isObj(r.texts) ? { texts: r.texts as LocaleMessages } : {}) };
}

/** The empty form a designer starts from (also "revision 0" of a designed form in diffs). */
export function skeleton(row: { form_key: string; title: string }): DesignedDefinition {
  return normalise(row, {});
}

/**
 * `raw` normalised and checked for designed form `row` (-1 naming the problem): at least one field of its own,
 * owned dictionaries named `custom_<key>_…`, the lint and meta-schema over the registry with this form (its
 * list page, dictionaries and the area `custom` declaring its codes) in place; `flows`: designer-published flow ids
 * it may start (lintChanged).
 */
export function checkDesigned(
  req: FastifyRequest,
  s: EffectiveSchema,
  row: { form_key: string; title: string },
  raw: unknown,
  flows: string[] = [],
): DesignedDefinition {
  const def = normalise(row, raw);
  const own = Object.keys(def.entity.model.properties).filter((f) => f !== 'flowStatus' && f !== 'flowId');
  if (!own.length) throw badInput(req.t('designer.noFields'));
  const prefix = `${idsOf(row.form_key).group}_`;
  (def.dicts ?? []).forEach((d, i) => {
    if (typeof d.id !== 'string' || !d.id.startsWith(prefix)) throw badInput(req.t('error.badParam', { field: `dicts/${i}/id` }));
  });
  const forms = [...s.designed.filter((f) => f.key !== row.form_key).map((f) => ({ key: f.key, title: f.title })), { key: row.form_key, title: row.title }];
  refuseIssues(req, lintChanged(s, [def.page, def.entity, designedListPage(def.entity, def.page.id), ...(def.dicts ?? []), designedArea(forms)], flows));
  return def;
}

/** Destructive changes from the published entity `before` to `after` in the caller's words (removed or retyped columns). */
export function destructiveChanges(req: FastifyRequest, before: EntityDef | undefined, after: EntityDef): string[] {
  if (!before) return [];
  const next = new Map(deriveTable(after).columns.map((c) => [c.name, c]));
  const out: string[] = [];
  const type = (c: { family: string; length: number | null }) => (c.family === 'text' ? (c.length == null ? 'text' : `varchar(${c.length})`) : c.family);
  for (const c of deriveTable(before).columns) {
    const n = next.get(c.name);
    if (!n) out.push(req.t('designer.fieldRemoved', { field: c.name }));
    else if (n.family !== c.family || (c.family === 'text' && n.length != null && (c.length == null || n.length < c.length)))
      out.push(req.t('designer.fieldRetyped', { field: c.name, before: type(c), after: type(n) }));
  }
  return out;
}

/** Role codes and the operations their holders get on the first publish of a designed form. */
const GRANTS: { role: string; ops: ('view' | 'edit' | 'delete' | 'export')[] }[] = [
  { role: 'staff', ops: ['view', 'edit'] },
  { role: 'dept_leader', ops: ['view', 'edit', 'delete', 'export'] },
  { role: 'office_director', ops: ['view', 'edit', 'delete', 'export'] },
];

/**
 * Publishes checked definition `def` of designed form `row` as its next revision (see the module comment);
 * answers the revision number. A destructive change → -1 designer.destructive, nothing written.
 */
export async function publishDesigned(
  req: FastifyRequest,
  row: DesignedRow,
  def: DesignedDefinition,
  opts: { comment: string | null; restoredFrom?: number | null },
): Promise<number> {
  const { db, dialect } = req.server.ctx;
  const s = await schemaStore(db);
  const published = s.designed.find((f) => f.key === row.form_key)?.entity;
  const bad = destructiveChanges(req, published, def.entity);
  if (bad.length) throw badInput(req.t('designer.destructive', { changes: bad.join('；') }));
  const at = now();
  let revision: number;
  try {
    revision = await db.transaction().execute(async (trx) => {
      await syncEntityTableIn(trx, dialect, def.entity);
      const max = await trx
        .selectFrom('definition_revisions')
        .select((eb) => eb.fn.max('revision').as('v'))
        .where('target_kind', '=', 'form')
        .where('target_id', '=', row.form_id)
        .executeTakeFirst();
      const next = Number(max?.v ?? 0) + 1;
      await trx
        .insertInto('definition_revisions')
        .values({
          target_kind: 'form',
          target_id: row.form_id,
          revision: next,
          snapshot: JSON.stringify(def),
          overlay_ids: '[]',
          restored_from: opts.restoredFrom ?? null,
          author_id: req.user.userId,
          comment: opts.comment,
          created_at: at,
        })
        .execute();
      await deleteDraft(trx, 'form', row.form_id);
      const title = typeof def.entity.title?.d === 'string' ? def.entity.title.d : row.title;
      await trx.updateTable('designed_forms').set({ status: 'published', published_at: at, updated_at: at, title }).where('id', '=', row.id).execute();
      if (row.status !== 'published') {
        const roles = await trx
          .selectFrom('roles')
          .select(['id', 'code'])
          .where(
            'code',
            'in',
            GRANTS.map((g) => g.role),
          )
          .execute();
        for (const r of roles) {
          const codes = GRANTS.find((g) => g.role === r.code)!.ops.map((op) => designedCode(row.form_key, op));
          const have = new Set(
            (await trx.selectFrom('role_permissions').select('code').where('role_id', '=', r.id).where('code', 'in', codes).execute()).map((x) => x.code),
          );
          const add = codes.filter((c) => !have.has(c)).map((code) => ({ role_id: r.id, code }));
          if (add.length) await trx.insertInto('role_permissions').values(add).execute();
        }
      }
      return next;
    });
  } catch (e) {
    if (e instanceof EntitySchemaError) throw badInput(req.t('designer.destructive', { changes: e.changes.map((c) => `${c.column} ${c.change}`).join('；') }));
    throw e;
  }
  invalidateSchemas(db);
  invalidateMenuCache(db);
  await schemaStore(db);
  return revision;
}

/** How many flows (their newest published version) are defined on entity `entityId`. */
async function flowsUsing(db: Kysely<DB>, entityId: string): Promise<number> {
  const hits = await db
    .selectFrom('flow_versions')
    .select(['def_id', 'version'])
    .where('definition', 'like', `%"entity":${JSON.stringify(entityId)}%`)
    .execute();
  if (!hits.length) return 0;
  const newest = await db
    .selectFrom('flow_versions')
    .select((eb) => ['def_id', eb.fn.max('version').as('v')])
    .where('def_id', 'in', [...new Set(hits.map((h) => h.def_id))])
    .groupBy('def_id')
    .execute();
  const latest = new Map(newest.map((n) => [n.def_id, Number(n.v)]));
  return new Set(hits.filter((h) => latest.get(h.def_id) === Number(h.version)).map((h) => h.def_id)).size;
}

/**
 * Deletes designed form `row` when nothing uses it: no record in its table, no flow instance of its entity and
 * no flow defined on it (else -1 designer.inUse with the count). Drops the table, revisions, draft, row and permission codes.
 */
export async function deleteDesigned(req: FastifyRequest, row: DesignedRow): Promise<void> {
  const { db, dialect } = req.server.ctx;
  const table = await liveTable(db, dialect, row.table_name);
  const records = table ? Number((await sql<{ n: number }>`select count(*) as n from ${sql.id(row.table_name)}`.execute(db)).rows[0]?.n ?? 0) : 0;
  const instances = Number(
    (
      await db
        .selectFrom('flow_instances')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('entity', '=', row.entity_id)
        .executeTakeFirst()
    )?.n ?? 0,
  );
  const used = records + instances + (await flowsUsing(db, row.entity_id));
  if (used > 0) throw badInput(req.t('designer.inUse', { count: used, id: row.form_id }));
  await db.transaction().execute(async (trx) => {
    if (table) await trx.schema.dropTable(row.table_name).execute();
    await trx.deleteFrom('definition_revisions').where('target_kind', '=', 'form').where('target_id', '=', row.form_id).execute();
    await deleteDraft(trx, 'form', row.form_id);
    await trx.deleteFrom('role_permissions').where('code', 'like', `${DESIGNED_AREA}:${row.form_key}:%`).execute();
    await trx.deleteFrom('designed_forms').where('id', '=', row.id).execute();
  });
  invalidateSchemas(db);
  invalidateMenuCache(db);
  await schemaStore(db);
}
