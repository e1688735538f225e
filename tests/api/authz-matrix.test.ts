/**
 * The authorisation matrix (DESIGN §7 三员分立, 等保 2.0 access control), generated from the routes the app registers
 * (src/server/api/index.ts registeredRoutes), classified in ./authz-routes.ts:
 *  (a) every POST route anonymously → -99, except the public sign-in calls;
 *  (b) a plain staff member (zhangwei) on every administrative call and every call that needs a permission he lacks →
 *      refused (-1 error.forbidden), before the body is looked at (every probe sends an empty body);
 *  (c) another unit's person (sunli, 市财政局) on id-based calls of 市政府办公室's records → refused or not found, while
 *      the owner gets the same call answered;
 *  (d) the 三员: admin, secadmin and auditor each refused the others' duties and all business.
 * A registered route missing from the classification fails the first test, naming it. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, actors, type Answer, type TestApp } from './helpers.js';
import { registeredRoutes } from '../../src/server/api/index.js';
import { translate } from '../../src/server/i18n/index.js';
import { NOT_PROBED_SIGNED_IN, ROUTE_CLASSES, type RouteClass } from './authz-routes.js';

let t: TestApp;
const people = actors(() => t);
let routes: string[] = [];
let sent = 0;
const holes: string[] = [];

const REFUSALS = [translate('zh-CN', 'error.forbidden'), translate('zh-CN', 'error.sanyuanBusiness')];
const refused = (r: Answer) => r.code === -1 && REFUSALS.includes(r.msg);
const answered = (r: Answer) => r.status < 500 && r.code !== -99 && !refused(r);

/** POST with an empty body; the answer parsed even when the call answers a file (then code 0). */
async function probe(path: string, who?: string): Promise<Answer> {
  sent++;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    payload: {},
    remoteAddress: `10.77.${(sent >> 8) & 255}.${sent & 255}`,
    headers: who ? { 'x-token': (await people.as(who)).token, 'x-uuid': (await people.as(who)).uuid } : {},
  });
  let parsed: { code: number; msg: string; data: unknown };
  try {
    parsed = res.json();
  } catch {
    parsed = { code: 0, msg: 'file', data: null };
  }
  return { ...parsed, status: res.statusCode, res };
}

/** Probes `who` on every route of `classes`; answers the holes (a route where `who` is not refused, or not answered). */
async function holesOf(who: string, classes: RouteClass[], want: 'refused' | 'answered'): Promise<string[]> {
  const found: string[] = [];
  for (const p of routes) {
    if (!classes.includes(ROUTE_CLASSES[p]) || NOT_PROBED_SIGNED_IN.has(p)) continue;
    const r = await probe(p, who);
    const ok = want === 'refused' ? refused(r) : answered(r);
    if (!ok) found.push(`${who} ${p} (${ROUTE_CLASSES[p]}) should be ${want}: ${r.status} ${r.code} ${r.msg}`);
  }
  holes.push(...found);
  return found;
}

beforeAll(async () => {
  t = await createTestApp();
  // Parametric routes (designer-made forms' /api/:group/:op) are classified but probed by their own tests.
  routes = [
    ...new Set(
      registeredRoutes(t.app)
        .filter((r) => r.method === 'POST' && !r.url.includes(':'))
        .map((r) => r.url.replace(/^\/api\//, '')),
    ),
  ];
});

afterAll(async () => {
  console.info(
    `authz matrix: ${Object.keys(ROUTE_CLASSES).length} routes classified, ${routes.length} probed, ${sent} requests sent, ${holes.length} holes found`,
  );
  if (holes.length) console.info(`holes:\n${holes.join('\n')}`);
  await t.close();
});

describe('authorisation matrix over the registered routes', () => {
  it('every registered route is classified, and every classified route is registered', () => {
    const registered = new Set(
      registeredRoutes(t.app)
        .filter((r) => r.method === 'POST' || r.method === 'GET')
        .map((r) => r.url.replace(/^\/api\//, '')),
    );
    const unclassified = [...registered].filter((p) => !(p in ROUTE_CLASSES));
    expect(unclassified, `routes not classified in tests/api/authz-routes.ts: ${unclassified.join(', ')}`).toEqual([]);
    const stale = Object.keys(ROUTE_CLASSES).filter((p) => !registered.has(p));
    expect(stale, `classified but not registered: ${stale.join(', ')}`).toEqual([]);
    expect(routes.length).toBeGreaterThan(250);
  });

  it('(a) anonymously every route but the public sign-in calls answers -99', async () => {
    const found: string[] = [];
    for (const p of routes) {
      const r = await probe(p);
      const pub = ROUTE_CLASSES[p] === 'public';
      if (r.status >= 500 || (pub ? r.code === -99 : r.code !== -99)) found.push(`anonymous ${p}: ${r.status} ${r.code} ${r.msg}`);
    }
    holes.push(...found);
    expect(found).toEqual([]);
  });

  it('(b) a plain staff member is refused every administrative call and every call needing a permission he lacks', async () => {
    const found = [
      ...(await holesOf('zhangwei', ['admin', 'orgRead', 'secadmin', 'auditor', 'lead'], 'refused')),
      ...(await holesOf('zhangwei', ['self', 'staff'], 'answered')),
      ...(await holesOf('demo', ['lead'], 'answered')),
    ];
    expect(found).toEqual([]);
  });

  it('(d) 三员: the system administrator administers, the security administrator reviews, nobody of them does business', async () => {
    const found = [
      ...(await holesOf('admin', ['admin', 'orgRead', 'self'], 'answered')),
      ...(await holesOf('admin', ['secadmin', 'auditor', 'staff', 'lead'], 'refused')),
      ...(await holesOf('secadmin', ['secadmin', 'orgRead', 'self'], 'answered')),
      ...(await holesOf('secadmin', ['admin', 'auditor', 'staff', 'lead'], 'refused')),
      ...(await holesOf('auditor', ['auditor', 'self'], 'answered')),
      ...(await holesOf('auditor', ['admin', 'orgRead', 'secadmin', 'staff', 'lead'], 'refused')),
    ];
    expect(found).toEqual([]);
  });
});

describe('another unit on id-based calls', () => {
  it('(c) sunli (市财政局) is refused or told "not found" on 市政府办公室’s records, which their owner reaches with the same call', async () => {
    const dept = (await t.database.db.selectFrom('users').select('current_dept_id').where('username', '=', 'zhangwei').executeTakeFirstOrThrow())
      .current_dept_id;
    const affair = await people.ok('affair/add', { title: '关于调整办公用房的请示', affairType: 'request', urgency: '0', body: '<p>请审批</p>' }, 'zhangwei');
    const running = await people.ok('affair/add', { title: '关于购置办公设备的请示', affairType: 'request', urgency: '0', body: '<p>请审批</p>' }, 'zhangwei');
    const inst = (await people.ok('flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: running.id }, 'zhangwei')).id;
    const rec = await people.ok(
      'receptions/add',
      { title: '省发改委调研', guestUnit: '省发展和改革委员会', people: 3, visitDate: '2026-04-01', dept },
      'zhangwei',
    );
    const send = { docType: '8', secretLevel: '0', urgency: '0', issuerOrg: '市人民政府办公室', body: '<p>请各单位做好安全检查。</p>' };
    const docDraft = await people.ok('document/add', { ...send, title: '关于开展安全检查的通知（草稿）' }, 'zhangwei');
    const doc = await people.ok('document/add', { ...send, title: '关于开展安全检查的通知' }, 'zhangwei');
    const docFlow = (await people.ok('flow/start', { defId: 'document.send', entity: 'document.send', recordId: doc.id }, 'zhangwei')).id;
    // [call, body, who may (the owner or a participant); destructive calls last, after their read checks]
    const calls: [string, Record<string, unknown>, string][] = [
      ['affair/info', { id: affair.id }, 'zhangwei'],
      ['affair/edit', { id: affair.id, version: affair.version, title: '改' }, 'zhangwei'],
      ['receptions/info', { id: rec.id }, 'zhangwei'],
      ['receptions/edit', { id: rec.id, version: rec.version, title: '改' }, 'zhangwei'],
      ['receptions/finish', { id: rec.id }, 'zhangwei'],
      ['flow/info', { id: inst }, 'zhangwei'],
      ['flow/log', { id: inst }, 'zhangwei'],
      ['flow/bodyVersions', { id: inst }, 'zhangwei'],
      ['document/info', { id: docDraft.id }, 'zhangwei'],
      ['document/edit', { id: docDraft.id, version: docDraft.version, title: '改' }, 'zhangwei'],
      ['document/getHandleLogs', { id: docFlow }, 'zhangwei'],
      ['document/getDepartmentHandleLogs', { id: docFlow }, 'zhangwei'],
      ['document/getOperationLogs', { id: docFlow }, 'zhangwei'],
      ['document/getOperationData', { id: docFlow }, 'zhangwei'],
      ['document/getAttachList', { id: docFlow }, 'zhangwei'],
      ['document/listthgl', { id: docFlow }, 'zhangwei'],
      ['document/isFavorite', { id: docFlow }, 'zhangwei'],
      ['flow/log', { id: docFlow }, 'zhangwei'],
      ['flow/act', { id: inst, type: 'approve', opinion: '同意' }, 'lina'],
      ['document/del', { id: docDraft.id }, 'zhangwei'],
      ['affair/del', { id: affair.id }, 'zhangwei'],
    ];
    const found: string[] = [];
    for (const [path, body, owner] of calls) {
      sent += 2;
      const theirs = await people.post(path, body, 'sunli');
      if (theirs.code === 0) found.push(`sunli ${path} ${JSON.stringify(body)} answered: ${JSON.stringify(theirs.data).slice(0, 80)}`);
      const mine = await people.post(path, body, owner);
      expect(mine.code, `${owner} ${path}: ${mine.msg}`).toBe(0);
    }
    holes.push(...found);
    expect(found).toEqual([]);
  });
});
