/**
 * The approval scenarios: `todo` (待办 of one user over 5,000,000 flow tasks) and the data of
 * `approve` and `push`.
 *
 * `fillTasks` fills the SQLite file of a migrated, seeded and stopped app in one transaction with prepared
 * inserts (secondary indexes of flow_tasks / flow_instances dropped during the fill and built again after
 * it, like ./list.ts): the organisation is first grown to BENCH_USERS people (DESIGN §9: 2,000; the extra
 * ones have no department), then TASK_ROWS tasks are spread over instances of TASKS_PER_INSTANCE tasks of
 * the flows published in flow_versions (node ids of their task nodes, so the list shows flow and step
 * titles), assignees drawn from every user except that demo holds DEMO_TASKS of them. One task in ten is
 * pending (an open backlog of ~250 per person), so demo has a few hundred open 待办. Filled instances keep
 * a stub `state` (only the lists read them); task ids are 22 characters like the runtime's, but ascending
 * (a counter and random characters) so that the primary-key index is appended to rather than scattered.
 *
 * `explainTodo` runs the list's own query builder (engine/flow/lists.ts taskList) on a logging Kysely in
 * the bench process and prints SQLite's plan of each statement it sends (page and count).
 *
 * `addSessions` writes live sessions straight into the sessions table (the login is rate-limited per IP,
 * and thousands of logins would measure argon2): what the app stores is the SHA-256 of the token.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { taskList } from '../../../src/server/engine/flow/lists.js';

export const TASK_ROWS = Number(process.env.BENCH_TASKS ?? 5_000_000);
/** People in the organisation after the fill (the seeded ~300 plus generated ones). */
export const BENCH_USERS = Number(process.env.BENCH_USERS ?? 2_000);
/** Tasks of demo among TASK_ROWS. */
const DEMO_TASKS = 4_000;
const TASKS_PER_INSTANCE = 5;
/** Kinds of task with their share (per mille), and statuses. */
const KINDS: [string, number][] = [
  ['approve', 700],
  ['handle', 150],
  ['cc', 100],
  ['read', 30],
  ['signfor', 20],
];
const STATUSES: [string, number][] = [
  ['pending', 100],
  ['done', 820],
  ['cancelled', 60],
  ['waiting', 20],
];
const SUBJECTS = [
  '关于申请购置办公设备的请示',
  '关于召开年度工作会议的通知',
  '关于报送季度统计数据的函',
  '关于调整值班安排的报告',
  '关于印发工作要点的通知',
  '关于拨付专项经费的请示',
  '请假申请',
  '用车申请',
  '用印申请',
];

/** What the fill made. */
export interface TaskFill {
  demoId: number;
  users: number;
  instances: number;
  demoTasks: number;
  demoPending: number;
  rowsPerSecond: number;
  indexSeconds: number;
  seconds: number;
}

function picker(table: [string, number][], rnd: (n: number) => number): () => string {
  const total = table.reduce((a, [, w]) => a + w, 0);
  return () => {
    let r = rnd(total);
    for (const [v, w] of table) if ((r -= w) < 0) return v;
    return table[0][0];
  };
}

/** Drops the secondary indexes of `tables` (not the automatic ones of primary keys); answers their SQL. */
function dropIndexes(db: Database.Database, tables: string[]): string[] {
  const ix = db
    .prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${tables.map(() => '?').join(',')})`)
    .all(...tables) as { name: string; sql: string }[];
  for (const i of ix) db.exec(`drop index "${i.name}"`);
  return ix.map((i) => i.sql);
}

/** Fills `<dataDir>/oa.sqlite` (migrated, seeded, flows published, app stopped) as the module comment says. */
export function fillTasks(dataDir: string): TaskFill {
  const db = new Database(path.join(dataDir, 'oa.sqlite'));
  try {
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -1048576');
    let seed = 20261123;
    const rnd = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const demoId = (db.prepare(`select id from users where username = 'demo'`).get() as { id: number }).id;
    const flows = (
      db.prepare(`select def_id as defId, max(version) as version from flow_versions group by def_id`).all() as { defId: string; version: number }[]
    ).map((f) => {
      const def = JSON.parse(
        (db.prepare(`select definition from flow_versions where def_id = ? and version = ?`).get(f.defId, f.version) as { definition: string }).definition,
      );
      const nodes: string[] = [];
      const walk = (list: any[]) => {
        for (const n of list ?? []) {
          if (n.type === 'approve' || n.type === 'handle') nodes.push(n.id);
          if (Array.isArray(n.branches)) for (const b of n.branches) walk(b.nodes);
        }
      };
      walk(def.nodes);
      return { ...f, nodes: nodes.length ? nodes : ['start'] };
    });
    if (!flows.length) throw new Error('no flow published in flow_versions: start the app with the flow fixtures and call flow/tree first');
    const t0 = performance.now();
    let users: number[] = [];
    let instances = 0;
    let demoTasks = 0;
    let demoPending = 0;
    let rowsPerSecond = 0;
    let insertSeconds = 0;
    db.transaction(() => {
      // The organisation grown to BENCH_USERS people (copies of a plain account, no department).
      const have = (db.prepare(`select count(*) as n from users`).get() as { n: number }).n;
      const tpl = db.prepare(`select * from users where username = 'zhangwei'`).get() as Record<string, unknown>;
      const cols = Object.keys(tpl).filter((c) => c !== 'id');
      const addUser = db.prepare(`insert into users (${cols.join(', ')}) values (${cols.map((c) => `@${c}`).join(', ')})`);
      for (let i = have; i < BENCH_USERS; i++) {
        addUser.run({
          ...tpl,
          uuid: crypto.randomUUID(),
          username: `bench${i}`,
          realname: `测试用户${i}`,
          mobile: null,
          email: null,
          unionid: null,
          current_dept_id: null,
        });
      }
      users = (db.prepare(`select id from users where status = 1 and id != ?`).all(demoId) as { id: number }[]).map((r) => r.id);
      const sql = dropIndexes(db, ['flow_tasks', 'flow_instances']);
      const t1 = performance.now();
      const addInstance = db.prepare(
        `insert into flow_instances (id, def_id, def_version, entity, record_id, title, initiator_id, initiator_dept_id, status, state, version, created_at, started_at, ended_at, updated_at)
         values (?, ?, ?, null, null, ?, ?, null, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const addTask = db.prepare(
        `insert into flow_tasks (id, instance_id, node_id, node_run_id, kind, assignee_id, on_behalf_of, status, result, opinion, title, def_id, initiator_id, created_at, acted_at, deadline, overdue)
         values (?, ?, ?, ?, ?, ?, null, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const firstInstance = Number((db.prepare(`select coalesce(max(id), 0) as m from flow_instances`).get() as { m: number }).m) + 1;
      const kind = picker(KINDS, rnd);
      const status = picker(STATUSES, rnd);
      const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const tail = () => {
        let s = '';
        for (let k = 0; k < 14; k++) s += chars[rnd(64)];
        return s;
      };
      const base = Date.UTC(2021, 0, 1);
      const span = Date.UTC(2026, 0, 1) - base;
      const demoEvery = TASK_ROWS / DEMO_TASKS;
      instances = Math.ceil(TASK_ROWS / TASKS_PER_INSTANCE);
      let task = 0;
      for (let k = 0; k < instances; k++) {
        const id = firstInstance + k;
        const flow = flows[rnd(flows.length)];
        const initiator = users[rnd(users.length)];
        const created = base + Math.floor((k / instances) * span) + rnd(3_600_000);
        const title = `${SUBJECTS[rnd(SUBJECTS.length)]}（第${id}号）`;
        let open = false;
        const n = Math.min(TASKS_PER_INSTANCE, TASK_ROWS - task);
        const runId = `r${id.toString(36).padStart(7, '0')}${tail()}`;
        for (let j = 0; j < n; j++, task++) {
          const demo = Math.floor((task + 1) / demoEvery) > Math.floor(task / demoEvery);
          const assignee = demo ? demoId : users[rnd(users.length)];
          const kd = kind();
          const st = status();
          const at = created + (j + 1) * 3_600_000 + rnd(3_600_000);
          const acted = st === 'done' ? at + rnd(86_400_000) : null;
          if (st === 'pending') open = true;
          if (demo) {
            demoTasks++;
            if (st === 'pending' && (kd === 'approve' || kd === 'handle' || kd === 'signfor')) demoPending++;
          }
          const deadline = rnd(4) === 0 ? at + 3 * 86_400_000 : null;
          addTask.run(
            `${task.toString(36).padStart(8, '0')}${tail()}`,
            id,
            flow.nodes[j % flow.nodes.length],
            runId,
            kd,
            assignee,
            st,
            st === 'done' ? (kd === 'cc' || kd === 'read' ? 'read' : 'approve') : null,
            st === 'done' && rnd(3) === 0 ? '同意' : null,
            title,
            flow.defId,
            initiator,
            at,
            acted,
            deadline,
            deadline != null && st === 'pending' && rnd(2) === 0 ? 1 : 0,
          );
        }
        const st = open ? 'running' : rnd(10) === 0 ? 'rejected' : 'finished';
        const ended = open ? null : created + (n + 1) * 3_600_000;
        addInstance.run(
          id,
          flow.defId,
          flow.version,
          title,
          initiator,
          st,
          `{"id":"${id}","status":"${st}","tasks":[],"pendingTimers":[]}`,
          n + 1,
          created,
          created,
          ended,
          ended ?? created + n * 3_600_000,
        );
      }
      insertSeconds = (performance.now() - t1) / 1000;
      rowsPerSecond = TASK_ROWS / insertSeconds;
      for (const s of sql) db.exec(s);
    })();
    const seconds = (performance.now() - t0) / 1000;
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('analyze');
    return { demoId, users: users.length + 1, instances, demoTasks, demoPending, rowsPerSecond, indexSeconds: seconds - insertSeconds, seconds };
  } finally {
    db.close();
  }
}

/** The statements flow/todo {current:1,pageSize:20} sends for `userId` (lists.ts taskList) with SQLite's plans. */
export async function explainTodo(dataDir: string, userId: number): Promise<string[]> {
  const sqlite = new Database(path.join(dataDir, 'oa.sqlite'), { readonly: true });
  const sent: CompiledQuery[] = [];
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }), log: (e) => void sent.push(e.query) });
  const out: string[] = [];
  try {
    await taskList(db, userId, 'todo', { current: 1, pageSize: 20 });
    for (const q of sent) {
      const args = q.parameters as unknown[];
      const plan = sqlite.prepare(`explain query plan ${q.sql}`).all(...args) as { detail: string }[];
      const stmt = sqlite.prepare(q.sql);
      const n = 50;
      const t0 = performance.now();
      for (let i = 0; i < n; i++) stmt.all(...args);
      const ms = (performance.now() - t0) / n;
      out.push(
        `  ${q.sql}  [${args.map((a) => JSON.stringify(a)).join(', ')}]\n    plan: ${plan.map((p) => p.detail).join(' | ')}\n    in-process better-sqlite3: ${ms.toFixed(3)} ms/statement`,
      );
    }
  } finally {
    await db.destroy();
  }
  return out;
}

/** A session written by addSessions: the user and the credentials a client presents (X-Token, X-uuid). */
export interface BenchSession {
  userId: number;
  token: string;
  uuid: string;
}

/**
 * Writes one live session (1 day) for each of `count` active users other than demo, in id order — the
 * seeded organisation first (the people with a department), then the generated ones; answers them.
 */
export function addSessions(dataDir: string, count: number): BenchSession[] {
  const db = new Database(path.join(dataDir, 'oa.sqlite'));
  try {
    const people = db
      .prepare(
        `select u.id, u.uuid, u.current_dept_id as dept from users u where u.status = 1 and u.username != 'demo'
         order by (select count(*) from user_departments ud where ud.user_id = u.id) = 0, u.id limit ?`,
      )
      .all(count) as { id: number; uuid: string; dept: number | null }[];
    const insert = db.prepare(
      `insert into sessions (token_hash, user_id, dept_id, ip, user_agent, must_change_password, admin_login, created_at, expires_at, revoked_at)
       values (?, ?, ?, '127.0.0.1', 'oa-bench', 0, 0, ?, ?, null)`,
    );
    const at = Date.now();
    const out: BenchSession[] = [];
    db.transaction(() => {
      for (const p of people) {
        const token = crypto.randomBytes(32).toString('base64url');
        insert.run(crypto.createHash('sha256').update(token).digest('hex'), p.id, p.dept, at, at + 86_400_000);
        out.push({ userId: p.id, token, uuid: p.uuid });
      }
    })();
    return out;
  } finally {
    db.close();
  }
}
