/**
 * Reminders and the message centre (SPEC §3 "Message reminder", §4 "Reminders", §7 /api/Msg/*): every
 * call needs a session, bad input names the field, a user only ever sees and changes their own messages;
 * the websocket accepts an announced user id only with a matching live session and receives the type-1
 * push of notifyUsers — with REDIS_URL also when a second application published it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';
import { addMessages, MESSAGE_TYPES, type NewMessages } from '../../src/server/services/messages.js';
import { busOf, notifyUsers } from '../../src/server/services/messageBus.js';

let t: TestApp;
let staff: Session;
let other: Session;
let staffId: number;
let otherId: number;

async function userId(app: TestApp, username: string): Promise<number> {
  const r = await app.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return r.id;
}

async function add(app: TestApp, msgs: NewMessages[]): Promise<number[]> {
  return app.database.db.transaction().execute((trx) => addMessages(trx, app.database.dialect, msgs));
}

beforeAll(async () => {
  t = await createTestApp();
  staff = sessionOf(await t.login('zhangwei'));
  other = sessionOf(await t.login('lina'));
  staffId = await userId(t, 'zhangwei');
  otherId = await userId(t, 'lina');
});
afterAll(async () => t?.close());

describe('Msg calls', () => {
  it('answers -99 without a session, on every call', async () => {
    for (const c of ['list', 'tips', 'ignore', 'newMsg', 'del', 'getTypes', 'setRead', 'getSetting', 'editSetting', 'socket']) {
      const r = await t.post(`Msg/${c}`, { id: 1, last_id: 0 });
      expect(r.code, c).toBe(-99);
    }
  });

  it('refuses bad input with -1 naming the field', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['Msg/newMsg', {}, '最新消息ID'],
      ['Msg/newMsg', { last_id: 'x' }, '最新消息ID'],
      ['Msg/list', { pageSize: 1000 }, '每页条数'],
      ['Msg/list', { is_read: 3 }, '已读状态'],
      ['Msg/del', {}, '消息ID'],
      ['Msg/del', { id: -1 }, '消息ID'],
      ['Msg/setRead', {}, '消息ID'],
      ['Msg/setRead', { ids: ['a'] }, '消息ID列表'],
      ['Msg/editSetting', { mute_types: [999] }, '不提醒的消息类型'],
      ['Msg/editSetting', { popup: 5 }, '弹窗提醒'],
    ];
    for (const [path, body, field] of cases) {
      const r = await t.post(path, body, staff);
      expect(r.code, `${path} ${JSON.stringify(body)}`).toBe(-1);
      expect(r.msg, path).toContain(field);
    }
  });

  it('lists my messages with unread and last_id, newest first, with sender and target fields', async () => {
    const adminId = await userId(t, 'admin');
    const recipients = await add(t, [
      { userIds: [staffId, staffId, otherId], type: MESSAGE_TYPES.TASK, title: '待办：关于春节值班的通知', fromUserId: adminId, affairId: 7 },
      { userIds: [staffId], type: MESSAGE_TYPES.MAIL, title: '新邮件：周例会纪要', sourceId: 3 },
    ]);
    expect(recipients.sort()).toEqual([staffId, otherId].sort());
    const r = await t.post('Msg/list', { is_read: 0 }, staff);
    expect(r.code).toBe(0);
    expect(r.data.unread).toBe(2);
    expect(r.data.total).toBe(2);
    expect(r.data.list.map((m: any) => m.title)).toEqual(['新邮件：周例会纪要', '待办：关于春节值班的通知']);
    const [mail, task] = r.data.list;
    expect(r.data.last_id).toBe(mail.id);
    expect(task).toMatchObject({ type: 1, type_name: '待办提醒', affair_id: 7, flow_id: null, is_read: 0 });
    expect(task.realname).toBeTruthy();
    expect(task.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(mail).toMatchObject({ type: 15, source_id: 3, realname: '' });
    const tips = await t.post('Msg/tips', {}, staff);
    expect(tips.data).toEqual({ unread: 2, last_id: mail.id, rate: 5000 });
    const types = await t.post('Msg/getTypes', {}, staff, { headers: { 'x-lang': 'en-US' } });
    expect(types.data).toContainEqual({ type: 15, name: 'Mail' });
  });

  it('never shows, reads or deletes another user’s message', async () => {
    const mine = (await t.post('Msg/list', {}, other)).data.list;
    expect(mine).toHaveLength(1);
    const hisId = (await t.post('Msg/list', {}, staff)).data.list[0].id;
    expect(mine.some((m: any) => m.id === hisId)).toBe(false);
    const del = await t.post('Msg/del', { id: hisId }, other);
    expect(del.code).toBe(-1);
    expect(del.msg).toBe('消息不存在');
    const read = await t.post('Msg/setRead', { ids: [mine[0].id, hisId] }, other);
    expect(read.code).toBe(-1);
    // All or none: my own message of the same call stays unread.
    expect((await t.post('Msg/tips', {}, other)).data.unread).toBe(1);
    expect((await t.post('Msg/tips', {}, staff)).data.unread).toBe(2);
    const after = await t.database.db.selectFrom('messages').select('id').where('id', '=', hisId).executeTakeFirst();
    expect(after).toBeTruthy();
  });

  it('polls with last_id: has_new, rate and the new ones', async () => {
    const { last_id } = (await t.post('Msg/tips', {}, staff)).data;
    const none = await t.post('Msg/newMsg', { last_id }, staff);
    expect(none.data).toMatchObject({ has_new: false, rate: 5000, last_id, unread: 2, list: [] });
    await add(t, [{ userIds: [staffId], type: MESSAGE_TYPES.URGE, title: '催办：请尽快审核' }]);
    const some = await t.post('Msg/newMsg', { last_id }, staff);
    expect(some.data.has_new).toBe(true);
    expect(some.data.list.map((m: any) => m.title)).toEqual(['催办：请尽快审核']);
    expect(some.data.last_id).toBeGreaterThan(last_id);
    expect(some.data.unread).toBe(3);
    expect((await t.post('Msg/newMsg', { last_id: some.data.last_id }, staff)).data.has_new).toBe(false);
  });

  it('marks one read, deletes one, ignores all', async () => {
    const list = (await t.post('Msg/list', { is_read: 0 }, staff)).data.list;
    const read = await t.post('Msg/setRead', { id: list[0].id }, staff);
    expect(read.data).toEqual({ read: 1, unread: 2 });
    const readOnes = (await t.post('Msg/list', { is_read: 1 }, staff)).data.list;
    expect(readOnes.map((m: any) => m.id)).toEqual([list[0].id]);
    expect(readOnes[0].read_at).toBeGreaterThan(0);
    const del = await t.post('Msg/del', { ids: [list[1].id] }, staff);
    expect(del.data).toEqual({ deleted: 1, unread: 1 });
    const ign = await t.post('Msg/ignore', {}, staff);
    expect(ign.data).toEqual({ ignored: 1, unread: 0 });
    const all = await t.post('Msg/list', {}, staff);
    expect(all.data).toMatchObject({ unread: 0, total: 2 });
    expect((await t.post('Msg/list', { is_read: 0 }, staff)).data.list).toEqual([]);
    expect((await t.post('Msg/tips', {}, other)).data.unread).toBe(1);
    await add(t, [{ userIds: [staffId], type: MESSAGE_TYPES.CC, title: '抄送：工作简报' }]);
    expect((await t.post('Msg/setRead', { all: 1 }, staff)).data).toEqual({ read: 1, unread: 0 });
  });

  it('filters by type and keyword and pages', async () => {
    await add(t, [
      { userIds: [otherId], type: MESSAGE_TYPES.FINISHED, title: '办结：请假申请' },
      { userIds: [otherId], type: MESSAGE_TYPES.FINISHED, title: '办结：用车申请' },
    ]);
    const byType = await t.post('Msg/list', { type: 5, pageSize: 1, current: 2 }, other);
    expect(byType.data).toMatchObject({ total: 2, current: 2, pageSize: 1 });
    expect(byType.data.list.map((m: any) => m.title)).toEqual(['办结：请假申请']);
    const kw = await t.post('Msg/list', { keyword: '用车' }, other);
    expect(kw.data.list.map((m: any) => m.title)).toEqual(['办结：用车申请']);
  });

  it('keeps message settings per user; muted kinds are not added', async () => {
    expect((await t.post('Msg/getSetting', {}, other)).data).toEqual({ mute_types: [], popup: 1, sound: 0 });
    const s = await t.post('Msg/editSetting', { mute_types: [15, 12, 15], sound: true }, other);
    expect(s.data).toEqual({ mute_types: [12, 15], popup: 1, sound: 1 });
    expect((await t.post('Msg/getSetting', {}, staff)).data.mute_types).toEqual([]);
    const got = await add(t, [{ userIds: [otherId, staffId], type: MESSAGE_TYPES.MAIL, title: '新邮件' }]);
    expect(got).toEqual([staffId]);
  });
});

/** Opens a websocket to the listening app and collects its messages. */
async function openSocket(base: string, session: Session | null, announce: Record<string, unknown> | null) {
  const headers = session ? { cookie: `admin-token=${session.token}; admin-uuid=${session.uuid}` } : undefined;
  const ws = new WebSocket(`${base}/api/Msg/socket`, { headers });
  const received: any[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (d) => {
    received.push(JSON.parse(String(d)));
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  if (announce) ws.send(JSON.stringify(announce));
  const next = async (pred: (m: any) => boolean, ms = 3000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const hit = received.find(pred);
      if (hit) return hit;
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      await new Promise<void>((r) => {
        const timer = setTimeout(r, left);
        waiters.push(() => {
          clearTimeout(timer);
          r();
        });
      });
    }
  };
  return { ws, received, next, closed };
}

async function listen(app: TestApp): Promise<string> {
  const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws');
}

describe('Msg websocket', () => {
  let base: string;
  beforeAll(async () => {
    base = await listen(t);
  });

  it('Msg/socket tells where the websocket is', async () => {
    const r = await t.post('Msg/socket', {}, staff);
    expect(r.data).toEqual({ enabled: true, path: 'api/Msg/socket', uid: staffId, keepalive: 50000, reconnect: 5000 });
  });

  it('accepts the announced id of the session, pushes type 1 after addMessages + notifyUsers, answers keepalives', async () => {
    const c = await openSocket(base, staff, { type: 'login', uid: staffId });
    expect(await c.next((m) => m.type === 'bound')).toEqual({ type: 'bound', uid: staffId });
    c.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await c.next((m) => m.type === 'pong')).toBeTruthy();
    const recipients = await add(t, [{ userIds: [staffId], type: MESSAGE_TYPES.TASK, title: '待办：新的审批' }]);
    expect(await notifyUsers(t.app, recipients)).toBe(1);
    expect(await c.next((m) => m.type === 1)).toEqual({ type: 1 });
    // Another user's push never reaches this socket.
    await notifyUsers(t.app.ctx, [otherId], { type: 3, data: { printer: 'x' } });
    await new Promise((r) => setTimeout(r, 100));
    expect(c.received.some((m) => m.type === 3)).toBe(false);
    c.ws.close();
    await c.closed;
    await new Promise((r) => setTimeout(r, 50));
    expect(busOf(t.app.ctx).count(staffId)).toBe(0);
  });

  it('refuses an announced id that is not the session’s user, and a socket without a session', async () => {
    const forged = await openSocket(base, other, { type: 'login', uid: staffId });
    expect(await forged.next((m) => m.type === 'error')).toMatchObject({ code: -99 });
    expect(await forged.closed).toBe(4001);
    const anon = await openSocket(base, null, { type: 'login', uid: staffId });
    expect(await anon.closed).toBe(4001);
    const wrongToken = await openSocket(base, null, { type: 'login', uid: staffId, token: 'nope', uuid: staff.uuid });
    expect(await wrongToken.closed).toBe(4001);
    expect(busOf(t.app.ctx).count(staffId)).toBe(0);
    await notifyUsers(t.app, [staffId]);
    expect(forged.received.some((m) => m.type === 1)).toBe(false);
  });

  it('accepts token and uuid in the announcement (a socket host without cookies)', async () => {
    const c = await openSocket(base, null, { type: 'login', uid: otherId, token: other.token, uuid: other.uuid });
    expect(await c.next((m) => m.type === 'bound')).toBeTruthy();
    await notifyUsers(t.app, [otherId]);
    expect(await c.next((m) => m.type === 1)).toEqual({ type: 1 });
    c.ws.close();
    await c.closed;
  });

  it('closes the socket at the keepalive once the session is gone', async () => {
    const s = sessionOf(await t.login('zhangwei'));
    const c = await openSocket(base, s, { type: 'login', uid: staffId });
    expect(await c.next((m) => m.type === 'bound')).toBeTruthy();
    expect((await t.post('Index/logout', {}, s)).code).toBe(0);
    await new Promise((r) => setTimeout(r, 250));
    c.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await c.closed).toBe(4001);
  });
});

/** With REDIS_URL (.ci/run's PostgreSQL + Redis pass): a push published by one app reaches a socket of another. */
describe.runIf(process.env.REDIS_URL)('Msg websocket across processes (Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: `oa-test-msg-${process.pid}-${Date.now()}:` };
    a = await createTestApp({ env });
    b = await createTestApp({ seed: false, env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('delivers a push published by the second app to a socket on the first', async () => {
    const s = sessionOf(await a.login('zhangwei'));
    const uid = await userId(a, 'zhangwei');
    const c = await openSocket(await listen(a), s, { type: 'login', uid });
    expect(await c.next((m) => m.type === 'bound')).toBeTruthy();
    expect(await notifyUsers(b.app, [uid])).toBe(0);
    expect(await c.next((m) => m.type === 1)).toEqual({ type: 1 });
    c.ws.close();
    await c.closed;
  });
});
