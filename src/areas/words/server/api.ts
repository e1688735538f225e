/**
 * API group `Words` (常用语, SPEC §7 "System, codes and words"): per-user phrases of opinion boxes plus
 * public ones (isPublic) set by administrators. The generic entity API serves list/info/add/edit/del of
 * `words.word` (scope own); this module adds:
 *
 * - save {id?, version?, content, sort?, isPublic?} → the record: add without id, else edit (version
 *   defaults to the stored one: the opinion box does not keep it)
 * - getUserWord {} → [{id, content, sort, isPublic, mine}]: the caller's own and the public phrases, by
 *   sort then id, at most 100
 * and refuses (-1 naming 公共常用语) isPublic: true from anyone but an administrator (is_admin or the
 * sysadmin role) on Words/add, Words/edit and Words/save.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { call } from '../../../server/lib/route.js';
import { bodyOf, recordBody } from '../../../server/lib/bodies.js';
import { badInput } from '../../../server/lib/errors.js';
import { roleCodesOf } from '../../../server/services/roles.js';
import { loadEntities } from '../../../server/engine/definitions.js';
import { EntityService } from '../../../server/engine/service.js';
import { callerOf } from '../../../server/engine/api.js';
import { fieldTitle } from '../../../server/engine/validation.js';

/** Most phrases getUserWord answers. */
export const USER_WORDS_MAX = 100;

/** -1 naming 公共常用语 when a non-administrator asks for isPublic true. */
async function guardPublic(req: FastifyRequest): Promise<void> {
  const v = bodyOf(req).isPublic;
  if (!(v === true || v === 1 || v === '1' || v === 'true')) return;
  if (req.user.isAdmin || (await roleCodesOf(req.server.ctx.db, req.user.userId)).includes('sysadmin')) return;
  const def = loadEntities().find((e) => e.id === 'words.word')!;
  throw badInput(req.t('error.badParam', { field: fieldTitle(def, 'isPublic', req.locale) }));
}

/** Registers Words/save and Words/getUserWord and the isPublic guard of the generic calls. */
export function register(app: FastifyInstance): void {
  const def = loadEntities().find((e) => e.id === 'words.word');
  if (!def) throw new Error('entity words.word is not defined in schemas/');
  const svc = new EntityService(def, app.ctx.db, app.ctx.dialect);
  // The generic Words/add and Words/edit are registered later (engine/api.ts): the guard is put on those two
  // routes as they are registered, not on every request.
  const guard = async (req: FastifyRequest) => guardPublic(req);
  app.addHook('onRoute', (route) => {
    if (route.url !== '/api/Words/add' && route.url !== '/api/Words/edit') return;
    route.preHandler = [...([] as any[]).concat(route.preHandler ?? []), guard];
  });

  // The phrase's fields are the model's (refused naming them when unknown, engine/validation.ts).
  call<Record<string, unknown>>(app, 'Words/save', { body: recordBody() }, async (req) => {
    await guardPublic(req);
    const b = req.body;
    const c = callerOf(req);
    if (b.id === undefined || b.id === null || b.id === '') {
      const { id: _id, version: _v, ...rest } = b;
      return svc.add(c, rest);
    }
    if (b.version === undefined || b.version === null || b.version === '') {
      const rec = await svc.info(c, { id: b.id });
      return svc.edit(c, { ...b, version: rec.version });
    }
    return svc.edit(c, b);
  });

  call(app, 'Words/getUserWord', {}, async (req) => {
    const rows = await sql<{ id: number; content: string; sort: number; isPublic: number; created_by: number }>`
      select id, content, sort, ${sql.ref('isPublic')} as ${sql.ref('isPublic')}, created_by from ${sql.table(def.table!)}
      where created_by = ${req.user.userId} or ${sql.ref('isPublic')} = 1
      order by sort asc, id asc limit ${USER_WORDS_MAX}`.execute(req.server.ctx.db);
    return rows.rows.map((r) => ({
      id: Number(r.id),
      content: r.content,
      sort: Number(r.sort),
      isPublic: Number(r.isPublic) === 1,
      mine: Number(r.created_by) === req.user.userId,
    }));
  });
}
