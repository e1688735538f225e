/**
 * Benchmarks of the issues' performance targets (not part of `npm test`). One run reports, for each
 * scenario, the server CPU time per request of a real endpoint against a bare Fastify hello-world
 * started by the same script, rounds alternated, medians reported (DESIGN §9).
 *
 * Usage: npm run bench [-- <scenario>…]   scenarios: userinfo, list, list-page, list-keyword (default: all)
 * The list scenarios first start the app once (migrations, seed, entity tables), stop it, fill
 * biz_reception with 1,000,000 rows (./scenarios/list.ts), then measure the app started again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encryptPassword } from '../../src/shared/passwordTransport.js';
import { cpuPerRequest, median, request, startServer, type Server } from './lib.js';
import { LIST_KEYWORD, LIST_ROWS, explainList, fillReceptions, type FillInfo } from './scenarios/list.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 3000);

interface Scenario {
  name: string;
  /** Target ratio of the issue (app CPU per request ÷ hello-world's); null: figures only. */
  target: number | null;
  path: string;
  body: unknown;
  /** Requests per round when not PER_ROUND (slow endpoints). */
  requests?: number;
  /** Needs biz_reception filled before the app starts. */
  receptions?: boolean;
}

const scenarios: Record<string, Scenario> = {
  userinfo: { name: '/api/Person/userInfo (issue 2)', target: 6, path: '/api/Person/userInfo', body: {} },
  list: {
    name: `/api/receptions/list, 20 of ${LIST_ROWS} rows, department scope + total (issue 3)`,
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
};

const APP_ENV = (dataDir: string) => ({ PORT: '18302', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' });
/** BENCH_CPU_PROF=<dir>: the measured app writes a V8 CPU profile there when it stops (for finding what costs). */
const PROF = process.env.BENCH_CPU_PROF ? [`--cpu-prof`, `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
const startApp = (dataDir: string, prof = false) => startServer([...(prof ? PROF : []), 'src/server/start.ts', '--dev'], 18302, APP_ENV(dataDir), '/api/health');

/** Starts the app once so that it migrates and seeds the database, stops it, and fills biz_reception. */
async function prepareReceptions(dataDir: string): Promise<FillInfo> {
  const first = await startApp(dataDir);
  await first.stop();
  const t0 = Date.now();
  const info = fillReceptions(dataDir);
  console.log(
    `filled biz_reception: ${LIST_ROWS} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s (inserts ${Math.round(info.rowsPerSecond)} rows/s, then ${info.indexSeconds.toFixed(1)} s building the indexes), ` +
      `${info.inDept} in demo's department ${info.deptId}, ${info.keywordInDept} of them match "${LIST_KEYWORD}"`,
  );
  return info;
}

async function main(): Promise<void> {
  let wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  // The browser scenario (issue 3 form render and keystroke) runs apart from the server ones.
  if (!wanted.length || wanted.includes('form')) {
    await (await import('./form/run.js')).runFormBench();
    if (wanted.length) {
      wanted = wanted.filter((w) => w !== 'form');
      if (!wanted.length) return;
    }
  }
  const list = wanted.length ? wanted.map((w) => scenarios[w] ?? fail(`unknown scenario ${w}`)) : Object.values(scenarios);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-'));
  let fill: FillInfo | null = null;
  let hello: Server | null = null;
  let app: Server | null = null;
  try {
    if (list.some((s) => s.receptions)) fill = await prepareReceptions(dataDir);
    hello = await startServer(['tests/bench/hello.ts', '18301'], 18301, {}, '/hello');
    app = await startApp(dataDir, true);
    const { data: key } = await request(app.port, '/api/Login/getPublicKey', {});
    const login = await request(app.port, '/api/Login/index', {
      username: 'demo',
      password: encryptPassword('Demo@2026', key.publicKey),
      isStrongPassword: 1,
      adminLogin: 0,
    });
    if (login.code !== 0) throw new Error(`login failed: ${login.msg}`);
    const headers = { 'x-token': login.data.token, 'x-uuid': login.data.uuid };
    for (const s of list) {
      const n = s.requests ?? PER_ROUND;
      if (s.receptions) {
        const first = await request(app.port, s.path, s.body, headers);
        if (first.code !== 0) throw new Error(`${s.path} answered ${JSON.stringify(first).slice(0, 200)}`);
        console.log(`${s.path} ${JSON.stringify(s.body)}: ${first.data.list.length} rows, total ${first.data.total}`);
      }
      // Warm both (JIT, caches) before measuring.
      await cpuPerRequest(hello, '/hello', {}, {}, 1000);
      await cpuPerRequest(app, s.path, s.body, headers, Math.min(n, 1000));
      const h: number[] = [];
      const a: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        h.push(await cpuPerRequest(hello, '/hello', {}, {}, PER_ROUND));
        a.push(await cpuPerRequest(app, s.path, s.body, headers, n));
      }
      const ratio = median(a) / median(h);
      console.log(
        `${s.name}: app ${median(a).toFixed(3)} ms CPU/request, hello-world ${median(h).toFixed(3)} ms → ${ratio.toFixed(2)}× ${s.target == null ? '(no target)' : `(target ≤ ${s.target}×) ${ratio <= s.target ? 'OK' : 'OVER TARGET'}`}`,
      );
    }
    if (fill) console.log(`SQL of the list (SQLite plans, timed in the bench process):\n${explainList(dataDir, fill.deptId).join('\n')}`);
  } finally {
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
