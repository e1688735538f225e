import pg from 'pg';
import { startServer, request, load } from './lib.ts';
import { encryptPassword } from '../../src/shared/passwordTransport.ts';
const url = 'postgres://postgres@127.0.0.1:5432/oa_bench';
const app = await startServer(['src/server/start.ts', '--dev'], 18452, { DATABASE_URL: url, PORT: '18452', DATA_DIR: '/tmp/bench-h/probe-data', LOG_LEVEL: 'warn', NODE_ENV: 'production', OA_SCHEMA_DIRS: 'tests/fixtures/schemas/flowtest' }, '/api/health');
const { data: key } = await request(app.port, '/api/Login/getPublicKey', {});
const r = await request(app.port, '/api/Login/index', { username: 'demo', password: encryptPassword('Demo@2026', key.publicKey), isStrongPassword: 1, adminLogin: 0 });
const h = { 'x-token': r.data.token, 'x-uuid': r.data.uuid };
const c = new pg.Client({ connectionString: url }); await c.connect();
const x = async () => Number((await c.query(`select xact_commit + xact_rollback as n from pg_stat_database where datname='oa_bench'`)).rows[0].n);
for (const [path, body] of [['/api/receptions/list', { current: 1, pageSize: 20 }], ['/api/receptions/list', { current: 1, pageSize: 20, page: 'receptions.reception.list' }], ['/api/flow/todo', { current: 1, pageSize: 20 }], ['/api/Person/userInfo', {}]] as const) {
  await load(app.port, path, body, h, 300);
  await new Promise((r) => setTimeout(r, 700));
  const b = await x(); await load(app.port, path, body, h, 200); await new Promise((r) => setTimeout(r, 700)); const a = await x();
  console.log(path, JSON.stringify(body), ((a - b - 2) / 200).toFixed(2), 'transactions/request');
}
await c.end(); await app.stop();
