/**
 * Work-list answers kept in the process (bench: 待办 over 5,000,000 tasks), never served stale.
 *
 * A task list (todo, done, cc: lists.ts taskList) reads only rows of flow_tasks of one assignee, and migration
 * 0021 keeps `user_task_versions.version` of that assignee changing in the transaction of every write of such a
 * row (triggers). `taskListCached` reads the version first, then, unless an answer of the same plan (user, kind,
 * paging, filters, clearance: TaskListPlan.key) was stored at that version, runs the list and stores it under
 * the version read before it: a write committed meanwhile changed the version, so the next call runs the list
 * again. Reading the version before the rows is what makes this safe with several server processes
 * (PostgreSQL, each with its own cache). A person without a version row (no task written since 0021 and none
 * before it) is not cached.
 *
 * What does not live in flow_tasks is read fresh on every call: the initiators' names (users.realname, one
 * primary-key look-up of the page's initiators) here, flow and step titles by the caller (lists.ts withNames).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import type { TaskItem } from '../../../shared/flow.js';
import { runTaskList, taskListPlan } from './lists.js';
import { type ListBody, type ListFilters } from './listBody.js';
import { preparedQuery, type PreparedQuery } from './prepared.js';

/** Rows (list items, plus one per answer) kept per database before the cache starts over: some 20 MB at most. */
export const LIST_CACHE_ROWS = 50_000;

interface Entry {
  version: string;
  list: TaskItem[];
  total: number;
  /** The initiators of `list`, each once. */
  ids: number[];
}

/** Per database: answers by `kind|plan key`, and how many rows they hold together. */
const caches = new WeakMap<object, { entries: Map<string, Entry>; rows: number }>();

/** The change counter of a person's tasks (table of migration 0021, not in DB's types). */
type VersionDb = Kysely<DB & { user_task_versions: { user_id: number; version: number } }>;
const versionOf = preparedQuery<{ userId: number }, { version: number | string | bigint }>((db, p) =>
  (db as unknown as VersionDb).selectFrom('user_task_versions').select('version').where('user_id', '=', p.userId),
);

type VersionOrName = { k: number | string; v: number | string | bigint; n: string | null };

/**
 * In one statement: the version of `userId` (row k 0) and the names of people `ids` (rows k 1: v id, n
 * realname) — the initiators of a page held in the cache, wanted when that page is still current. One prepared
 * query per number of ids.
 */
const versionAndNames = new Map<number, PreparedQuery<Record<string, number>, VersionOrName>>();
async function versionWithNames(db: Kysely<DB>, userId: number, ids: number[]): Promise<{ version: string | null; names: Map<number, string> }> {
  let q = versionAndNames.get(ids.length);
  if (!q) {
    const n = ids.length;
    q = preparedQuery<Record<string, number>, VersionOrName>((b, p) =>
      (b as unknown as VersionDb)
        .selectFrom('user_task_versions')
        .select([sql<number>`0`.as('k'), 'version as v', sql<string | null>`null`.as('n')])
        .where('user_id', '=', p.userId)
        .unionAll(
          (b as unknown as VersionDb)
            .selectFrom('users')
            .select([sql<number>`1`.as('k'), 'id as v', 'realname as n'])
            .where(
              'id',
              'in',
              Array.from({ length: n }, (_, i) => p[`u${i}`]),
            ),
        ),
    );
    versionAndNames.set(n, q);
  }
  const values: Record<string, number> = { userId };
  ids.forEach((id, i) => (values[`u${i}`] = id));
  let version: string | null = null;
  const names = new Map<number, string>();
  for (const r of (await q(db, values)).rows) {
    if (Number(r.k) === 0) version = String(r.v);
    else names.set(Number(r.v), r.n as string);
  }
  return { version, names };
}

/**
 * taskList (same answer, same `names`), served from the process's cache while the person's tasks have not
 * changed (module comment). The rows answered are shared with later calls: callers copy, never change them
 * (they are frozen).
 */
export async function taskListCached(
  db: Kysely<DB>,
  userId: number,
  kind: 'todo' | 'done' | 'cc',
  body: ListBody,
  filters: ListFilters = {},
): Promise<{ list: TaskItem[]; total: number; names: (string | null)[] }> {
  const plan = taskListPlan(userId, kind, body, filters);
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { entries: new Map(), rows: 0 }));
  const key = `${kind}|${plan.key}`;
  const held = cache.entries.get(key);
  let version: string | null;
  if (held && held.list.length) {
    // The version, and the names the held page needs should it still be current.
    const r = await versionWithNames(db, userId, held.ids);
    version = r.version;
    if (version !== null && held.version === version)
      return { list: held.list, total: held.total, names: held.list.map((t) => r.names.get(t.initiator) ?? null) };
  } else {
    const row = (await versionOf(db, { userId })).rows[0];
    version = row ? String(row.version) : null;
    if (held && version !== null && held.version === version) return { list: held.list, total: held.total, names: [] };
  }
  if (version === null) return runTaskList(db, plan);
  const answer = await runTaskList(db, plan);
  for (const t of answer.list) Object.freeze(t);
  // Each entry counts its rows plus one (empty lists are bounded too).
  if (held) cache.rows -= held.list.length + 1;
  if (cache.rows + answer.list.length + 1 > LIST_CACHE_ROWS) {
    cache.entries.clear();
    cache.rows = 0;
  }
  cache.rows += answer.list.length + 1;
  cache.entries.set(key, {
    version,
    list: Object.freeze(answer.list) as TaskItem[],
    total: answer.total,
    ids: [...new Set(answer.list.map((t) => t.initiator))],
  });
  return answer;
}
