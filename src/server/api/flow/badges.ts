/**
 * flow/badges (SPEC §3 "Menu badge counts", §7 "the payload flag is a comma list of db, df, cb, dbsw, mail"): the counts the menu shows on its items, for the flags asked only.
 *
 * - `db`, `df`, `cb` — the document area (flows `document.*`): 待办 (open approve / handle / sign-for tasks),
 *   待发 (drafts), 催办 (open tasks that were urged), each `{count, all_count}`. `count` is what the current
 *   department sees and `all_count` what all the person's departments hold; tasks and drafts belong to the
 *   person, not to one of their departments (the work lists are not per department either), so the two are equal.
 * - `dbsw` — the affair area (flows `affair.*`): `{db, wbdb, dy, wbdy, df, cb}` = 待办, 外部待办, 待阅 (open
 *   cc / read tasks), 外部待阅, 待发, 催办. The 外部 (external-system) counts are 0: no external system feeds tasks.
 * - `mail` — `{sjwd}`, unread mail: 0 until the mail area exists.
 *
 * An open task counts as urged (催办) when it is overdue (the timer urges it automatically) or a 催办 event of
 * its instance named it after it was created. Body `{flag: "db,df,cb,dbsw,mail"}` (a comma list or an array);
 * -1 naming `flag` for a missing or unknown one; -99 without a session.
 */
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Dialect } from '../../db/index.js';
import type { DB } from '../../db/types.js';
import { call } from '../../lib/route.js';
import { badInput } from '../../lib/errors.js';
import { listCounts } from '../../engine/flow/lists.js';
import { clearanceOf } from '../../services/clearance.js';
import { body } from '../../lib/bodies.js';

/** The flags flow/badges knows. */
export const BADGE_FLAGS = ['db', 'df', 'cb', 'dbsw', 'mail'] as const;
export type BadgeFlag = (typeof BADGE_FLAGS)[number];

/** A count of the document area. */
export interface AreaCount {
  count: number;
  all_count: number;
}

/** The answer: only the flags asked. */
export interface Badges {
  db?: AreaCount;
  df?: AreaCount;
  cb?: AreaCount;
  dbsw?: { db: number; wbdb: number; dy: number; wbdy: number; df: number; cb: number };
  mail?: { sjwd: number };
}

/** Task kinds that are someone's to-do (待办). */
const DECIDING = ['approve', 'handle', 'signfor'];

/**
 * How many of `userId`'s open to-do tasks of `area`'s flows were urged: overdue, or named by a 催办 event
 * (flow_events.detail.tasks) of their instance written after the task was created.
 */
export async function urgedCount(db: Kysely<DB>, dialect: Dialect, userId: number, area: string): Promise<number> {
  const contains = dialect === 'pg' ? sql<boolean>`strpos(e.detail, t.id) > 0` : sql<boolean>`instr(e.detail, t.id) > 0`;
  const row = await db
    .selectFrom('flow_tasks as t')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('t.assignee_id', '=', userId)
    .where('t.status', '=', 'pending')
    .where('t.kind', 'in', DECIDING)
    .where('t.def_id', 'like', `${area}.%`)
    .where((eb) =>
      eb.or([
        eb('t.overdue', '=', 1),
        eb.exists(
          eb
            .selectFrom('flow_events as e')
            .select('e.id')
            .whereRef('e.instance_id', '=', 't.instance_id')
            .where('e.type', '=', 'urge')
            .whereRef('e.at', '>=', 't.created_at')
            .where(contains),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The flags of a body, in the order asked, each once; -1 naming `flag` when missing or unknown. */
function flagsOf(raw: unknown, fail: (flag: string) => never): BadgeFlag[] {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  const out: BadgeFlag[] = [];
  for (const f of list.slice(0, 20)) {
    const flag = typeof f === 'string' ? f.trim() : '';
    if (!(BADGE_FLAGS as readonly string[]).includes(flag)) fail(String(f).slice(0, 20));
    if (!out.includes(flag as BadgeFlag)) out.push(flag as BadgeFlag);
  }
  if (!out.length) fail('');
  return out;
}

/** The badge counts of `userId` for `flags` (see the module comment). */
export async function badgeCounts(db: Kysely<DB>, dialect: Dialect, userId: number, flags: BadgeFlag[]): Promise<Badges> {
  const out: Badges = {};
  const both = (n: number): AreaCount => ({ count: n, all_count: n });
  const clearance = await clearanceOf(db, userId);
  if (flags.includes('db') || flags.includes('df') || flags.includes('cb')) {
    const [counts, urged] = await Promise.all([
      listCounts(db, userId, { area: 'document' }, clearance),
      flags.includes('cb') ? urgedCount(db, dialect, userId, 'document') : 0,
    ]);
    if (flags.includes('db')) out.db = both(counts.todo);
    if (flags.includes('df')) out.df = both(counts.drafts);
    if (flags.includes('cb')) out.cb = both(urged);
  }
  if (flags.includes('dbsw')) {
    const [counts, urged] = await Promise.all([listCounts(db, userId, { area: 'affair' }, clearance), urgedCount(db, dialect, userId, 'affair')]);
    out.dbsw = { db: counts.todo, wbdb: 0, dy: counts.cc, wbdy: 0, df: counts.drafts, cb: urged };
  }
  if (flags.includes('mail')) out.mail = { sjwd: 0 };
  return out;
}

/** Registers flow/badges (see the module comment). */
export function registerBadges(app: FastifyInstance): void {
  // flag: a list or comma text of badge flags, checked by flagsOf (naming an unknown one)
  call<{ flag?: unknown }>(
    app,
    'flow/badges',
    {
      body: body({ flag: { type: ['array', 'string', 'null'], maxItems: 50, maxLength: 1000, items: { type: 'string', maxLength: 50 }, title: 'field.flag' } }),
    },
    async (req) => {
      const flags = flagsOf(req.body.flag, (flag) => {
        throw badInput(req.t('flow.badges.flag', { field: 'flag', flag }));
      });
      return badgeCounts(app.ctx.db, app.ctx.dialect, req.user.userId, flags);
    },
  );
}
