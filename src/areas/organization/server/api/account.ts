/**
 * API group `account` (SPEC §2.3 /organization/account, §7 account/edit, gettypes, list, del, info):
 * review of the accounts people registered themselves (/api/api/register), entity `organization.account`
 * over `accounts` with the generic resource contract (services/orgCrud.ts, rules in services/orgAccounts.ts):
 *
 * - list {current?, pageSize?, keyword?, filters?, sort?} → {list, total, refs}
 * - info {id} → the record; edit {id, version, status, dept?, remark?, realname?} → the record (an approval
 *   creates the user in the same transaction); del {id | ids} → {deleted} (approved accounts are kept)
 * - gettypes → [{value, label}] the review states (dictionary account_status) in the caller's locale
 *
 * Administrators of the organisation only (../Users/access.ts orgCaller + the service's admin check).
 */
import type { FastifyInstance } from 'fastify';
import { call } from '../../../../server/lib/route.js';
import { OrgService } from '../../../../server/services/orgCrud.js';
import { accountResource } from '../services/orgAccounts.js';
import { DEL_BODY, ID_BODY, LIST_BODY, recordBody } from '../../../../server/lib/bodies.js';
import { orgCaller } from './users/access.js';
import { schemaStore } from '../../../../server/engine/schemaStore.js';
import { codeItems } from '../../../../server/services/dicts.js';

/** Registers the account calls. */
export function register(app: FastifyInstance): void {
  const svc = new OrgService(accountResource, app.ctx.db, app.ctx.dialect);
  const guard = orgCaller;
  call<Record<string, unknown>>(app, 'account/list', { guard, body: LIST_BODY }, async (req) => svc.list(await orgCaller(req), req.body));
  call<{ id: number }>(app, 'account/info', { guard, body: ID_BODY }, async (req) => svc.info(await orgCaller(req), req.body));
  call<Record<string, unknown>>(app, 'account/edit', { guard, body: recordBody() }, async (req) => svc.edit(await orgCaller(req), req.body));
  call<{ id?: number; ids?: number[] | string }>(app, 'account/del', { guard, body: DEL_BODY }, async (req) => svc.del(await orgCaller(req), req.body));
  call(app, 'account/gettypes', { guard }, async (req) => {
    // The states are the dictionary account_status (as published, overlays included).
    const items = codeItems(await schemaStore(req.server.ctx.db), req.locale, 'account_status') ?? [];
    return items.map(({ value, label }) => ({ value, label }));
  });
}
