/**
 * The `gwdb` scenario: /api/document/gwdbList (督办) of the 市长 (liqiang: document:supervise, data scope
 * all) over GWDB_DOCS (default 1,000,000) documents made by the test-document generator of /debug/index
 * (src/server/services/debug/generate.ts), against the bare hello-world — server CPU per request, rounds
 * alternated, medians (DESIGN §9); target ≤ 12×.
 *
 * The app is started once (migrations, seed, entity tables) and stopped; the generator then fills its SQLite file
 * in this process (secondary indexes of the filled tables dropped during the fill and built again after it, like
 * ./list.ts and ./flow.ts); the filled file is cached between runs (../cache.ts; the key covers the generator's
 * sources, the document definitions, GWDB_DOCS and FILL_VERSION; BENCH_GWDB_KEY=gwdb-… uses a cached fill even when
 * those inputs changed since, and the run says so). Its own ports: hello-world 18301, app 18303,
 * fresh app 18304.
 * Two apps run on the same file, measured in the same alternated rounds against the same hello-world:
 * - cached: nothing happens on any flow during the rounds, so the app answers the page it remembered (validated by
 *   the newest flow_events and doc_supervisions ids on every request; services/document/supervise.ts) — a repeated
 *   visit;
 * - fresh: started with OA_GWDB_PAGE_CACHE=off, it reads every page from the database (services/document/gwdbList.ts)
 *   — a first visit, or any visit after something happened on a flow. Its total is counted at most every
 *   GWDB_TOTAL_TTL_MS (10 s) for the same scope and filters, as every list of the product reuses its totals
 *   (engine/totals.ts); the in-process timing of that count is printed at the end.
 * Both must be ≤ 12×. Also printed: Person/userInfo of the same app in the same rounds (a reference of a cached call
 * on this machine now), and the statements of one gwdbList read afresh, with SQLite's plans and in-process timings.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type CompiledQuery } from 'kysely';
import { openDatabase } from '../../../src/server/db/index.js';
import { generateDocuments, type GenerateReport } from '../../../src/areas/document/server/debug/generate.js';
import { readGwdbList } from '../../../src/areas/document/server/services/gwdbList.js';
import { encryptPassword } from '../../../src/shared/passwordTransport.js';
import { restoreFill, storeFill } from '../cache.js';
import { cpuPerRequest, median, request, startServer, warmHello } from '../lib.js';

/** Documents generated for the scenario (DESIGN §9: 1,000,000). */
export const GWDB_DOCS = Number(process.env.BENCH_GWDB_DOCS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const REQUESTS = Number(process.env.BENCH_GWDB_REQUESTS ?? 1000);
const HELLO_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const TARGET = 12;
const HELLO_PORT = 18301;
const APP_PORT = 18303;
const FRESH_PORT = 18304;
const BODY = { current: 1, pageSize: 20 };
/** Sources whose content shapes the filled database (the cache key), and the version of `fill` below (bump it when it changes). */
const GENERATOR = ['corpus', 'generate', 'plan', 'simulate'].map((f) => `src/server/services/debug/${f}.ts`);
const INPUTS = [...GENERATOR, 'schemas/document/entities', 'schemas/document/flows'];
const FILL_VERSION = 1;
/** Tables the generator fills: their secondary indexes are dropped during the fill. */
const FILLED = ['flow_instances', 'flow_tasks', 'flow_events', 'flow_timers', 'biz_doc_send', 'biz_doc_receive', 'doc_mark_numbers'];

function files(p: string): string[] {
  if (!fs.existsSync(p)) return [];
  if (!fs.statSync(p).isDirectory()) return [p];
  return fs
    .readdirSync(p)
    .sort()
    .flatMap((f) => files(path.join(p, f)));
}

/** The cache key of the fill: generator sources and the document count. */
function fillKey(): string {
  const h = crypto.createHash('sha256').update(`${GWDB_DOCS}|${FILL_VERSION}`);
  for (const f of INPUTS.flatMap(files)) h.update(f).update('\0').update(fs.readFileSync(f)).update('\0');
  return `gwdb-${h.digest('hex').slice(0, 16)}`;
}

/** What the fill reported. */
interface GwdbFill {
  report: GenerateReport;
  docsPerSecond: number;
  indexSeconds: number;
}

const startApp = (dataDir: string, port = APP_PORT, env: Record<string, string> = {}) =>
  startServer(
    ['src/server/start.ts', '--dev'],
    port,
    { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    '/api/health',
  );

/** Fills `<dataDir>/oa.sqlite` (migrated, seeded, app stopped) with GWDB_DOCS generated documents. */
async function fill(dataDir: string): Promise<GwdbFill> {
  const file = path.join(dataDir, 'oa.sqlite');
  const raw = new Database(file);
  const ix = raw
    .prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${FILLED.map(() => '?').join(',')})`)
    .all(...FILLED) as { name: string; sql: string }[];
  for (const i of ix) raw.exec(`drop index "${i.name}"`);
  raw.close();
  const d = openDatabase({ dataDir });
  const t0 = performance.now();
  let report: GenerateReport;
  try {
    await sql`pragma synchronous = OFF`.execute(d.db);
    let shown = 0;
    report = await generateDocuments(d.db, 'sqlite', {
      count: GWDB_DOCS,
      seed: 20261125,
      onChunk: (n) => {
        if (n - shown >= 50_000 || n === GWDB_DOCS) {
          shown = n;
          console.log(`  generated ${n} documents in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
        }
      },
    });
  } finally {
    await d.close();
  }
  const inserted = performance.now();
  const db = new Database(file);
  try {
    db.pragma('cache_size = -1048576');
    for (const i of ix) db.exec(i.sql);
    // Statistics from a sample of each index (a full analyze reads every index of ~10 GB).
    db.pragma('analysis_limit = 2000');
    db.exec('analyze');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return { report, docsPerSecond: GWDB_DOCS / ((inserted - t0) / 1000), indexSeconds: (performance.now() - inserted) / 1000 };
}

/** Logs `username` (password Demo@2026) in; answers the session headers. */
async function login(port: number, username: string): Promise<Record<string, string>> {
  const { data: key } = await request(port, '/api/Login/getPublicKey', {});
  const r = await request(port, '/api/Login/index', { username, password: encryptPassword('Demo@2026', key.publicKey), isStrongPassword: 1, adminLogin: 0 });
  if (r.code !== 0) throw new Error(`login of ${username} failed: ${r.msg}`);
  return { 'x-token': r.data.token, 'x-uuid': r.data.uuid };
}

/** The statements of one gwdbList of `userId` (scope all, clearance 3) with SQLite's plans and timings. */
async function explain(dataDir: string, userId: number): Promise<string[]> {
  const sqlite = new Database(path.join(dataDir, 'oa.sqlite'), { readonly: true });
  const sent: CompiledQuery[] = [];
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }), log: (e) => void sent.push(e.query) });
  const out: string[] = [];
  try {
    await readGwdbList(db, { userId, supervisor: true, scope: 'all', deptId: null, unitDepts: [], clearance: 3 }, BODY, (t) => t?.d ?? '');
    for (const q of sent) {
      const args = q.parameters as unknown[];
      const plan = sqlite.prepare(`explain query plan ${q.sql}`).all(...args) as { detail: string }[];
      const stmt = sqlite.prepare(q.sql);
      const n = 20;
      const t0 = performance.now();
      for (let i = 0; i < n; i++) stmt.all(...args);
      out.push(
        `  ${q.sql}\n    plan: ${plan.map((p) => p.detail).join(' | ')}\n    in-process better-sqlite3: ${((performance.now() - t0) / n).toFixed(3)} ms/statement`,
      );
    }
  } finally {
    await db.destroy();
  }
  return out;
}

/** Runs the scenario and prints its figures. */
export async function runGwdbBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-gwdb-'));
  let hello: Awaited<ReturnType<typeof startServer>> | null = null;
  let app: Awaited<ReturnType<typeof startServer>> | null = null;
  let fresh: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    // BENCH_GWDB_KEY names a cached fill to use whatever the inputs are now (e.g. after a definition change that
    // does not touch what the generator writes); the figures then say which one was used.
    const key = process.env.BENCH_GWDB_KEY || fillKey();
    let info = restoreFill<GwdbFill>(key, dataDir);
    if (info)
      console.log(
        `gwdb: reusing the filled database of an earlier run (${key}${key === fillKey() ? '' : ', named by BENCH_GWDB_KEY: the generator inputs changed since'}; tests/bench/cache.ts)`,
      );
    else if (process.env.BENCH_GWDB_KEY) throw new Error(`BENCH_GWDB_KEY=${key}: no such cached fill`);
    const first = await startApp(dataDir);
    await first.stop();
    if (!info) {
      info = await fill(dataDir);
      const r = info.report;
      console.log(
        `gwdb: generated ${r.created} documents (${r.send} 发文, ${r.receive} 收文; ${Object.entries(r.byStatus)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}), ${r.tasks} flow tasks, ${r.events} flow events ` +
          `at ${Math.round(info.docsPerSecond)} documents/s, then ${info.indexSeconds.toFixed(0)} s building the indexes`,
      );
      const t0 = Date.now();
      const at = storeFill(key, dataDir, info);
      if (at) console.log(`gwdb: filled database cached as ${at} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
    const ids = new Database(path.join(dataDir, 'oa.sqlite'), { readonly: true });
    const liqiang = (ids.prepare(`select id from users where username = 'liqiang'`).get() as { id: number }).id;
    ids.close();
    hello = await startServer(['tests/bench/hello.ts', String(HELLO_PORT)], HELLO_PORT, {}, '/hello');
    app = await startApp(dataDir);
    fresh = await startApp(dataDir, FRESH_PORT, { OA_GWDB_PAGE_CACHE: 'off' });
    const headers = await login(app.port, 'liqiang');
    const freshHeaders = await login(fresh.port, 'liqiang');
    const firstAnswer = await request(app.port, '/api/document/gwdbList', BODY, headers);
    if (firstAnswer.code !== 0) throw new Error(`gwdbList answered ${JSON.stringify(firstAnswer).slice(0, 200)}`);
    const freshAnswer = await request(fresh.port, '/api/document/gwdbList', BODY, freshHeaders);
    if (JSON.stringify(freshAnswer.data) !== JSON.stringify(firstAnswer.data)) throw new Error('the fresh app answered another page than the cached one');
    const top = firstAnswer.data.list[0];
    console.log(
      `/api/document/gwdbList ${JSON.stringify(BODY)} as liqiang: ${firstAnswer.data.list.length} rows, total ${firstAnswer.data.total}; first: ${JSON.stringify(top)}`,
    );
    await warmHello(hello);
    await cpuPerRequest(app, '/api/document/gwdbList', BODY, headers, Math.min(REQUESTS, 500));
    await cpuPerRequest(fresh, '/api/document/gwdbList', BODY, freshHeaders, Math.min(REQUESTS, 500));
    await cpuPerRequest(app, '/api/Person/userInfo', {}, headers, 500);
    const h: number[] = [];
    const a: number[] = [];
    const f: number[] = [];
    // Person/userInfo of the same app and session, as a reference of what a cached call costs on this machine now.
    const u: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      h.push(await cpuPerRequest(hello, '/hello', {}, {}, HELLO_REQUESTS));
      a.push(await cpuPerRequest(app, '/api/document/gwdbList', BODY, headers, REQUESTS));
      f.push(await cpuPerRequest(fresh, '/api/document/gwdbList', BODY, freshHeaders, REQUESTS));
      u.push(await cpuPerRequest(app, '/api/Person/userInfo', {}, headers, REQUESTS));
    }
    console.log(
      `reference: /api/Person/userInfo in the same rounds ${median(u).toFixed(3)} ms CPU/request → ${(median(u) / median(h)).toFixed(2)}× hello-world`,
    );
    const what = `/api/document/gwdbList (督办), 20 of the running among ${GWDB_DOCS} generated documents, supervisor of scope all + total`;
    for (const [label, xs] of [
      ['cached (repeat visit, page cache)', a],
      ['fresh (page read from the database every request)', f],
    ] as const) {
      const ratio = median(xs) / median(h);
      console.log(
        `${what}, ${label}: app ${median(xs).toFixed(3)} ms CPU/request (rounds ${xs.map((x) => x.toFixed(3)).join(' ')}), ` +
          `hello-world ${median(h).toFixed(3)} ms → ${ratio.toFixed(2)}× (target ≤ ${TARGET}×) ${ratio <= TARGET ? 'OK' : 'OVER TARGET'}`,
      );
    }
    await app.stop();
    app = null;
    await fresh.stop();
    fresh = null;
    console.log(
      `SQL of gwdbList read afresh (services/document/gwdbList.ts as Kysely sends it, total counted; SQLite plans, timed in the bench process):\n${(await explain(dataDir, liqiang)).join('\n')}`,
    );
  } finally {
    await app?.stop();
    await fresh?.stop();
    await hello?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
