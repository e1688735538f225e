/**
 * Template calls for designer-made forms (SPEC §7 Template/add, edit, delete; service ./designedForms.ts).
 * Administrators only (admin account or role sysadmin; others -1 error.forbidden). Bodies JSON or form-encoded
 * (JSON values as text). Publishing, revisions, diff and restore are the revision calls (./revisionCalls.ts),
 * which serve designed forms too.
 *
 * - Template/add {title, key?, scope?} → {id (form page `custom.<key>.form`), key, entity (`custom.<key>`),
 *   group (`custom_<key>`: /api/custom_<key>/list…), definition (the empty draft {page, entity})}; key from the
 *   title's pinyin (Form/getpinyin), unique (…2, …3); a given key that is taken or malformed → -1
 * - Template/edit {id, definition: {page, entity: {model, titleField?…}, texts?}, title?} → {id, updatedAt,
 *   definition (normalised)}: saves the draft after the lint and meta-schema check (-1 "定义有误（path）：problem");
 *   on a shipped form it saves the draft as Template/formedit does
 * - Template/delete {id} → {id, deleted: true}: a designed form that no record and no flow instance uses
 *   (else -1 designer.inUse); shipped forms → -1 designer.notDesigned
 * - Template/list (./index.ts) adds `designed: true, status: 'draft' | 'published'` to designer-made forms and
 *   lists drafts never published as well
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call } from '../../lib/route.js';
import { badInput } from '../../lib/errors.js';
import { now } from '../../lib/clock.js';
import { anyValue, body, str } from '../../lib/bodies.js';
import { baseDefinition } from '../../engine/schemaStore.js';
import { schemasOf } from './index.js';
import { jsonParam, mustAdmin, saveDraft } from './revisionStore.js';
import { checkDesigned, deleteDesigned, designedRow, designedRows, freeKey, idsOf, skeleton, type DesignedRow } from './designedForms.js';
import { flowIds } from '../../engine/flow/versions.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** The designed form of the body's `id` (-1 naming `id` when malformed, template.notFound when unknown). */
async function designedOf(req: FastifyRequest): Promise<DesignedRow> {
  const id = (req.body as Record<string, any>).id;
  if (typeof id !== 'string' || !id || id.length > 200) throw badInput(req.t('error.badParam', { field: 'id' }));
  const row = await designedRow(req.server.ctx.db, id);
  if (!row) throw badInput(baseDefinition('page', id) ? req.t('designer.notDesigned', { id }) : req.t('template.notFound', { id }));
  return row;
}

/** A title of 1–100 characters (-1 designer.badTitle). */
function titleOf(req: FastifyRequest, v: unknown): string {
  const t = typeof v === 'string' ? v.trim() : '';
  if (!t || t.length > 100) throw badInput(req.t('designer.badTitle'));
  return t;
}

/** Entries of Template/list for designer-made forms: marks published ones, adds drafts never published. */
export async function withDesigned<T extends { id: string }>(req: FastifyRequest, list: T[]): Promise<(T | Obj)[]> {
  const rows = await designedRows(req.server.ctx.db);
  if (!rows.length) return list;
  const byId = new Map(rows.map((r) => [r.form_id, r]));
  const out: (T | Obj)[] = list.map((e) => {
    const r = byId.get(e.id);
    return r ? { ...e, designed: true, status: r.status } : e;
  });
  for (const r of rows) if (r.status !== 'published') out.push({ id: r.form_id, title: r.title, entity: r.entity_id, designed: true, status: r.status });
  return out;
}

/** Registers the calls of the module comment. */
export function registerDesignedCalls(app: FastifyInstance): void {
  const db = app.ctx.db;

  call<Record<string, any>>(
    app,
    'Template/add',
    { guard: mustAdmin, body: body({ title: anyValue('field.title'), key: anyValue('field.formKey'), scope: anyValue('field.scope') }) },
    async (req) => {
      const b = req.body as Record<string, any>;
      const title = titleOf(req, b.title);
      const key = await freeKey(req, title, b.key);
      const ids = idsOf(key);
      const at = now();
      const row = { form_key: key, title };
      const definition = skeleton(row);
      if (typeof b.scope === 'string' && ['own', 'department', 'unit', 'all'].includes(b.scope)) definition.entity.scope = b.scope as never;
      await db
        .insertInto('designed_forms')
        .values({
          form_key: key,
          form_id: ids.formId,
          entity_id: ids.entityId,
          grp: ids.group,
          table_name: ids.table,
          title,
          status: 'draft',
          created_by: req.user.userId,
          created_at: at,
          updated_at: at,
          published_at: null,
        })
        .execute();
      await saveDraft(db, 'form', ids.formId, definition, req.user.userId);
      return { id: ids.formId, key, entity: ids.entityId, group: ids.group, definition };
    },
  );

  call<Record<string, any>>(
    app,
    'Template/edit',
    {
      guard: mustAdmin,
      body: body({ id: str('field.formId', 200), definition: anyValue('field.definition'), title: anyValue('field.title') }, ['id', 'definition']),
    },
    async (req) => {
      const b = req.body as Record<string, any>;
      const raw = jsonParam(req, b.definition, 'definition');
      if (!isObj(raw)) throw badInput(req.t('error.badParam', { field: 'definition' }));
      const id = typeof b.id === 'string' ? b.id : '';
      let row = await designedRow(db, id);
      if (!row) {
        // a shipped form: the draft of its revisions (as Template/formedit)
        const page = baseDefinition('page', id);
        if (!page || page.pageKind !== 'form' || !isObj(raw.page)) throw badInput(req.t('template.notFound', { id }));
        return { id, updatedAt: await saveDraft(db, 'form', id, raw, req.user.userId) };
      }
      if (b.title !== undefined) {
        const title = titleOf(req, b.title);
        await db.updateTable('designed_forms').set({ title, updated_at: now() }).where('id', '=', row.id).execute();
        row = { ...row, title };
      }
      const definition = checkDesigned(req, await schemasOf(req), row, raw, await flowIds(req.server.ctx.db));
      return { id, updatedAt: await saveDraft(db, 'form', id, definition, req.user.userId), definition };
    },
  );

  call<Record<string, any>>(app, 'Template/delete', { guard: mustAdmin, body: body({ id: str('field.formId', 200) }, ['id']) }, async (req) => {
    const row = await designedOf(req);
    await deleteDesigned(req, row);
    return { id: row.form_id, deleted: true };
  });
}
