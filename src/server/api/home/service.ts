/**
 * Header search and cache clearing of the `home` group (SPEC §2.4 "Header search", §7 home/searchType,
 * home/search, home/cleancache). Handlers in ./index.ts stay thin; the SQL lives here.
 */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Locale } from '../../../shared/constants.js';
import type { MenuNode } from '../../../shared/types.js';
import type { DB } from '../../db/types.js';
import { now } from '../../lib/clock.js';
import { flattenMenus, userMenus } from '../../services/menu.js';
import { ALL_CACHES, invalidate } from '../../services/cacheBus.js';
import { areaRouteTitles } from '../../engine/routeTree.js';
import enRoutes from '../../../app/locales/en-US/route.json' with { type: 'json' };

/** What the header search looks in: the user's own menus, or people (contacts). */
export type SearchType = 'menu' | 'contact';

/** A menu hit: the page, its title and its section's title. */
export interface MenuHit {
  id: number;
  path: string;
  header: string;
  i18nKey: string;
  icon: string | null;
  /** zh-CN header of the section the page belongs to ('' for a personal-menu page without one). */
  section: string;
}

/** A contact hit: one membership of an enabled person (a person in two departments appears twice). */
export interface ContactHit {
  id: number;
  username: string;
  realname: string;
  avatar: string | null;
  gender: number;
  mobile: string | null;
  email: string | null;
  dept_id: number;
  /** Department (科室) name, or the unit name for people who sit directly in a unit. */
  dept: string;
  /** The unit the department belongs to (same as `dept` for a unit). */
  unit: string;
  position: string | null;
  is_primary: boolean;
}

/** A page of results: `list` and the `total` number of hits. */
export interface SearchPage<T> {
  list: T[];
  total: number;
}

const enTitles = enRoutes as Record<string, string>;

/** LIKE pattern matching `keyword` anywhere, with %, _ and \ escaped (used with `escape '\'`). */
function containsPattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function like(column: Expression<unknown>, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}

/** The pages of the user's menu and personal menu that match `keyword` (title in zh-CN or the locale, or path). */
async function matchingMenus(db: Kysely<DB>, userId: number, keyword: string, locale: Locale): Promise<MenuHit[]> {
  const { menu, menu_my } = await userMenus(db, userId);
  const kw = keyword.toLowerCase();
  const sectionOf = new Map<number, string>();
  for (const s of menu) for (const c of s.children) sectionOf.set(c.id, s.header);
  const pages = [...flattenMenus(menu).filter((n) => sectionOf.has(n.id) && n.auth !== 'hidden'), ...menu_my];
  const seen = new Set<string>();
  const hits: MenuHit[] = [];
  const matches = (n: MenuNode) =>
    n.header.toLowerCase().includes(kw) ||
    n.path.toLowerCase().includes(kw) ||
    (locale === 'en-US' && (enTitles[n.i18nKey] ?? areaRouteTitles('en-US').get(n.i18nKey) ?? '').toLowerCase().includes(kw));
  for (const n of pages) {
    if (seen.has(n.path) || !matches(n)) continue;
    seen.add(n.path);
    hits.push({ id: n.id, path: n.path, header: n.header, i18nKey: n.i18nKey, icon: n.icon, section: sectionOf.get(n.id) ?? '' });
  }
  return hits;
}

function contactQuery(db: Kysely<DB>, keyword: string) {
  const p = containsPattern(keyword);
  return db
    .selectFrom('user_departments as ud')
    .innerJoin('users as u', 'u.id', 'ud.user_id')
    .innerJoin('departments as d', 'd.id', 'ud.dept_id')
    .leftJoin('departments as pd', 'pd.id', 'd.parent_id')
    .leftJoin('positions as p', 'p.id', 'ud.position_id')
    .where('u.status', '=', 1)
    .where('d.status', '=', 1)
    .where((eb) =>
      eb.or([
        like(eb.ref('u.realname'), p),
        like(eb.ref('u.username'), p),
        like(eb.ref('u.mobile'), p),
        like(eb.ref('d.name'), p),
        like(eb.ref('d.short_name'), p),
        like(eb.ref('pd.name'), p),
        like(eb.ref('p.name'), p),
      ]),
    );
}

/**
 * The search type for `keyword` (SPEC §2.4: the type is asked first): 'menu' when it matches a page
 * the user can open, else 'contact' when it matches an enabled person, department or position,
 * else 'menu'.
 */
export async function searchType(db: Kysely<DB>, userId: number, keyword: string, locale: Locale): Promise<SearchType> {
  if ((await matchingMenus(db, userId, keyword, locale)).length) return 'menu';
  const hit = await contactQuery(db, keyword).select('u.id').limit(1).executeTakeFirst();
  return hit ? 'contact' : 'menu';
}

/** One page (`current` from 1, `pageSize` rows) of the user's matching menu pages, in menu order. */
export async function searchMenus(
  db: Kysely<DB>,
  userId: number,
  keyword: string,
  locale: Locale,
  current: number,
  pageSize: number,
): Promise<SearchPage<MenuHit>> {
  const hits = await matchingMenus(db, userId, keyword, locale);
  return { list: hits.slice((current - 1) * pageSize, current * pageSize), total: hits.length };
}

/**
 * One page of people matching `keyword` in their name, user name, mobile, department, unit or
 * position — enabled users in open departments only, ordered by organisation order.
 */
export async function searchContacts(db: Kysely<DB>, keyword: string, current: number, pageSize: number): Promise<SearchPage<ContactHit>> {
  const q = contactQuery(db, keyword);
  const [count, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    q
      .select([
        'u.id as id',
        'u.username as username',
        'u.realname as realname',
        'u.avatar as avatar',
        'u.gender as gender',
        'u.mobile as mobile',
        'u.email as email',
        'd.id as dept_id',
        'd.name as dept',
        'd.kind as kind',
        'pd.name as parent',
        'p.name as position',
        'ud.is_primary as is_primary',
      ])
      .orderBy('u.sort')
      .orderBy('u.id')
      .orderBy('ud.is_primary', 'desc')
      .orderBy('d.id')
      .limit(pageSize)
      .offset((current - 1) * pageSize)
      .execute(),
  ]);
  return {
    total: Number(count?.n ?? 0),
    list: rows.map(({ kind, parent, is_primary, ...r }) => ({
      ...r,
      unit: kind === 'dept' && parent ? parent : r.dept,
      is_primary: is_primary === 1,
    })),
  };
}

/**
 * Clears every in-memory cache (definitions, menus, data scopes, session look-ups, user infos, settings, totals…)
 * of every process (./services/cacheBus.ts) and deletes expired
 * rows of sessions, captchas, used_nonces and sms_codes. Returns how many rows were deleted per table.
 */
export async function clearCaches(db: Kysely<DB>): Promise<Record<string, number>> {
  invalidate(db, ALL_CACHES);
  const t = now();
  const out: Record<string, number> = {};
  for (const table of ['sessions', 'captchas', 'used_nonces', 'sms_codes'] as const) {
    const r = await db.deleteFrom(table).where('expires_at', '<', t).executeTakeFirst();
    out[table] = Number(r.numDeletedRows ?? 0);
  }
  return out;
}
