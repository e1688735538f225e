/**
 * The form revision a record was created with (DESIGN §4: "a record pins the form revision it was created
 * with"). Revisions are immutable and carry their publish time, so the revision in force when the
 * record was created (`created_at`, a system column of every derived table) is the newest revision published
 * at or before it — revision 0 (the shipped base) when none was. Forms of tables derived by the engine only.
 *
 * - Template/recordform {id (form page id), recordId} → {id, recordId, revision, page, entity: {id, model},
 *   schema (JSON Schema for rjsf in the caller's locale, as Template/forminfo)}; a record the caller may not
 *   read (the entity's own info check: permission, data scope, 密级) → -1 entity.notFound
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { EntityDef } from '../../../../engine/schema/types.js';
import type { DB } from '../../db/types.js';
import { call } from '../../lib/route.js';
import { badInput } from '../../lib/errors.js';
import { EntityService } from '../../engine/service.js';
import { callerOf } from '../../engine/api.js';
import { body, id, str } from '../../lib/bodies.js';
import { positiveInt } from '../flow/parse.js';
import { compileModel } from './service.js';
import { schemasOf } from './index.js';
import { baseForm, formRevision, shippedTexts } from './formRevisions.js';

/** The newest revision of form `id` published at or before `at` (ms); 0 when none. */
export async function revisionAt(db: Kysely<DB>, id: string, at: number): Promise<number> {
  const r = await db
    .selectFrom('definition_revisions')
    .select((eb) => eb.fn.max('revision').as('v'))
    .where('target_kind', '=', 'form')
    .where('target_id', '=', id)
    .where('created_at', '<=', at)
    .executeTakeFirst();
  return Number(r?.v ?? 0);
}

// by definition object: a designer-made entity gains columns when republished (a new definition object)
const services = new WeakMap<object, WeakMap<EntityDef, EntityService>>();
/** The entity service of `def` on the request's database (one per definition object). */
export function serviceOf(req: FastifyRequest, def: EntityDef): EntityService {
  const { db, dialect } = req.server.ctx;
  let m = services.get(db);
  if (!m) services.set(db, (m = new WeakMap()));
  let svc = m.get(def);
  if (!svc) m.set(def, (svc = new EntityService(def, db, dialect)));
  return svc;
}

/** Registers Template/recordform (see the module comment). */
export function registerRecordForm(app: FastifyInstance): void {
  call<{ id: string; recordId: number }>(
    app,
    'Template/recordform',
    { body: body({ id: str('field.formId', 200), recordId: id('field.recordId') }, ['id', 'recordId']) },
    async (req) => {
      const b = req.body;
      const id = typeof b.id === 'string' ? b.id : '';
      const s = await schemasOf(req);
      // a designer-made form (./designedForms.ts): its published entity; it has no revision 0 (records come after a publish)
      const designed = s.designed.find((f) => f.formId === id);
      const base = designed ? { entity: designed.entity } : baseForm(req, id);
      if ((base.entity.storage ?? 'table') !== 'table') throw badInput(req.t('template.notFound', { id }));
      const recordId = positiveInt(req, b.recordId, 'recordId');
      const record = await serviceOf(req, base.entity).info(callerOf(req), { id: recordId });
      const at = await revisionAt(req.server.ctx.db, id, Number(record.created_at));
      const revision = designed && at === 0 ? 1 : at;
      const { snapshot } = await formRevision(req, id, revision);
      const texts = (snapshot as { texts?: Record<string, Record<string, string>> }).texts;
      // the revision's own texts: zh-CN from its defaults, en-US from the locale files and the revision's texts
      const own = { ...s, texts: { 'zh-CN': {}, 'en-US': { ...(shippedTexts()['en-US'] ?? {}), ...(texts?.['en-US'] ?? {}) } } };
      return {
        id,
        recordId,
        revision,
        page: snapshot.page,
        entity: { id: snapshot.entity.id, model: snapshot.entity.model },
        schema: compileModel(own, req.locale, snapshot.entity),
      };
    },
  );
}
