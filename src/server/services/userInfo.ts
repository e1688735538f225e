/**
 * User info of SPEC §3 (answer of /api/Person/userInfo and `info` of every login answer), built
 * from the user row, the session's current department and `userMenus()`.
 *
 * Cached per (user, department) for a few seconds per process: userInfo is called on every page
 * load (benchmark target ≤ 6× a bare hello-world). Every write of this user's own data in
 * these services calls `invalidateUserInfo` — in every process, through the cache bus (./cacheBus.ts);
 * changes made elsewhere (roles, menus) show within `USER_INFO_CACHE_MS` at the latest.
 */
import type { Kysely } from 'kysely';
import { DEFAULT_LAYOUT } from '../../shared/constants.js';
import type { OpenedTab, UserInfo } from '../../shared/types.js';
import type { Config } from '../config.js';
import type { DB } from '../db/types.js';
import { now } from '../lib/clock.js';
import { userMenus } from './menu.js';
import { passwordExpiresInDays, passwordMaxAgeDays } from './password.js';
import { deptTitle } from './deptTitle.js';
import { invalidate, registerCache } from './cacheBus.js';
import { orgTimeZone } from './orgZone.js';

/** How long a built UserInfo is reused (ms). */
export const USER_INFO_CACHE_MS = 5_000;

/** The default layout as the JSON string UserInfo.layout carries. */
export const DEFAULT_LAYOUT_JSON = JSON.stringify(DEFAULT_LAYOUT);

interface Entry {
  info: UserInfo;
  /** JSON of `info`, made on first use (the answer is large: menus). */
  json?: string;
  at: number;
}

const caches = new WeakMap<Kysely<DB>, Map<number, Map<number | null, Entry>>>();

function cacheOf(db: Kysely<DB>): Map<number, Map<number | null, Entry>> {
  let c = caches.get(db);
  if (!c) {
    c = new Map();
    caches.set(db, c);
  }
  return c;
}

/** Bumped on invalidation, so a build that started before a change is not cached after it. */
let generation = 0;

registerCache('userInfo', (db, key) => {
  generation++;
  if (key === undefined) caches.get(db)?.clear();
  else caches.get(db)?.delete(Number(key));
});

/** Forgets the cached user info of every user of `db` in every process (clear cache, role or menu changes). */
export function invalidateAllUserInfo(db: Kysely<DB>): void {
  invalidate(db, 'userInfo');
}

/** Forgets the cached user info of `userId` in every process (call after any change to the user's data). */
export function invalidateUserInfo(db: Kysely<DB>, userId: number): void {
  invalidate(db, 'userInfo', userId);
}

/** Parses a JSON column, answering `fallback` for null or malformed values or another kind of value. */
export function parseJsonColumn<T>(text: string | null, fallback: T, check: (v: unknown) => boolean): T {
  if (!text) return fallback;
  try {
    const v: unknown = JSON.parse(text);
    return check(v) ? (v as T) : fallback;
  } catch {
    return fallback;
  }
}

/** True for a plain JSON object (not an array, not null). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

async function build(db: Kysely<DB>, config: Config, userId: number, deptId: number | null): Promise<UserInfo | null> {
  const user = await db
    .selectFrom('users')
    .select([
      'id',
      'uuid',
      'username',
      'realname',
      'avatar',
      'mobile',
      'email',
      'gender',
      'layout',
      'is_admin',
      'clearance',
      'tabs',
      'list_settings',
      'password_changed_at',
      'signature_file_id',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const [dept, menus, maxAge, zone] = await Promise.all([
    deptId == null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('user_departments as ud')
          .innerJoin('departments as d', 'd.id', 'ud.dept_id')
          .leftJoin('departments as up', 'up.id', 'd.parent_id')
          .leftJoin('positions as p', 'p.id', 'ud.position_id')
          .select(['d.name as name', 'd.kind as kind', 'up.name as parentName', 'up.parent_id as parentParentId', 'p.name as position'])
          .where('ud.user_id', '=', userId)
          .where('ud.dept_id', '=', deptId)
          .executeTakeFirst(),
    userMenus(db, userId),
    passwordMaxAgeDays(db, config),
    orgTimeZone(db),
  ]);
  return {
    id: user.id,
    uuid: user.uuid,
    name: user.username,
    realname: user.realname,
    dept: dept ? deptTitle(dept) : '',
    dept_id: dept ? deptId : null,
    avatar: user.avatar ?? '',
    mobile: user.mobile,
    email: user.email,
    gender: user.gender,
    layout: user.layout && parseJsonColumn(user.layout, null, isPlainObject) ? user.layout : DEFAULT_LAYOUT_JSON,
    is_admin: user.is_admin === 1,
    isdwgly: menus.isdwgly,
    clearance: user.clearance,
    document_print: null,
    menu: menus.menu,
    menu_my: menus.menu_my,
    access: menus.access,
    menuaction: menus.menuaction,
    roles: menus.roles,
    positions: dept?.position ? [dept.position] : [],
    tabs: parseJsonColumn<OpenedTab[]>(user.tabs, [], Array.isArray),
    list_settings: parseJsonColumn<Record<string, unknown>>(user.list_settings, {}, isPlainObject),
    password_expires_in_days: passwordExpiresInDays(Number(user.password_changed_at), maxAge),
    signature: user.signature_file_id ?? null,
    time_zone: zone,
  };
}

async function entry(db: Kysely<DB>, config: Config, userId: number, deptId: number | null): Promise<Entry | null> {
  const cache = cacheOf(db);
  const t = now();
  const hit = cache.get(userId)?.get(deptId);
  if (hit && t - hit.at < USER_INFO_CACHE_MS && t >= hit.at) return hit;
  const gen = generation;
  const info = await build(db, config, userId, deptId);
  if (!info) return null;
  const fresh: Entry = { info, at: t };
  if (gen !== generation) return fresh;
  let perUser = cache.get(userId);
  if (!perUser) {
    perUser = new Map();
    cache.set(userId, perUser);
  }
  perUser.set(deptId, fresh);
  if (cache.size > 10_000) cache.delete(cache.keys().next().value as number);
  return fresh;
}

/**
 * The UserInfo of `userId` with `deptId` as the current department (SPEC §3 "User info"), from the
 * cache when fresh. Null when the user does not exist. The returned object is shared: do not mutate.
 */
export async function userInfo(db: Kysely<DB>, config: Config, userId: number, deptId: number | null): Promise<UserInfo | null> {
  return (await entry(db, config, userId, deptId))?.info ?? null;
}

/** Like `userInfo`, with its JSON text (serialised once per cache entry) for the hot /api/Person/userInfo. */
export async function userInfoWithJson(
  db: Kysely<DB>,
  config: Config,
  userId: number,
  deptId: number | null,
): Promise<{ info: UserInfo; json: string } | null> {
  const e = await entry(db, config, userId, deptId);
  if (!e) return null;
  e.json ??= JSON.stringify(e.info);
  return { info: e.info, json: e.json };
}
