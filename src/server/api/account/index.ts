/**
 * API group `account` (SPEC §2.3 /organization/account, §7 account/edit, gettypes, list, del, info; issue 3):
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
import { call } from '../../lib/route.js';
import { OrgService } from '../../services/orgCrud.js';
import { accountResource } from '../../services/orgAccounts.js';
import { bodyOf, orgCaller } from '../Users/access.js';
import { schemaStore } from '../../engine/schemaStore.js';
import { codeItems } from '../codes/service.js';

/** Registers the account calls. */
export function register(app: FastifyInstance): void {
  const svc = new OrgService(accountResource, app.ctx.db, app.ctx.dialect);
  call<any>(app, 'account/list', {}, async (req) => svc.list(await orgCaller(req), bodyOf(req)));
  call<any>(app, 'account/info', {}, async (req) => svc.info(await orgCaller(req), bodyOf(req)));
  call<any>(app, 'account/edit', {}, async (req) => svc.edit(await orgCaller(req), bodyOf(req)));
  call<any>(app, 'account/del', {}, async (req) => svc.del(await orgCaller(req), bodyOf(req)));
  call(app, 'account/gettypes', {}, async (req) => {
    await orgCaller(req);
    // The states are the dictionary account_status (as published, overlays included).
    const items = codeItems(await schemaStore(req.server.ctx.db), req.locale, 'account_status') ?? [];
    return items.map(({ value, label }) => ({ value, label }));
  });
}
