/**
 * The organisation selector (SPEC §7 "Selector", SPEC §3 "Selector state"; client contract in
 * engine/data/api.ts `selector`): the department tree, people of a department, search by name,
 * account or pinyin initials, names of ids, paged lists, recently picked people, positions and units.
 *
 * 涉密 (smw) mode (DESIGN §7): when the system setting `smw` is '1', every call that offers people
 * honours `document_mj` (dict schemas/common/dicts/document_mj.json: 0 非密, 1 秘密, 2 机密, 3 绝密) and
 * offers only users whose clearance (users.clearance 0–3) is at least that level; when off, the
 * parameter is ignored. People offered are always enabled users in open departments.
 *
 * Scope: the whole organisation, whoever asks. The selector is the directory people pick from (a 主送 unit, a 会签
 * leader of another unit, a recipient), so it crosses units by design; it reads names, departments and positions
 * only, never a business record.
 */
import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { pinyin } from 'pinyin-pro';
import mjDict from '../../../schemas/common/dicts/document_mj.json' with { type: 'json' };
import type { DB } from '../db/types.js';
import { now } from '../lib/clock.js';
import { deptTitle } from './deptTitle.js';
import type { RefNames, SelectorDept, SelectorUser } from '../../shared/org.js';
export type { RefNames, SelectorDept, SelectorUser } from '../../shared/org.js';

/** SPEC §3/§9: the selector state's initial departmentId; the server reads it as "the caller's current department". */
export const DEFAULT_SELECTOR_DEPARTMENT_ID = 999999999;

/** How many recently picked people are kept per user. */
export const RECENT_LIMIT = 20;

/** Most hits of each kind selector/search answers. */
export const SEARCH_LIMIT = 50;

/** The values of document_mj, from the dict (strings '0'…'3'). */
export const DOCUMENT_MJ_VALUES: string[] = (mjDict as { items: { value: string }[] }).items.map((i) => i.value);

type Db = Kysely<DB> | Transaction<DB>;

/** Whether 涉密 mode is on (setting `smw` = '1'). */
export async function smwEnabled(db: Db): Promise<boolean> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'smw').executeTakeFirst();
  return row?.value === '1';
}

/**
 * The clearance people must hold for a call: the level of `documentMj` in smw mode, else 0 (anyone).
 * `documentMj` is one of DOCUMENT_MJ_VALUES or empty (validated by the route schema).
 */
export async function requiredClearance(db: Db, documentMj: string | number | undefined | null): Promise<number> {
  if (documentMj === undefined || documentMj === null || documentMj === '') return 0;
  if (!(await smwEnabled(db))) return 0;
  const level = Number(documentMj);
  return Number.isInteger(level) && level > 0 ? level : 0;
}

/** One row of the departments table as the selector needs it. */
interface DeptRow {
  id: number;
  parent_id: number | null;
  name: string;
  short_name: string | null;
  kind: string;
  sort: number;
  status: number;
}

/** The organisation in memory for one call: departments by id, open children by parent. */
export interface Org {
  byId: Map<number, DeptRow>;
  children: Map<number | null, DeptRow[]>;
}

/** Loads every department (a few hundred rows) with the open children of each, in display order. */
export async function loadOrg(db: Db): Promise<Org> {
  const rows = await db
    .selectFrom('departments')
    .select(['id', 'parent_id', 'name', 'short_name', 'kind', 'sort', 'status'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const children = new Map<number | null, DeptRow[]>();
  for (const r of rows) {
    if (r.status !== 1) continue;
    const list = children.get(r.parent_id) ?? [];
    list.push(r);
    children.set(r.parent_id, list);
  }
  return { byId, children };
}

/** Whether department `id` and all its ancestors are open (false for an unknown id or a broken parent chain). */
export function isOpen(org: Org, id: number): boolean {
  let d = org.byId.get(id);
  for (let guard = 0; d && guard < 64; guard++) {
    if (d.status !== 1) return false;
    if (d.parent_id == null) return true;
    d = org.byId.get(d.parent_id);
  }
  return false;
}

/** The full title of department `id` (deptTitle: 单位 + 科室). */
export function titleOf(org: Org, id: number): string {
  const d = org.byId.get(id);
  if (!d) return '';
  const p = d.parent_id == null ? undefined : org.byId.get(d.parent_id);
  return deptTitle({ kind: d.kind, name: d.name, parentName: p?.name ?? null, parentParentId: p?.parent_id ?? null });
}

/** The unit (kind 'unit') department `id` belongs to: itself when it is a unit, else its nearest unit ancestor. */
export function unitOf(org: Org, id: number | null): number | null {
  for (
    let d = id == null ? undefined : org.byId.get(id), guard = 0;
    d && guard < 64;
    d = d.parent_id == null ? undefined : org.byId.get(d.parent_id), guard++
  ) {
    if (d.kind === 'unit') return d.id;
  }
  return null;
}

/** Department `id` and its open sub-departments (all levels). */
export function subtree(org: Org, id: number): number[] {
  const out: number[] = [];
  const walk = (x: number, depth: number) => {
    out.push(x);
    if (depth < 64) for (const c of org.children.get(x) ?? []) walk(c.id, depth + 1);
  };
  walk(id, 0);
  return out;
}

function deptNode(org: Org, d: DeptRow, full: boolean): SelectorDept {
  return {
    id: d.id,
    title: full ? titleOf(org, d.id) : d.name,
    kind: d.kind === 'unit' ? 'unit' : 'dept',
    parentId: d.parent_id,
    hasChildren: (org.children.get(d.id)?.length ?? 0) > 0,
  };
}

/** Open children of `parentId` (the top departments when null), in sort order. */
export function treeChildren(org: Org, parentId: number | null): SelectorDept[] {
  return (org.children.get(parentId) ?? []).map((d) => deptNode(org, d, false));
}

/** The whole open tree, nested (`children` on every node that has any). */
export function treeAll(org: Org): SelectorDept[] {
  const build = (parentId: number | null, depth: number): SelectorDept[] =>
    (org.children.get(parentId) ?? []).map((d) => {
      const node = deptNode(org, d, false);
      if (node.hasChildren && depth < 64) node.children = build(d.id, depth + 1);
      return node;
    });
  return build(null, 0);
}

/** The open units (kind 'unit') with their full titles, in tree order (SPEC §7 officeslist). */
export function units(org: Org): SelectorDept[] {
  return treeAllFlat(org)
    .filter((d) => d.kind === 'unit')
    .map((d) => deptNode(org, d, true));
}

function treeAllFlat(org: Org): DeptRow[] {
  const out: DeptRow[] = [];
  const walk = (parentId: number | null, depth: number) => {
    for (const d of org.children.get(parentId) ?? []) {
      out.push(d);
      if (depth < 64) walk(d.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

const initialsCache = new Map<string, string>();

/** Lower-case pinyin initials of a Chinese name (张伟 → zw; surnames read as surnames: 单 → s), memoised. */
export function initialsOf(text: string): string {
  let v = initialsCache.get(text);
  if (v === undefined) {
    v = (pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', surname: 'head' }) as unknown as string[])
      .join('')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
    if (initialsCache.size > 50_000) initialsCache.clear();
    initialsCache.set(text, v);
  }
  return v;
}

/** Filters of a people query. */
export interface PeopleFilter {
  /** Memberships in these departments only (else the primary membership of every person). */
  deptIds?: number[];
  userIds?: number[];
  positionId?: number;
  /** Minimum clearance (requiredClearance). */
  clearance: number;
  keyword?: string;
}

/**
 * Enabled people matching `f`, one entry per person, in organisation order (person sort, id). With
 * `deptIds` the entry shows the person's membership in those departments, else their primary
 * department. A keyword matches realname or account (contains) or pinyin initials (prefix).
 */
export async function people(db: Db, org: Org, f: PeopleFilter): Promise<SelectorUser[]> {
  if (f.deptIds && !f.deptIds.length) return [];
  if (f.userIds && !f.userIds.length) return [];
  let q = db
    .selectFrom('users as u')
    .leftJoin('user_departments as ud', 'ud.user_id', 'u.id')
    .leftJoin('positions as p', 'p.id', 'ud.position_id')
    .select(['u.id as id', 'u.realname as realname', 'u.username as username', 'ud.dept_id as deptId', 'p.name as position', 'u.sort as sort'])
    .where('u.status', '=', 1);
  if (f.clearance > 0) q = q.where('u.clearance', '>=', f.clearance);
  if (f.deptIds) q = q.where('ud.dept_id', 'in', f.deptIds);
  if (f.userIds) q = q.where('u.id', 'in', f.userIds);
  if (f.positionId) q = q.where('ud.position_id', '=', f.positionId);
  const kw = f.keyword?.trim().toLowerCase();
  if (kw) {
    const pattern = `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byInitials = /^[a-z]+$/.test(kw) ? await initialsMatches(db, kw, f.clearance) : [];
    q = q.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(${eb.ref('u.realname')}) like ${pattern} escape '\\'`,
        sql<SqlBool>`lower(${eb.ref('u.username')}) like ${pattern} escape '\\'`,
        ...(byInitials.length ? [eb('u.id', 'in', byInitials)] : []),
      ]),
    );
  }
  const rows = await q.orderBy('u.sort').orderBy('u.id').orderBy('ud.is_primary', 'desc').orderBy('ud.sort').execute();
  // Rows of one person are adjacent (ordered by sort, id): take their first membership in an open
  // department; a person whose memberships are all closed still shows (without one) unless deptIds asks for one.
  const out: SelectorUser[] = [];
  for (let i = 0; i < rows.length;) {
    let j = i;
    while (j < rows.length && rows[j].id === rows[i].id) j++;
    const group = rows.slice(i, j);
    i = j;
    const r = group.find((x) => x.deptId != null && isOpen(org, x.deptId)) ?? null;
    if (!r && f.deptIds) continue;
    const u = r ?? group[0];
    out.push({
      id: u.id,
      realname: u.realname,
      username: u.username,
      deptId: r ? r.deptId : null,
      deptTitle: r ? titleOf(org, r.deptId!) : '',
      position: r ? r.position : null,
    });
  }
  return out;
}

/** Ids of enabled people (with at least `clearance`) whose name's pinyin initials start with `kw`. */
async function initialsMatches(db: Db, kw: string, clearance: number): Promise<number[]> {
  let q = db.selectFrom('users').select(['id', 'realname']).where('status', '=', 1);
  if (clearance > 0) q = q.where('clearance', '>=', clearance);
  return (await q.execute()).filter((u) => initialsOf(u.realname).startsWith(kw)).map((u) => u.id);
}

/** Open departments whose name, short name or pinyin initials match `keyword`, full titles, at most `limit`. */
export function searchDepts(org: Org, keyword: string, limit = SEARCH_LIMIT): SelectorDept[] {
  const kw = keyword.trim().toLowerCase();
  const letters = /^[a-z]+$/.test(kw);
  return treeAllFlat(org)
    .filter((d) => d.name.toLowerCase().includes(kw) || (d.short_name ?? '').toLowerCase().includes(kw) || (letters && initialsOf(d.name).startsWith(kw)))
    .slice(0, limit)
    .map((d) => deptNode(org, d, true));
}

/** Realnames of `userIds` (disabled people too: stored values must still show) and full titles of `deptIds`. */
export async function refNames(db: Db, org: Org, userIds: number[], deptIds: number[]): Promise<RefNames> {
  const users: Record<string, string> = {};
  if (userIds.length) {
    for (const u of await db
      .selectFrom('users')
      .select(['id', 'realname'])
      .where('id', 'in', [...new Set(userIds)])
      .execute())
      users[u.id] = u.realname;
  }
  const depts: Record<string, string> = {};
  for (const id of deptIds) if (org.byId.has(id)) depts[id] = titleOf(org, id);
  return { users, depts };
}

/** The people `userId` picked lately (newest first, at most RECENT_LIMIT), filtered like every list. */
export async function recent(db: Db, org: Org, userId: number, clearance: number): Promise<SelectorUser[]> {
  const rows = await db
    .selectFrom('selector_recent')
    .select('picked_id')
    .where('user_id', '=', userId)
    .orderBy('used_at', 'desc')
    .limit(RECENT_LIMIT)
    .execute();
  const ids = rows.map((r) => r.picked_id);
  const found = new Map((await people(db, org, { userIds: ids, clearance })).map((u) => [u.id, u]));
  return ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
}

/**
 * Records that `userId` picked `ids` now (ids[0] is the newest), keeping the newest RECENT_LIMIT, in
 * one transaction. `used_at` is an order key: epoch ms × 1000 + the position from the end of `ids`.
 * Returns false (nothing written) when some id is not a user.
 */
export async function saveRecent(db: Kysely<DB>, userId: number, ids: number[]): Promise<boolean> {
  const unique = [...new Set(ids)].slice(0, RECENT_LIMIT);
  if (!unique.length) return true;
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('users').select('id').where('id', 'in', unique).execute();
    if (found.length !== unique.length) return false;
    const base = now() * 1000;
    await trx.deleteFrom('selector_recent').where('user_id', '=', userId).where('picked_id', 'in', unique).execute();
    await trx
      .insertInto('selector_recent')
      .values(unique.map((id, i) => ({ user_id: userId, picked_id: id, used_at: base + (unique.length - i) })))
      .execute();
    const old = await trx
      .selectFrom('selector_recent')
      .select('picked_id')
      .where('user_id', '=', userId)
      .orderBy('used_at', 'desc')
      .offset(RECENT_LIMIT)
      .limit(1000)
      .execute();
    if (old.length)
      await trx
        .deleteFrom('selector_recent')
        .where('user_id', '=', userId)
        .where(
          'picked_id',
          'in',
          old.map((o) => o.picked_id),
        )
        .execute();
    return true;
  });
}

/** Positions with the number of enabled people holding them (clearance-filtered), by rank then sort. */
export async function positions(db: Db, clearance: number): Promise<{ id: number; name: string; count: number }[]> {
  const rows = await db.selectFrom('positions').select(['id', 'name']).orderBy('level').orderBy('sort').orderBy('id').execute();
  let q = db
    .selectFrom('user_departments as ud')
    .innerJoin('users as u', 'u.id', 'ud.user_id')
    .select(['ud.position_id as pid', 'ud.user_id as uid'])
    .where('u.status', '=', 1)
    .where('ud.position_id', 'is not', null);
  if (clearance > 0) q = q.where('u.clearance', '>=', clearance);
  const counts = new Map<number, Set<number>>();
  for (const r of await q.execute()) {
    const s = counts.get(r.pid!) ?? new Set<number>();
    s.add(r.uid);
    counts.set(r.pid!, s);
  }
  return rows.map((r) => ({ id: r.id, name: r.name, count: counts.get(r.id)?.size ?? 0 }));
}
