/**
 * Benchmarks of the issues' performance targets (not part of `npm test`). One run reports, for each
 * scenario, the server CPU time per request of a real endpoint against a bare Fastify hello-world
 * started by the same script, rounds alternated, medians reported (DESIGN §9).
 *
 * Usage: npm run bench [-- <scenario>…]   scenarios: userinfo, list, list-page, list-keyword, todo, approve,
 * push, form, pdf, search, flow-layout, designer-drag (default: all);
 * frontend (only when named: it measures the client built in CLIENT_DIR, default dist/client; ./scenarios/frontend.ts)
 * The list scenarios first start the app once (migrations, seed, entity tables), stop it, fill
 * biz_reception with 1,000,000 rows (./scenarios/list.ts), then measure the app started again.
 * The filled database is cached between runs with the same inputs (./cache.ts).
 * The approval scenarios run the app with the flow fixtures (tests/fixtures/schemas/flowtest):
 * `todo` and `approve` on flow_tasks filled with 5,000,000 tasks (./scenarios/flow.ts; approve acts on
 * instances started through the API beforehand, a different one per request), `push` times one reminder
 * to 5,000 websocket clients (./scenarios/push.ts).
 * BENCH_DB=pg runs these scenarios (not push) on PostgreSQL (./pg.ts: its own database, the filled tables
 * copied from the SQLite fill) and also reports PostgreSQL's CPU per request. The load is autocannon's
 * (./lib.ts), 8 connections, for app and hello-world alike.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { encryptPassword } from '../../src/shared/passwordTransport.js';
import { fillKey, restoreFill, storeFill } from './cache.js';
import { costPerRequest, median, request, startServer, warmHello, type Server } from './lib.js';
import { PG_MODE, backendWatcher, benchDatabaseUrl, pgTarget, preparePg } from './pg.js';
import { LIST_KEYWORD, LIST_ROWS, explainList, fillReceptions, type FillInfo } from './scenarios/list.js';
import { TASK_ROWS, addSessions, explainTodo, fillTasks, type BenchSession, type TaskFill } from './scenarios/flow.js';
import { PUSH_CLIENTS, PUSH_USERS, measurePush } from './scenarios/push.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 3000);

interface Scenario {
  name: string;
  /** Target ratio of the issue (app CPU per request ÷ hello-world's); null: figures only. */
  target: number | null;
  path: string;
  /** The body of every request, or of request `i` (counted over the warm-up and all rounds of the scenario). */
  body: unknown | ((i: number) => unknown);
  /** Requests per round when not PER_ROUND (slow endpoints). */
  requests?: number;
  /** Needs biz_reception filled before the app starts. */
  receptions?: boolean;
  /** Needs the flow fixtures and flow_tasks filled (TASK_ROWS) before the app starts. */
  tasks?: boolean;
  /** Prints what the first answer holds (a list's rows and total). */
  showFirst?: boolean;
  /** Prepares the app before measuring `count` requests (e.g. instances to approve). */
  prepare?: (app: Server, count: number) => Promise<void>;
  /** Not a CPU ratio: the websocket push (runs its own measure). */
  push?: boolean;
}

/** Requests per round of `approve` (each needs an instance started beforehand). */
const APPROVE_PER_ROUND = Number(process.env.BENCH_APPROVE_REQUESTS ?? 300);
/** Ids of the instances `approve` acts on, in order (filled by its prepare). */
let approveIds: number[] = [];
/** Sessions written for `push` before the app starts. */
let pushSessions: BenchSession[] = [];
let taskFill: TaskFill | null = null;

const scenarios: Record<string, Scenario> = {
  userinfo: { name: '/api/Person/userInfo', target: 6, path: '/api/Person/userInfo', body: {} },
  list: {
    name: `/api/receptions/list, 20 of ${LIST_ROWS} rows, department scope + total`,
    target: 12,
    path: '/api/receptions/list',
    body: { current: 1, pageSize: 20 },
    requests: 1000,
    receptions: true,
  },
  'list-page': {
    name: `/api/receptions/list as the list page asks it (page id: its columns only), 20 of ${LIST_ROWS} rows, department scope + total`,
    target: 12,
    path: '/api/receptions/list',
    body: { current: 1, pageSize: 20, page: 'receptions.reception.list' },
    requests: 1000,
    receptions: true,
  },
  'list-keyword': {
    name: `/api/receptions/list, keyword "${LIST_KEYWORD}", department scope + total (figures only)`,
    target: null,
    path: '/api/receptions/list',
    body: { current: 1, pageSize: 20, keyword: LIST_KEYWORD },
    requests: 300,
    receptions: true,
  },
  todo: {
    name: `/api/flow/todo (待办), 20 of demo's open tasks among ${TASK_ROWS} flow tasks + total`,
    target: 12,
    path: '/api/flow/todo',
    body: { current: 1, pageSize: 20 },
    requests: 1000,
    tasks: true,
    showFirst: true,
  },
  approve: {
    name: `/api/flow/act {id, type:'approve'}, a different instance per request, first step of flowtest.twostep, over ${TASK_ROWS} flow tasks`,
    target: 25,
    path: '/api/flow/act',
    body: (i: number) => ({ id: approveIds[i], type: 'approve' }),
    requests: APPROVE_PER_ROUND,
    tasks: true,
    prepare: prepareApprovals,
  },
  push: {
    name: `a reminder to ${PUSH_CLIENTS} websocket clients of one process`,
    target: 2000,
    path: '/api/Msg/socket',
    body: null,
    push: true,
  },
};

/** Port of the app (BENCH_PORT, default 18302); the hello-world listens on the one below. */
const APP_PORT = Number(process.env.BENCH_PORT ?? 18302);
/** With flow scenarios the app also loads the flow fixtures (flowtest.*). */
let flowFixtures = false;
/** The database of the app: PostgreSQL's bench database in PG mode once the fill is there, else SQLite. */
let onPg = false;
const APP_ENV = (dataDir: string): Record<string, string> => ({
  DATABASE_URL: onPg ? benchDatabaseUrl() : '',
  PORT: String(APP_PORT),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  ...(flowFixtures ? { OA_SCHEMA_DIRS: 'tests/fixtures/schemas/flowtest' } : {}),
});
/** BENCH_CPU_PROF=<dir>: the measured app writes a V8 CPU profile there when it stops (for finding what costs). */
const PROF = process.env.BENCH_CPU_PROF ? [`--cpu-prof`, `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
const startApp = (dataDir: string, prof = false) =>
  startServer([...(prof ? PROF : []), 'src/server/start.ts', '--dev'], APP_PORT, APP_ENV(dataDir), '/api/health');

/** Logs `username` (password Demo@2026) in; answers the X-Token / X-uuid headers of the session. */
async function login(port: number, username: string): Promise<Record<string, string>> {
  const { data: key } = await request(port, '/api/Login/getPublicKey', {});
  const r = await request(port, '/api/Login/index', {
    username,
    password: encryptPassword('Demo@2026', key.publicKey),
    isStrongPassword: 1,
    adminLogin: 0,
  });
  if (r.code !== 0) throw new Error(`login of ${username} failed: ${r.msg}`);
  return { 'x-token': r.data.token, 'x-uuid': r.data.uuid };
}

/** Ids of users by user name, read from the app's SQLite file. */
function userIds(dataDir: string, names: string[]): Record<string, number> {
  const db = new Database(path.join(dataDir, 'oa.sqlite'), { readonly: true });
  try {
    const rows = db.prepare(`select id, username from users where username in (${names.map(() => '?').join(',')})`).all(...names) as {
      id: number;
      username: string;
    }[];
    return Object.fromEntries(rows.map((r) => [r.username, r.id]));
  } finally {
    db.close();
  }
}

let dataDir = '';

/** Publishes every flow of the fixtures (flow/tree as demo), so that flow_versions holds them. */
async function publishFlows(port: number): Promise<void> {
  const tree = await request(port, '/api/flow/tree', {}, await login(port, 'demo'));
  if (tree.code !== 0) throw new Error(`flow/tree answered ${JSON.stringify(tree).slice(0, 200)}`);
}

/**
 * Starts the app once (migrations, seed; with the flow fixtures it also publishes every flow through
 * flow/tree), stops it, then fills what the scenarios need: biz_reception, flow_tasks, push sessions.
 */
async function prepareData(list: Scenario[]): Promise<FillInfo | null> {
  const what = [...(list.some((s) => s.receptions) ? ['receptions'] : []), ...(list.some((s) => s.tasks) ? ['tasks'] : [])];
  const key = what.length ? fillKey(what) : null;
  const cached = key ? restoreFill<{ fill: FillInfo | null; taskFill: TaskFill | null }>(key, dataDir) : null;
  if (cached) console.log(`reusing the filled database of an earlier run (${key}; tests/bench/cache.ts)`);
  const first = await startApp(dataDir);
  try {
    if (flowFixtures) await publishFlows(first.port);
  } finally {
    await first.stop();
  }
  let fill: FillInfo | null = cached?.fill ?? null;
  taskFill = cached?.taskFill ?? null;
  if (!cached && list.some((s) => s.receptions)) {
    const t0 = Date.now();
    fill = fillReceptions(dataDir);
    console.log(
      `filled biz_reception: ${LIST_ROWS} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s (inserts ${Math.round(fill.rowsPerSecond)} rows/s, then ${fill.indexSeconds.toFixed(1)} s building the indexes), ` +
        `${fill.inDept} in demo's department ${fill.deptId}, ${fill.keywordInDept} of them match "${LIST_KEYWORD}"`,
    );
  }
  if (!cached && list.some((s) => s.tasks)) {
    const f = (taskFill = fillTasks(dataDir));
    console.log(
      `filled flow_tasks: ${TASK_ROWS} tasks of ${f.instances} instances, ${f.users} users, in ${f.seconds.toFixed(1)} s (inserts ${Math.round(f.rowsPerSecond)} tasks/s with their instances, ` +
        `then ${f.indexSeconds.toFixed(1)} s building the indexes); demo holds ${f.demoTasks} tasks, ${f.demoPending} of them open 待办`,
    );
  }
  if (key && !cached) {
    const t0 = Date.now();
    const at = storeFill(key, dataDir, { fill, taskFill });
    if (at)
      console.log(`filled database cached as ${at} in ${((Date.now() - t0) / 1000).toFixed(1)} s (BENCH_CACHE=refresh fills again, BENCH_CACHE=0 keeps none)`);
  }
  if (list.some((s) => s.push)) {
    pushSessions = addSessions(dataDir, PUSH_USERS);
    console.log(`push: ${pushSessions.length} sessions written straight into the sessions table (users other than demo)`);
  }
  if (PG_MODE) {
    onPg = true;
    const tables = [...(list.some((s) => s.receptions) ? ['biz_reception'] : []), ...(list.some((s) => s.tasks) ? ['flow_instances', 'flow_tasks'] : [])];
    await preparePg(dataDir, tables, () => startApp(dataDir), flowFixtures ? (port) => publishFlows(port) : null);
  }
  return fill;
}

/**
 * Starts `count` instances of flowtest.twostep through the API as zhangwei, with demo the first approver and
 * liuyang the second: each approve request of the scenario moves a different one to its second step.
 */
async function prepareApprovals(app: Server, count: number): Promise<void> {
  const ids = userIds(dataDir, ['demo', 'liuyang']);
  const headers = await login(app.port, 'zhangwei');
  const t0 = Date.now();
  const out: number[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) {
        const i = next++;
        const r = await request(
          app.port,
          '/api/flow/start',
          { defId: 'flowtest.twostep', title: `用印申请（基准第${i + 1}件）`, data: { first: [ids.demo], second: [ids.liuyang] } },
          headers,
        );
        if (r.code !== 0) throw new Error(`flow/start answered ${JSON.stringify(r).slice(0, 200)}`);
        out[i] = r.data.id;
      }
    }),
  );
  approveIds = out;
  console.log(`approve: ${count} instances of flowtest.twostep started by zhangwei for demo in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  let wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  // The browser scenario (form render and keystroke) runs apart from the server ones.
  if (!wanted.length || wanted.includes('form')) {
    await (await import('./form/run.js')).runFormBench();
    if (wanted.length) {
      wanted = wanted.filter((w) => w !== 'form');
      if (!wanted.length) return;
    }
  }
  // Form designer: main-thread work per frame while dragging a field on a 200-field form, in Chromium.
  if (!wanted.length || wanted.includes('designer-drag')) {
    await (await import('./designer/run.js')).runDesignerDragBench();
    if (wanted.length) {
      wanted = wanted.filter((w) => w !== 'designer-drag');
      if (!wanted.length) return;
    }
  }
  // 公文督办: gwdbList over 1,000,000 generated documents, its own servers and fill (./scenarios/gwdb.ts).
  if (!wanted.length || wanted.includes('gwdb')) {
    await (await import('./scenarios/gwdb.js')).runGwdbBench();
    if (wanted.length) {
      wanted = wanted.filter((w) => w !== 'gwdb');
      if (!wanted.length) return;
    }
  }
  // Front end: bytes, requests and time to main content of four pages of the built client in Chromium.
  if (wanted.includes('frontend')) {
    await (await import('./scenarios/frontend.js')).runFrontendBench();
    wanted = wanted.filter((w) => w !== 'frontend');
    if (!wanted.length) return;
  }
  // The 公文 PDF renders in this process, no server.
  if (!wanted.length || wanted.includes('pdf')) {
    await (await import('./scenarios/pdf.js')).runPdfBench();
    if (wanted.length) {
      wanted = wanted.filter((w) => w !== 'pdf');
      if (!wanted.length) return;
    }
  }
  // Flow designer: layout of a 100-node flow, in this process, no server.
  if (!wanted.length || wanted.includes('flow-layout')) {
    await (await import('./scenarios/flowLayout.js')).runFlowLayoutBench();
    if (wanted.length) {
      wanted = wanted.filter((w) => w !== 'flow-layout');
      if (!wanted.length) return;
    }
  }
  // 公文检索: latency (p95) of document/search over HTTP, its own server and fill.
  if (!wanted.length || wanted.includes('search')) {
    await (await import('./scenarios/search.js')).runSearchBench();
    if (wanted.length) {
      wanted = wanted.filter((w) => w !== 'search');
      if (!wanted.length) return;
    }
  }
  let list = wanted.length ? wanted.map((w) => scenarios[w] ?? fail(`unknown scenario ${w}`)) : Object.values(scenarios);
  if (PG_MODE && list.some((s) => s.push)) {
    console.log('push runs on SQLite only (its sessions are written into the SQLite file): skipped with BENCH_DB=pg');
    list = list.filter((s) => !s.push);
  }
  flowFixtures = list.some((s) => s.tasks || s.push);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-'));
  let fill: FillInfo | null = null;
  let hello: Server | null = null;
  let app: Server | null = null;
  let pgWatch: Awaited<ReturnType<typeof backendWatcher>> | null = null;
  try {
    if (list.some((s) => s.receptions || s.tasks || s.push)) fill = await prepareData(list);
    hello = await startServer(['tests/bench/hello.ts', String(APP_PORT - 1)], APP_PORT - 1, {}, '/hello');
    app = await startApp(dataDir, true);
    if (PG_MODE) pgWatch = await backendWatcher();
    const others = pgWatch ? pgWatch.pids : undefined;
    console.log(`database: ${onPg ? `PostgreSQL (${benchDatabaseUrl()})` : 'SQLite'}; load: autocannon, 8 connections`);
    const headers = await login(app.port, 'demo');
    for (const s of list) {
      if (s.push) {
        await measurePush(app, s, headers, pushSessions);
        continue;
      }
      const n = s.requests ?? PER_ROUND;
      const warm = Math.min(n, 1000);
      await s.prepare?.(app, warm + ROUNDS * n);
      // Request i of the scenario, counted over the warm-up and every round (a different task to approve each).
      let offset = 0;
      const body = () => {
        if (typeof s.body !== 'function') return s.body;
        const from = offset;
        const f = s.body as (i: number) => unknown;
        return (i: number) => f(from + i);
      };
      const measure = async (count: number) => {
        const b = body();
        offset += count;
        return costPerRequest(app!, s.path, b, headers, count, others);
      };
      if (s.receptions || s.showFirst) {
        const first = await request(app.port, s.path, s.body, headers);
        if (first.code !== 0) throw new Error(`${s.path} answered ${JSON.stringify(first).slice(0, 200)}`);
        console.log(`${s.path} ${JSON.stringify(s.body)}: ${first.data.list.length} rows, total ${first.data.total}`);
      }
      // Warm both (JIT, caches) before measuring.
      await warmHello(hello);
      await measure(warm);
      const h: number[] = [];
      const a: number[] = [];
      const d: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        h.push((await costPerRequest(hello, '/hello', {}, {}, PER_ROUND)).server);
        const c = await measure(n);
        a.push(c.server);
        d.push(c.others);
      }
      const target = s.target == null ? null : onPg ? pgTarget(s.target) : s.target;
      const ratio = median(a) / median(h);
      console.log(
        `${s.name}: app ${median(a).toFixed(3)} ms CPU/request, hello-world ${median(h).toFixed(3)} ms → ${ratio.toFixed(2)}× ${target == null ? '(no target)' : `(target ≤ ${target}×) ${ratio <= target ? 'OK' : 'OVER TARGET'}`}` +
          (onPg ? `; PostgreSQL backends ${median(d).toFixed(3)} ms CPU/request` : ''),
      );
    }
    if (fill && !onPg) console.log(`SQL of the list (SQLite plans, timed in the bench process):\n${explainList(dataDir, fill.deptId).join('\n')}`);
    if (taskFill && !onPg && list.some((s) => s.showFirst))
      console.log(
        `SQL of flow/todo (lists.ts taskList as Kysely sends it; SQLite plans, timed in the bench process):\n${(await explainTodo(dataDir, taskFill.demoId)).join('\n')}`,
      );
  } finally {
    await pgWatch?.close();
    await app?.stop();
    await hello?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function fail(msg: string): never {
  throw new Error(msg);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
