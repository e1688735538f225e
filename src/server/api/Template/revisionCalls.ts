/**
 * Form revision calls of the `Template` group (SPEC §7 names where they fit "Revisions", DESIGN §4
 * Overlays). Administrators only (admin account or role sysadmin; others -1 error.forbidden). A form is
 * `{page, entity: {model}, dicts?, texts?: {'en-US': {key: text}}}` — `dicts` the dictionaries it owns (options
 * typed in the designer; a malformed one → -1 naming e.g. `dicts/0/items`, nothing written; ./formDicts.ts);
 * revision 0 is the shipped base. Bodies JSON or form-encoded (JSON values as text). Service: ./formRevisions.ts.
 *
 * - Template/revisions {id} → {id, current, draft: {updatedAt, authorId} | null, list: [{revision, base,
 *   author, authorId, comment, createdAt, restoredFrom}] newest first (the base last), conflicts: overlay
 *   problems of the page and its entity (src/server/engine/schemaStore.ts)}
 * - Template/revision {id, revision} → {id, revision, definition}
 * - Template/diff {id, from?, to?} → {from, to, changes: [{kind, target, id, label, property?, before?, after?,
 *   text}]}; `from` / `to` a revision number, 'draft' or 'current' (default to = current, from = the revision
 *   before the newest, 0 when none); engine/schema/diff.ts
 * - Template/formedit {id, definition} → {id, updatedAt}: saves the draft (never applied)
 * - Template/draft {id} → {id, definition, updatedAt, authorId} or null
 * - Template/formdelete {id} → {deleted}: discards the draft
 * - Template/set {id, definition?, comment?} → {id, revision}: publishes `definition` (default the draft);
 *   Form/saveJson {id, json, comment?} is the same call, the definition (a JSON text or object) in `json`
 *   after the lint (references, CEL type-checks; -1 naming the path and problem)
 * - Template/restore {id, revision, comment?} → {id, revision, restoredFrom}: publishes an old revision anew
 * - Template/export {id, revision?} → a JSON file {$schema: 'oa:export/form', schemaVersion, kind, id, revision,
 *   exportedAt, definition}
 * - Template/import, Template/importform {file, id?, draft?, comment?} → {id, revision} (published) or
 *   {id, draft: true, updatedAt}; a newer schemaVersion than the engine's → -1 revisions.newerFormat
 * - Template/recordform {id, recordId}: the revision a record was created with (./recordForm.ts; session only)
 *
 * Designer-made forms (./designedForms.ts) go through the same calls: they have no shipped base (revision 0 is
 * their empty skeleton, not listed), `set` / `restore` / `import` check them with `checkDesigned` and publish with
 * `publishDesigned` (table created or extended in the publishing transaction; destructive changes refused).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { diffForm } from '../../../../engine/schema/diff.js';
import type { EntityModel, FormPageDef } from '../../../../engine/schema/types.js';
import { call } from '../../lib/route.js';
import { badInput } from '../../lib/errors.js';
import { anyValue, body, optStr, str } from '../../lib/bodies.js';

/** A form id (area.name), checked by formOf. */
const FORM_ID = str('field.formId', 200);
const COMMENT = optStr('field.comment', 1000);
import { schemasOf } from './index.js';
import { asSnapshot, baseForm, checkedForm, currentForm, formRevision, formRevisions, latestRevision, publishForm } from './formRevisions.js';
import { registerRecordForm } from './recordForm.js';
import { deleteDraft, exportFile, mustAdmin, jsonParam, presentChanges, readDraft, readImportFile, saveDraft } from './revisionStore.js';
import type { EffectiveSchema } from '../../engine/schemaStore.js';
import { checkDesigned, designedRow, normalise, publishDesigned, skeleton, type DesignedRow } from './designedForms.js';
import { flowIds } from '../../engine/flow/versions.js';
import { dictsOf } from './formDicts.js';

const ID = /^[a-zA-Z][a-zA-Z0-9_-]*(\.[a-zA-Z][a-zA-Z0-9_-]*)+$/;

/** A form of the calls: a shipped one, or a designer-made one with its row. */
interface FormRef {
  id: string;
  designed?: DesignedRow;
}

/** The form of the body's `id` (-1 naming `id`): a designer-made form, else it must be a shipped one. */
async function formOf(req: FastifyRequest, raw: unknown = (req.body as Record<string, any>).id): Promise<FormRef> {
  const id = raw;
  if (typeof id !== 'string' || id.length > 200 || !ID.test(id)) throw badInput(req.t('error.badParam', { field: 'id' }));
  const designed = await designedRow(req.server.ctx.db, id);
  if (designed) return { id, designed };
  baseForm(req, id);
  return { id };
}

/** Revision `n` of form `f` (0: the shipped base, or the empty skeleton of a designer-made form). */
async function revisionOf(req: FastifyRequest, f: FormRef, n: number) {
  if (f.designed && n === 0) return { revision: 0, snapshot: skeleton(f.designed) };
  return formRevision(req, f.id, n);
}

/** The form `f` as served now (a designer-made form never published: its skeleton). */
function currentOf(req: FastifyRequest, s: EffectiveSchema, f: FormRef) {
  if (!f.designed) return currentForm(req, s, f.id);
  const d = s.designed.find((x) => x.formId === f.id);
  return d ? { page: d.page, entity: d.entity, ...(d.dicts ? { dicts: d.dicts } : {}), ...(d.texts ? { texts: d.texts } : {}) } : skeleton(f.designed);
}

/** `raw` checked as the next version of form `f` (-1 naming the problem). */
async function checkOf(req: FastifyRequest, s: EffectiveSchema, f: FormRef, raw: unknown) {
  // a form may start a flow published in the flow designer (flow_versions) as well as a shipped one
  const flows = await flowIds(req.server.ctx.db);
  dictsOf(req, raw); // the shape of the owned dictionaries, for both kinds (-1 naming e.g. dicts/0/items)
  return f.designed ? checkDesigned(req, s, f.designed, raw, flows) : checkedForm(req, s, f.id, raw, flows);
}

/** Publishes a checked version of form `f`; answers the revision number. */
function publishOf(req: FastifyRequest, f: FormRef, form: Awaited<ReturnType<typeof checkOf>>, opts: { comment: string | null; restoredFrom?: number | null }) {
  return f.designed ? publishDesigned(req, f.designed, form, opts) : publishForm(req, f.id, form, opts);
}

/** A revision number ≥ 0 (-1 naming `field`). */
export function revisionNo(req: FastifyRequest, v: unknown, field: string): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > 1e9) throw badInput(req.t('error.badParam', { field }));
  return n;
}

const comment = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 500) : null);

/** Sends `body` as a JSON file download named `name`. */
export function sendJsonFile(reply: FastifyReply, name: string, body: unknown): FastifyReply {
  return reply
    .header('content-disposition', `attachment; filename="${name}"`)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body, null, 2));
}

/** Registers the calls of the module comment. */
export function registerRevisions(app: FastifyInstance): void {
  const db = app.ctx.db;

  /** A form version of a diff side: a number, 'draft' or 'current'. */
  const side = async (req: FastifyRequest, f: FormRef, v: unknown, field: string) => {
    const id = f.id;
    if (v === 'draft') {
      const d = await readDraft(db, 'form', id);
      if (!d) throw badInput(req.t('revisions.noDraft', { id }));
      if (f.designed) return { label: 'draft' as const, snap: normalise(f.designed, d.definition) };
      const raw = d.definition as { page: FormPageDef; entity?: { model?: EntityModel }; dicts?: unknown };
      const cur = currentForm(req, await schemasOf(req), id);
      return {
        label: 'draft' as const,
        snap: { page: raw.page, entity: raw.entity?.model ? { id: cur.entity.id, model: raw.entity.model } : cur.entity, dicts: raw.dicts },
      };
    }
    if (v === 'current') return { label: 'current' as const, snap: currentOf(req, await schemasOf(req), f) };
    const n = revisionNo(req, v, field);
    return { label: n, snap: (await revisionOf(req, f, n)).snapshot };
  };

  call<Record<string, any>>(app, 'Template/revisions', { guard: mustAdmin, body: body({ id: FORM_ID }, ['id']) }, async (req) => {
    const f = await formOf(req);
    const id = f.id;
    const s = await schemasOf(req);
    const page = currentOf(req, s, f);
    const draft = await readDraft(db, 'form', id);
    const list = await formRevisions(db, id);
    return {
      id,
      current: await latestRevision(db, id),
      draft: draft ? { updatedAt: draft.updatedAt, authorId: draft.authorId } : null,
      list: f.designed ? list.filter((r) => !r.base) : list,
      conflicts: s.conflicts.filter((c) => (c.targetKind === 'page' && c.targetId === id) || (c.targetKind === 'entity' && c.targetId === page.entity.id)),
      ...(f.designed ? { designed: true, status: f.designed.status } : {}),
    };
  });

  call<Record<string, any>>(
    app,
    'Template/revision',
    { guard: mustAdmin, body: body({ id: FORM_ID, revision: anyValue('field.revision') }, ['id', 'revision']) },
    async (req) => {
      const f = await formOf(req);
      const r = await revisionOf(req, f, revisionNo(req, (req.body as Record<string, any>).revision, 'revision'));
      return { id: f.id, revision: r.revision, definition: r.snapshot };
    },
  );

  call<Record<string, any>>(
    app,
    'Template/diff',
    { guard: mustAdmin, body: body({ id: FORM_ID, from: anyValue('field.from'), to: anyValue('field.to') }, ['id']) },
    async (req) => {
      const f = await formOf(req);
      const b = req.body as Record<string, any>;
      const latest = await latestRevision(db, f.id);
      const to = await side(req, f, b.to ?? 'current', 'to');
      const from = await side(req, f, b.from ?? (typeof to.label === 'number' ? Math.max(to.label - 1, 0) : Math.max(latest - 1, 0)), 'from');
      const { registry } = await schemasOf(req);
      return { from: from.label, to: to.label, changes: presentChanges(req, diffForm(asSnapshot(from.snap, registry), asSnapshot(to.snap, registry))) };
    },
  );

  call<Record<string, any>>(
    app,
    'Template/formedit',
    { guard: mustAdmin, body: body({ id: FORM_ID, definition: anyValue('field.definition') }, ['id', 'definition']) },
    async (req) => {
      const { id } = await formOf(req);
      const def = jsonParam(req, (req.body as Record<string, any>).definition, 'definition');
      if (!def || typeof def !== 'object' || Array.isArray(def) || !(def as { page?: unknown }).page)
        throw badInput(req.t('error.badParam', { field: 'definition' }));
      dictsOf(req, def);
      return { id, updatedAt: await saveDraft(db, 'form', id, def, req.user.userId) };
    },
  );

  call<Record<string, any>>(app, 'Template/draft', { guard: mustAdmin, body: body({ id: FORM_ID }, ['id']) }, async (req) => {
    const { id } = await formOf(req);
    const d = await readDraft(db, 'form', id);
    return d ? { id, ...d } : null;
  });

  call<Record<string, any>>(app, 'Template/formdelete', { guard: mustAdmin, body: body({ id: FORM_ID }, ['id']) }, async (req) => {
    return { deleted: await deleteDraft(db, 'form', (await formOf(req)).id) };
  });

  /** Template/set {id, definition?, comment?}; Form/saveJson {id, json, comment?} is the same call (`json` the definition). */
  const setForm = async (req: FastifyRequest) => {
    const f = await formOf(req);
    const id = f.id;
    const b = req.body as Record<string, any>;
    const param = b.definition !== undefined ? 'definition' : b.json !== undefined ? 'json' : undefined;
    let raw = param === undefined ? undefined : jsonParam(req, b[param], param);
    if (raw === undefined) {
      const d = await readDraft(db, 'form', id);
      if (!d) throw badInput(req.t('revisions.noDraft', { id }));
      raw = d.definition;
    }
    const form = await checkOf(req, await schemasOf(req), f, raw);
    return { id, revision: await publishOf(req, f, form, { comment: comment(b.comment) }) };
  };
  const setBody = body({ id: FORM_ID, definition: anyValue('field.definition'), json: anyValue('field.json'), comment: COMMENT }, ['id']);
  call(app, 'Template/set', { guard: mustAdmin, body: setBody }, setForm);
  call(app, 'Form/saveJson', { guard: mustAdmin, body: setBody }, setForm);

  call<Record<string, any>>(
    app,
    'Template/restore',
    { guard: mustAdmin, body: body({ id: FORM_ID, revision: anyValue('field.revision'), comment: COMMENT }, ['id', 'revision']) },
    async (req) => {
      const f = await formOf(req);
      const id = f.id;
      const b = req.body as Record<string, any>;
      const old = await revisionOf(req, f, revisionNo(req, b.revision, 'revision'));
      const form = await checkOf(req, await schemasOf(req), f, old.snapshot);
      const revision = await publishOf(req, f, form, {
        comment: comment(b.comment) ?? req.t('revisions.restored', { revision: old.revision }),
        restoredFrom: old.revision,
      });
      return { id, revision, restoredFrom: old.revision };
    },
  );

  call<Record<string, any>>(
    app,
    'Template/export',
    { guard: mustAdmin, body: body({ id: FORM_ID, revision: anyValue('field.revision') }, ['id']) },
    async (req, reply) => {
      const f = await formOf(req);
      const id = f.id;
      const b = req.body as Record<string, any>;
      if (b.revision === undefined || b.revision === '') {
        const cur = currentOf(req, await schemasOf(req), f);
        return sendJsonFile(reply, `${id}.form.json`, exportFile('form', id, await latestRevision(db, id), cur));
      }
      const r = await revisionOf(req, f, revisionNo(req, b.revision, 'revision'));
      return sendJsonFile(reply, `${id}.r${r.revision}.form.json`, exportFile('form', id, r.revision, r.snapshot));
    },
  );

  const importForm = async (req: FastifyRequest) => {
    const b = req.body as Record<string, any>;
    const file = readImportFile(req, 'form', b.file ?? b.json);
    if (b.id !== undefined && b.id !== file.id) throw badInput(req.t('revisions.idMismatch', { found: file.id, id: String(b.id) }));
    const f = await formOf(req, file.id);
    const id = f.id;
    const form = await checkOf(req, await schemasOf(req), f, file.definition);
    if (b.draft === true || b.draft === 1 || b.draft === '1' || b.draft === 'true')
      return { id, draft: true, updatedAt: await saveDraft(db, 'form', id, file.definition, req.user.userId) };
    return { id, revision: await publishOf(req, f, form, { comment: comment(b.comment) }) };
  };
  const importBody = body({ id: FORM_ID, file: anyValue('field.file'), json: anyValue('field.json'), draft: anyValue('field.draft'), comment: COMMENT });
  call(app, 'Template/import', { guard: mustAdmin, body: importBody }, importForm);
  call(app, 'Template/importform', { guard: mustAdmin, body: importBody }, importForm);

  registerRecordForm(app);
}
