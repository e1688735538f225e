/**
 * API group `apps` (SPEC §2.3 /apps/index, §7 Login/ssoindex; system administrator only, DESIGN §7):
 * the apps that sign users in by SSO (services/sso.ts), entity `apps.app` (storage custom) over the
 * `apps` table with the generic resource contract (services/orgCrud.ts, engine/data/api.ts):
 *
 * - list {current?, pageSize?, keyword?, filters?, sort?} → {list, total, refs}
 * - info {id} → {id, version, appid, name, status '1'|'0', remark, _actions, _refs} (the secret is never answered)
 * - add {appid, name, secret (16–128 chars, required), status?, remark?} → the record; appid unique
 *   (/^[A-Za-z0-9_-]{3,64}$/), secret stored as its SHA-256 hex in `secret_hash`
 * - edit {id, version, …fields, secret?} → the record; an empty or absent secret keeps the old one; stale version → -1
 * - del {id | ids} → {deleted}
 * - enable / disable {id} → the record with status '1' / '0' (entity actions of schemas/apps)
 *
 * Every write: one transaction and one audit row (apps.app.add|edit|del). Bad input → -1 naming the field.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call } from '../../../server/lib/route.js';
import { sha256, now } from '../../../server/lib/clock.js';
import { badInput } from '../../../server/lib/errors.js';
import { idOf, intOf, OrgService, orgEntity, strOf, tr, type OrgCaller, type OrgRecord, type OrgResource } from '../../../server/services/orgCrud.js';
import { fieldTitle } from '../../../server/engine/validation.js';
import { DEL_BODY, ID_BODY, LIST_BODY, recordBody } from '../../../server/lib/bodies.js';

/** Who may call: only the system administrator (the `roles` option of every call). */
const ADMIN = { roles: ['sysadmin'] };

/** The `apps` table as an organisation-style resource; the secret is write-only. */
export const appResource: OrgResource = {
  entity: 'apps.app',
  // OrgService reads and writes any table by name; its type lists the organisation tables only.
  table: 'apps' as OrgResource['table'],
  columns: { appid: 'appid', name: 'name', status: 'status', remark: 'remark' },
  async toRecords(_db, rows) {
    return rows.map(
      (r) => ({ id: Number(r.id), version: Number(r.version), appid: r.appid, name: r.name, status: strOf(r.status), remark: r.remark ?? '' }) as OrgRecord,
    );
  },
  toRow(rec) {
    const row: Record<string, unknown> = { appid: rec.appid, name: rec.name, status: intOf(rec.status, 1), remark: rec.remark || null, updated_at: now() };
    if (typeof rec.secret === 'string' && rec.secret) row.secret_hash = sha256(rec.secret);
    return row;
  },
  async beforeWrite(_trx, c, id, rec) {
    if (id === null && !rec.secret) throw badInput(tr(c, 'validate.required', { field: fieldTitle(orgEntity('apps.app'), 'secret', c.locale) }));
    if (rec.status !== '0' && rec.status !== '1') throw badInput(tr(c, 'error.badParam', { field: fieldTitle(orgEntity('apps.app'), 'status', c.locale) }));
  },
  async newRow() {
    return { created_at: now() };
  },
  invalidate() {},
};

const caller = (req: FastifyRequest): OrgCaller => ({ userId: req.user.userId, username: req.user.username, ip: req.ip, locale: req.locale, admin: true });

/** The body without an empty `secret` (an edit that leaves it empty keeps the stored one). */
function withoutEmptySecret(req: FastifyRequest): Record<string, any> {
  const b = { ...(req.body as Record<string, unknown>) };
  if (b.secret === '' || b.secret === null) delete b.secret;
  return b;
}

/** Registers the apps calls. */
export function register(app: FastifyInstance): void {
  const svc = new OrgService(appResource, app.ctx.db, app.ctx.dialect);
  call<Record<string, unknown>>(app, 'apps/list', { ...ADMIN, body: LIST_BODY }, async (req) => svc.list(caller(req), req.body));
  call<{ id: number }>(app, 'apps/info', { ...ADMIN, body: ID_BODY }, async (req) => svc.info(caller(req), req.body));
  call(app, 'apps/add', { ...ADMIN, body: recordBody() }, async (req) => svc.add(caller(req), withoutEmptySecret(req)));
  call(app, 'apps/edit', { ...ADMIN, body: recordBody() }, async (req) => svc.edit(caller(req), withoutEmptySecret(req)));
  call<{ id?: number; ids?: number[] | string }>(app, 'apps/del', { ...ADMIN, body: DEL_BODY }, async (req) => svc.del(caller(req), req.body));
  for (const [action, status] of [
    ['enable', '1'],
    ['disable', '0'],
  ] as const) {
    call<{ id: number }>(app, `apps/${action}`, { ...ADMIN, body: ID_BODY }, async (req) => {
      const c = caller(req);
      const id = idOf(c, req.body.id);
      const row = await req.server.ctx.db.selectFrom('apps').select('version').where('id', '=', id).executeTakeFirst();
      if (!row) throw badInput(tr(c, 'entity.notFound'));
      return svc.edit(c, { id, version: row.version, status });
    });
  }
}
