/**
 * Benchmarks of the issues' performance targets (not part of `npm test`). One run reports, for each
 * scenario, the server CPU time per request of a real endpoint against a bare Fastify hello-world
 * started by the same script, rounds alternated, medians reported (DESIGN §9).
 *
 * Usage: npm run bench [-- <scenario>]   scenarios: userinfo (default: all)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encryptPassword } from '../../src/shared/passwordTransport.js';
import { cpuPerRequest, median, request, startServer } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 3000);

interface Scenario {
  name: string;
  /** Target ratio of the issue (app CPU per request ÷ hello-world's). */
  target: number;
  path: string;
  body: unknown;
}

const scenarios: Record<string, Scenario> = {
  userinfo: { name: '/api/Person/userInfo (issue 2)', target: 6, path: '/api/Person/userInfo', body: {} },
};

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const list = wanted.length ? wanted.map((w) => scenarios[w] ?? fail(`unknown scenario ${w}`)) : Object.values(scenarios);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oa-bench-'));
  const hello = await startServer(['tests/bench/hello.ts', '18301'], 18301, {}, '/hello');
  const app = await startServer(['src/server/start.ts', '--dev'], 18302, { PORT: '18302', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' }, '/api/health');
  try {
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
      // Warm both (JIT, caches) before measuring.
      await cpuPerRequest(hello, '/hello', {}, {}, 1000);
      await cpuPerRequest(app, s.path, s.body, headers, 1000);
      const h: number[] = [];
      const a: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        h.push(await cpuPerRequest(hello, '/hello', {}, {}, PER_ROUND));
        a.push(await cpuPerRequest(app, s.path, s.body, headers, PER_ROUND));
      }
      const ratio = median(a) / median(h);
      console.log(
        `${s.name}: app ${median(a).toFixed(3)} ms CPU/request, hello-world ${median(h).toFixed(3)} ms → ${ratio.toFixed(2)}× (target ≤ ${s.target}×) ${ratio <= s.target ? 'OK' : 'OVER TARGET'}`,
      );
    }
  } finally {
    await app.stop();
    await hello.stop();
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
