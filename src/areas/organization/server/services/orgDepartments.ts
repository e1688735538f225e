/**
 * Departments as the organisation entity `organization.department` (SPEC §7 /api/department/tree, edit,
 * info, list, del, close). Record fields: name, path (read-only: the names from the top down), short_name, parent, kind ('unit'|'dept'),
 * code (机关代字), leader, phone, sort, status ('1' open | '0' closed).
 *
 * Rules (each -1 with a readable message): the parent must exist and may not be the department itself
 * or one of its descendants (no cycles); del refuses a department with sub-departments or members;
 * close refuses one with open sub-departments; sort moves a department under a parent after a sibling.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../../../server/db/index.js';
import type { DB } from '../../../../server/db/types.js';
import { now } from '../../../../server/lib/clock.js';
import { badInput } from '../../../../server/lib/errors.js';
import { invalidateRefNames } from '../../../../server/engine/refs.js';
import { invalidateScopeCache } from '../../../../server/engine/scope.js';
import { fieldTitle } from '../../../../server/engine/validation.js';
import { invalidateAllUserInfo } from '../../../../server/services/userInfo.js';
import { idOf, intOf, orgAudit, orgEntity, strOf, tr, type Db, type OrgCaller, type OrgRecord, type OrgResource } from '../../../../server/services/orgCrud.js';

const ENTITY = 'organization.department';

/** Every department id → parent id. */
async function parents(db: Db): Promise<Map<number, number | null>> {
  const rows = await db.selectFrom('departments').select(['id', 'parent_id']).execute();
  return new Map(rows.map((r) => [r.id, r.parent_id]));
}

/** True when `candidate` is `id` or lies under it. */
function isWithin(tree: Map<number, number | null>, candidate: number, id: number): boolean {
  let cur: number | null | undefined = candidate;
  for (let hops = 0; cur != null && hops < 256; hops++) {
    if (cur === id) return true;
    cur = tree.get(cur);
  }
  return false;
}

/** -1 unless `parent` exists and is not `id` nor under it. */
async function checkParent(trx: Db, c: OrgCaller, id: number | null, parent: number | null): Promise<void> {
  if (parent == null) return;
  const tree = await parents(trx);
  if (!tree.has(parent)) throw badInput(tr(c, 'org.unknownRef', { field: fieldTitle(orgEntity(ENTITY), 'parent', c.locale) }));
  if (id != null && isWithin(tree, parent, id)) throw badInput(tr(c, 'org.deptCycle'));
}

/** Separator of a department's full path (上级 / 下级). */
const PATH_SEP = ' / ';

/** Every department id → its full path from the top ("市人民政府 / 市财政局 / 办公室"), so that same-named offices differ. */
async function deptPaths(db: Db): Promise<Map<number, string>> {
  const rows = await db.selectFrom('departments').select(['id', 'parent_id', 'name']).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = new Map<number, string>();
  for (const r of rows) {
    const names: string[] = [];
    // At most 64 levels: a cycle in stored data cannot hang the list.
    for (let d: typeof r | undefined = r, hops = 0; d && hops < 64; d = d.parent_id == null ? undefined : byId.get(d.parent_id), hops++) names.unshift(d.name);
    out.set(r.id, names.join(PATH_SEP));
  }
  return out;
}

function forget(db: Kysely<DB>): void {
  invalidateRefNames(db);
  invalidateScopeCache(db);
  invalidateAllUserInfo(db);
}

/** The department resource (see the file comment). */
export const departmentResource: OrgResource = {
  entity: ENTITY,
  table: 'departments',
  unitScope: (depts) => sql`id in (${sql.join(depts)})`,
  columns: {
    name: 'name',
    short_name: 'short_name',
    parent: 'parent_id',
    kind: 'kind',
    code: 'code',
    leader: 'leader_id',
    phone: 'phone',
    sort: 'sort',
    status: 'status',
  },
  readOnly: ['path'],
  async toRecords(db, rows) {
    const paths = rows.length ? await deptPaths(db) : new Map<number, string>();
    return rows.map(
      (r) =>
        ({
          id: Number(r.id),
          version: Number(r.version),
          name: r.name,
          path: paths.get(Number(r.id)) ?? r.name,
          short_name: r.short_name ?? null,
          parent: r.parent_id ?? null,
          kind: r.kind,
          code: r.code ?? null,
          leader: r.leader_id ?? null,
          phone: r.phone ?? null,
          sort: Number(r.sort),
          status: strOf(r.status),
          created_at: Number(r.created_at),
          updated_at: Number(r.updated_at),
        }) as OrgRecord,
    );
  },
  toRow(rec) {
    return {
      name: rec.name,
      short_name: rec.short_name || null,
      parent_id: rec.parent ?? null,
      kind: rec.kind,
      code: rec.code || null,
      leader_id: rec.leader ?? null,
      phone: rec.phone || null,
      sort: intOf(rec.sort),
      status: intOf(rec.status, 1),
      updated_at: now(),
    };
  },
  async newRow() {
    return { created_at: now() };
  },
  async beforeWrite(trx, c, id, rec, before) {
    await checkParent(trx, c, id, (rec.parent as number | null) ?? null);
    if (
      rec.leader != null &&
      !(await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', rec.leader as number)
        .executeTakeFirst())
    ) {
      throw badInput(tr(c, 'org.unknownRef', { field: fieldTitle(orgEntity(ENTITY), 'leader', c.locale) }));
    }
    if (id != null && before?.status === '1' && rec.status === '0') await mustHaveNoOpenChildren(trx, c, id);
  },
  async beforeDelete(trx, c, recs) {
    const ids = recs.map((r) => r.id as number);
    // Sub-departments deleted in the same call (a whole subtree) do not count.
    const sub = await trx.selectFrom('departments').select('id').where('parent_id', 'in', ids).where('id', 'not in', ids).executeTakeFirst();
    if (sub) throw badInput(tr(c, 'org.deptHasChildren'));
    const member = await trx.selectFrom('user_departments').select('user_id').where('dept_id', 'in', ids).executeTakeFirst();
    if (member) throw badInput(tr(c, 'org.deptHasUsers'));
    await trx.updateTable('users').set({ current_dept_id: null }).where('current_dept_id', 'in', ids).execute();
  },
  invalidate(db) {
    forget(db);
  },
};

async function mustHaveNoOpenChildren(trx: Db, c: OrgCaller, id: number): Promise<void> {
  const open = await trx.selectFrom('departments').select('id').where('parent_id', '=', id).where('status', '=', 1).executeTakeFirst();
  if (open) throw badInput(tr(c, 'org.deptOpenChildren'));
}

/** A node of department/tree and Users/getDepartmentSelect (antd TreeSelect shape included). */
export interface DeptNode {
  id: number;
  value: number;
  title: string;
  parentId: number | null;
  kind: string;
  status: number;
  sort: number;
  children: DeptNode[];
}

/** The whole department tree ordered by sort (closed ones included unless `openOnly`). */
export async function deptTree(db: Db, openOnly = false): Promise<DeptNode[]> {
  let q = db.selectFrom('departments').select(['id', 'parent_id', 'name', 'kind', 'status', 'sort']).orderBy('sort').orderBy('id');
  if (openOnly) q = q.where('status', '=', 1);
  const rows = await q.execute();
  const nodes = new Map<number, DeptNode>(
    rows.map((r) => [r.id, { id: r.id, value: r.id, title: r.name, parentId: r.parent_id, kind: r.kind, status: r.status, sort: r.sort, children: [] }]),
  );
  const roots: DeptNode[] = [];
  for (const n of nodes.values()) (n.parentId != null && nodes.has(n.parentId) ? nodes.get(n.parentId)!.children : roots).push(n);
  return roots;
}

/** department/close {id}: status 0 (closed); -1 when it has open sub-departments. Audited. */
export async function closeDepartment(db: Kysely<DB>, dialect: Dialect, c: OrgCaller, body: { id?: unknown }): Promise<{ id: number; status: string }> {
  const id = idOf(c, body?.id);
  await db.transaction().execute(async (trx) => {
    const d = await trx.selectFrom('departments').selectAll().where('id', '=', id).executeTakeFirst();
    if (!d) throw badInput(tr(c, 'entity.notFound'));
    await mustHaveNoOpenChildren(trx, c, id);
    await trx
      .updateTable('departments')
      .set({ status: 0, version: d.version + 1, updated_at: now() })
      .where('id', '=', id)
      .execute();
    await orgAudit(trx, dialect, c, `${ENTITY}.close`, `${ENTITY}:${id}`, { before: { status: d.status }, after: { status: 0 } });
  });
  forget(db);
  return { id, status: '0' };
}

/**
 * department/sort {id, parentId, afterId?}: moves the department under `parentId` (null/0 = top level)
 * right after sibling `afterId` (first when absent) and renumbers the siblings' sort 10, 20, …;
 * -1 on a cycle or an `afterId` that is not a sibling. Audited.
 */
export async function sortDepartment(
  db: Kysely<DB>,
  dialect: Dialect,
  c: OrgCaller,
  body: { id?: unknown; parentId?: unknown; afterId?: unknown },
): Promise<{ id: number; parentId: number | null }> {
  const id = idOf(c, body?.id);
  const parentId =
    body?.parentId === undefined || body.parentId === null || body.parentId === '' || Number(body.parentId) === 0
      ? null
      : idOf(c, body.parentId, 'field.parentId');
  const afterId =
    body?.afterId === undefined || body.afterId === null || body.afterId === '' || Number(body.afterId) === 0 ? null : idOf(c, body.afterId, 'field.afterId');
  await db.transaction().execute(async (trx: Transaction<DB>) => {
    const d = await trx.selectFrom('departments').selectAll().where('id', '=', id).executeTakeFirst();
    if (!d) throw badInput(tr(c, 'entity.notFound'));
    if (parentId != null && (parentId === id || isWithin(await parents(trx), parentId, id))) throw badInput(tr(c, 'org.deptCycle'));
    if (parentId != null && !(await trx.selectFrom('departments').select('id').where('id', '=', parentId).executeTakeFirst())) {
      throw badInput(tr(c, 'org.unknownRef', { field: tr(c, 'field.parentId') }));
    }
    let q = trx.selectFrom('departments').select('id').where('id', '!=', id).orderBy('sort').orderBy('id');
    q = parentId == null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId);
    const siblings = (await q.execute()).map((r) => r.id);
    if (afterId != null && !siblings.includes(afterId)) throw badInput(tr(c, 'error.badParam', { field: tr(c, 'field.afterId') }));
    const order = afterId == null ? [id, ...siblings] : siblings.flatMap((s) => (s === afterId ? [s, id] : [s]));
    for (const [i, sid] of order.entries()) {
      const patch = sid === id ? { sort: (i + 1) * 10, parent_id: parentId, version: d.version + 1, updated_at: now() } : { sort: (i + 1) * 10 };
      await trx.updateTable('departments').set(patch).where('id', '=', sid).execute();
    }
    await orgAudit(trx, dialect, c, `${ENTITY}.sort`, `${ENTITY}:${id}`, {
      before: { parent: d.parent_id, sort: d.sort },
      after: { parent: parentId, afterId },
    });
  });
  forget(db);
  return { id, parentId };
}

/**
 * The departments of unit `unitId` (SPEC §3 isdwgly: what a unit administrator maintains): the unit itself
 * and its descendants, not descending into a nested unit (kind 'unit'), which has its own administrator.
 * Closed departments included. [] when `unitId` is null or unknown.
 */
export async function unitDepartmentIds(db: Db, unitId: number | null): Promise<number[]> {
  if (unitId == null) return [];
  const rows = await db.selectFrom('departments').select(['id', 'parent_id', 'kind']).execute();
  if (!rows.some((r) => r.id === unitId)) return [];
  const children = new Map<number, typeof rows>();
  for (const r of rows) if (r.parent_id != null) children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r]);
  const out = [unitId];
  for (let i = 0; i < out.length; i++) for (const ch of children.get(out[i]) ?? []) if (ch.kind !== 'unit') out.push(ch.id);
  return out;
}
