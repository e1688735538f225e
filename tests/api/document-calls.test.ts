/**
 * The remaining document calls of SPEC §7: dbUpdateDbr (change the 督办人), infothgl and authorizethgl
 * (details and read authorisation of a 关联), gwszThgl* (关联类型 settings, editthgl's kind) and setArchivesGwjh
 * (件号 of an archive). Demo organisation: 张伟 drafts (clearance 1), 李娜 reviews (2), 李强 市长 supervises (3),
 * 周明远 (demo) holds 公文设置 and 督办 (3), 王芳 files archives (2). SQLite and PostgreSQL (DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';
import { forgetClearance } from '../../src/server/services/clearance.js';

let t: TestApp;
const s: Record<string, Session> = {};
const uid: Record<string, number> = {};

async function as(username: string): Promise<Session> {
  if (!s[username]) {
    s[username] = sessionOf(await t.login(username));
    uid[username] = (await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  }
  return s[username];
}
const post = async (p: string, body: Record<string, unknown>, who: string, headers?: Record<string, string>) =>
  t.post(p, body, await as(who), headers ? { headers } : undefined);
/** `data` of a call that must succeed. */
async function ok(p: string, body: Record<string, unknown>, who: string) {
  const r = await post(p, body, who);
  expect(r.code, `${who} ${p}: ${r.msg}`).toBe(0);
  return r.data;
}
const deptId = async (name: string) => (await t.database.db.selectFrom('departments').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const userId = async (username: string) => {
  await as(username);
  return uid[username];
};

/** Sets the clearance of `username` for the duration of `fn`. */
async function withClearance(username: string, level: number, fn: () => Promise<void>) {
  const id = await userId(username);
  const before = (await t.database.db.selectFrom('users').select('clearance').where('id', '=', id).executeTakeFirstOrThrow()).clearance;
  await t.database.db.updateTable('users').set({ clearance: level }).where('id', '=', id).execute();
  forgetClearance(t.database.db, id);
  try {
    await fn();
  } finally {
    await t.database.db.updateTable('users').set({ clearance: before }).where('id', '=', id).execute();
    forgetClearance(t.database.db, id);
  }
}

/** A drafted and submitted 发文 of `who`; answers the flow instance id. */
async function submit(title: string, who = 'zhangwei', extra: Record<string, unknown> = {}): Promise<number> {
  const rec = await ok(
    'document/add',
    { title, docType: '8', secretLevel: '0', urgency: '0', body: '<p>现将有关事项通知如下。</p>', issuerOrg: '市人民政府办公室', ...extra },
    who,
  );
  return (await ok('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.id }, who)).id;
}

async function approve(id: number, who: string, data?: Record<string, unknown>) {
  return ok('flow/act', { id, type: 'approve', opinion: '同意', ...(data ? { data } : {}) }, who);
}

/** Runs 发文 `id` of 张伟 through 核稿 → 签发 → 编号 → 用印 → 分发 to its end. */
async function finish(id: number) {
  const mark = (await ok('document/markList', {}, 'zhangwei')).list.find((m: any) => m.org_code === '京政办发');
  await approve(id, 'lina');
  await approve(id, 'demo', { issuerUser: await userId('chenjing'), markId: mark.id, mainTo: [await deptId('市财政局')] });
  await approve(id, 'chenjing', { docDate: '2026-11-25' });
  await approve(id, 'wangfang');
  await approve(id, 'wangfang');
  expect((await approve(id, 'wangfang')).status).toBe('finished');
}

/** POST `p` {id} as `who`, answering the raw response (downloads). */
async function download(p: string, id: number, who: string) {
  const session = await as(who);
  return t.app.inject({ method: 'POST', url: `/api/${p}`, payload: { id }, headers: { 'x-token': session.token, 'x-uuid': session.uuid } });
}

/** Audit rows written on the record of flow `flowId` with an event ending in `.${event}`. */
async function auditOf(flowId: number, event: string) {
  const f = await t.database.db.selectFrom('flow_instances').select(['entity', 'record_id']).where('id', '=', flowId).executeTakeFirstOrThrow();
  return t.database.db
    .selectFrom('audit_log')
    .select(['event', 'detail', 'user_id'])
    .where('object', '=', `${f.entity}:${f.record_id}`)
    .where('event', '=', `${f.entity}.${event}`)
    .execute();
}

let d1 = 0; // 发文 of 张伟, 非密, running (李娜 核稿)
let d2 = 0; // 发文 of 李娜, 机密 (2), running
let d3 = 0; // 发文 of 李娜, 非密, running: 张伟 takes no part
let d4 = 0; // another 发文 of 张伟

beforeAll(async () => {
  t = await createTestApp();
  d1 = await submit('关于开展安全生产大检查的通知');
  d2 = await submit('关于某项机密工作的通知', 'lina', { secretLevel: '2' });
  d3 = await submit('关于调整办公用房的通知', 'lina');
  d4 = await submit('关于加强值班工作的通知');
});
afterAll(async () => t?.close());

describe('sessions and input', () => {
  it('answers -99 without a session, -1 naming the field for bad input', async () => {
    for (const p of [
      'document/dbUpdateDbr',
      'document/infothgl',
      'document/authorizethgl',
      'document/gwszThglList',
      'document/gwszThglLastOrderBy',
      'document/gwszThglAdd',
      'document/setArchivesGwjh',
    ]) {
      expect((await t.post(p, { id: d1 })).code, p).toBe(-99);
    }
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['document/dbUpdateDbr', { id: d1, userId: 'x' }, '督办人'],
      ['document/dbUpdateDbr', { id: d1 }, '督办人'],
      ['document/infothgl', { id: d1, related_id: 'x' }, '关联文件'],
      ['document/authorizethgl', { id: d1, related_id: d3 }, '是否授权'],
      ['document/gwszThglAdd', { name: '' }, '关联类型名称'],
      ['document/gwszThglInfo', { id: 'x' }, '记录ID'],
      ['document/setArchivesGwjh', { id: 1, gwjh: 0 }, '件号'],
      ['document/setArchivesGwjh', { id: 1, gwjh: 'abc' }, '件号'],
      ['document/setArchivesGwjh', { gwjh: 3 }, '记录ID'],
      ['document/editthgl', { id: d1, related: [d4], kind: 'x' }, '关联类型'],
    ];
    for (const [p, body, field] of cases) {
      const r = await post(p, body, 'demo');
      expect(r.code, `${p} ${JSON.stringify(body)}`).toBe(-1);
      expect(r.msg, `${p} ${JSON.stringify(body)}`).toContain(field);
    }
  });
});

describe('dbUpdateDbr (督办人)', () => {
  it('needs a 督办 first and the 督办 right', async () => {
    expect((await post('document/dbUpdateDbr', { id: d1, userId: await userId('demo') }, 'liqiang')).msg).toBe('该公文尚未督办，不能变更督办人');
    await ok('document/saveDb', { id: d1, remark: '请按期办结' }, 'liqiang');
    // The drafter may 督办 his own document but not name its 督办人; nor may an outsider, refused for the permission
    // before anything about the document is looked at.
    expect((await post('document/dbUpdateDbr', { id: d1, userId: await userId('demo') }, 'zhangwei')).msg).toBe('您没有该操作的权限');
    expect((await post('document/dbUpdateDbr', { id: d1, userId: await userId('demo') }, 'sunli')).msg).toBe('您没有该操作的权限');
  });

  it('refuses a 督办人 who is unknown, disabled, without the right or not cleared', async () => {
    expect((await post('document/dbUpdateDbr', { id: d1, userId: 999_999 }, 'liqiang')).msg).toBe('督办人不存在或已停用');
    const zhaolei = await userId('zhaolei');
    await t.database.db.updateTable('users').set({ status: 0 }).where('id', '=', zhaolei).execute();
    try {
      expect((await post('document/dbUpdateDbr', { id: d1, userId: zhaolei }, 'liqiang')).msg).toBe('督办人不存在或已停用');
    } finally {
      await t.database.db.updateTable('users').set({ status: 1 }).where('id', '=', zhaolei).execute();
    }
    // 李娜 reviews d1 but neither supervises nor drafted it.
    expect((await post('document/dbUpdateDbr', { id: d1, userId: await userId('lina') }, 'liqiang')).msg).toBe('李娜没有公文督办权限，不能担任督办人');
    // The 机密 d2: a 副市长 (document:supervise) whose clearance is 秘密 cannot follow it up.
    await ok('document/saveDb', { id: d2, remark: '限期办理' }, 'liqiang');
    await withClearance('zhaolei', 1, async () => {
      expect((await post('document/dbUpdateDbr', { id: d2, userId: zhaolei }, 'liqiang')).msg).toBe('赵磊的涉密等级不足或无权查看该公文，不能担任督办人');
    });
    expect((await ok('document/dbHistory', { id: d2 }, 'liqiang')).map((h: any) => h.kind)).toEqual(['supervise']);
  });

  it('names the new 督办人: history, audit and a reminder', async () => {
    const demo = await userId('demo');
    const entry = await ok('document/dbUpdateDbr', { id: d1, userId: demo, remark: '由办公室跟踪督办' }, 'liqiang');
    expect(entry).toMatchObject({
      kind: 'reassign',
      supervisorId: demo,
      supervisorName: '周明远',
      previousId: await userId('liqiang'),
      previousName: '李强',
      userName: '李强',
      remark: '由办公室跟踪督办',
    });
    const history = await ok('document/dbHistory', { id: d1 }, 'zhangwei');
    expect(history.map((h: any) => [h.kind, h.userName, h.supervisorName])).toEqual([
      ['supervise', '李强', null],
      ['reassign', '李强', '周明远'],
    ]);
    expect((await post('document/dbUpdateDbr', { id: d1, userId: demo }, 'liqiang')).msg).toBe('周明远已是该公文的督办人');
    // The drafter (clearance 秘密, non-secret document) may be named: he may 督办 and 催办 it.
    const back = await ok('document/dbUpdateDbr', { id: d1, userId: await userId('zhangwei') }, 'demo');
    expect(back).toMatchObject({ supervisorName: '张伟', previousName: '周明远' });
    const msgs = await t.database.db
      .selectFrom('messages')
      .select(['user_id', 'title', 'flow_id'])
      .where('flow_id', '=', d1)
      .where('title', 'like', '%督办人%')
      .execute();
    expect(msgs.map((m) => m.user_id).sort()).toEqual([demo, await userId('zhangwei')].sort());
    expect(msgs[0].title).toBe('您被指定为公文督办人：关于开展安全生产大检查的通知');
    const audits = await auditOf(d1, 'supervisorChange');
    expect(audits.map((a) => JSON.parse(a.detail!).after.supervisor)).toEqual([demo, await userId('zhangwei')]);
    expect(
      (await ok('document/getOperationLogs', { id: d1 }, 'zhangwei')).some((r: any) => r.operation === 'supervisorChange' && r.fields.includes('supervisor')),
    ).toBe(true);
  });
});

describe('关联类型 (gwszThgl*)', () => {
  it('lists the built-in kinds for everyone, in the reader’s language', async () => {
    const list = await ok('document/gwszThglList', {}, 'zhangwei');
    expect(list.list.map((k: any) => [k.name, k.orderBy, k.builtin])).toEqual([
      ['依据', 1, true],
      ['答复', 2, true],
      ['转发', 3, true],
      ['参考', 4, true],
    ]);
    const en = await post('document/gwszThglList', {}, 'zhangwei', { 'x-lang': 'en-US' });
    expect(en.data.list.map((k: any) => k.name)).toEqual(['Basis', 'Reply', 'Forwarded', 'Reference']);
    expect((await ok('document/gwszThglList', { keyword: '转' }, 'zhangwei')).list.map((k: any) => k.name)).toEqual(['转发']);
  });

  it('LastOrderBy, add, edit and delete need 公文设置; names are unique; a kind in use stays', async () => {
    expect((await post('document/gwszThglLastOrderBy', {}, 'zhangwei')).msg).toBe('您没有该操作的权限');
    expect((await post('document/gwszThglAdd', { name: '批示' }, 'zhangwei')).msg).toBe('您没有该操作的权限');
    expect(await ok('document/gwszThglLastOrderBy', {}, 'demo')).toEqual({ orderBy: 4, next: 5 });
    const added = await ok('document/gwszThglAdd', { name: ' 批示 ' }, 'demo');
    expect(added).toMatchObject({ name: '批示', orderBy: 5, builtin: false, used: 0 });
    expect(await ok('document/gwszThglLastOrderBy', {}, 'demo')).toEqual({ orderBy: 5, next: 6 });
    expect((await post('document/gwszThglAdd', { name: '依据' }, 'demo')).msg).toBe('关联类型名称已存在');
    // A built-in kind renamed, then given its own name back.
    const ref = (await ok('document/gwszThglList', {}, 'demo')).list.find((k: any) => k.code === 'reference');
    expect(await ok('document/gwszThglEdit', { id: ref.id, name: '参阅', orderBy: 9 }, 'demo')).toMatchObject({ name: '参阅', customName: '参阅', orderBy: 9 });
    expect(await ok('document/gwszThglEdit', { id: ref.id, name: null }, 'demo')).toMatchObject({ name: '参考', customName: null });
    expect((await post('document/gwszThglEdit', { id: added.id, name: null }, 'demo')).msg).toBe('请填写关联类型名称');
    expect((await post('document/gwszThglInfo', { id: 999_999 }, 'zhangwei')).msg).toBe('参数记录ID不正确');
    // editthgl with that kind; the kind cannot go while the link uses it.
    expect((await post('document/editthgl', { id: d1, related: [d4], kind: 999_999 }, 'zhangwei')).msg).toBe('参数关联类型不正确');
    expect(await ok('document/editthgl', { id: d1, related: [d4], kind: added.id }, 'zhangwei')).toEqual({ added: 1 });
    const row = (await ok('document/listthgl', { id: d1 }, 'zhangwei')).find((r: any) => r.id === d4);
    expect(row).toMatchObject({ kindId: added.id, kindName: '批示', linkedByName: '张伟', authorized: false, readOnly: false });
    expect((await ok('document/gwszThglInfo', { id: added.id }, 'zhangwei')).used).toBe(1);
    expect((await post('document/gwszThglDel', { id: added.id }, 'demo')).msg).toBe('该关联类型正在使用，不能删除');
    expect(await ok('document/editthgl', { id: d4, related: [d1], kind: null }, 'zhangwei')).toEqual({ added: 0 }); // kind cleared
    expect(await ok('document/gwszThglDel', { id: added.id }, 'demo')).toEqual({ id: added.id });
    expect((await ok('document/gwszThglList', {}, 'demo')).total).toBe(4);
    const audits = await t.database.db.selectFrom('audit_log').select('event').where('object', '=', `doc_relation_kind:${added.id}`).orderBy('id').execute();
    expect(audits.map((a) => a.event)).toEqual(['document.relationKind.add', 'document.relationKind.del']);
  });
});

describe('infothgl and authorizethgl', () => {
  it('infothgl answers both documents and the link; those who may not read the other get nothing', async () => {
    const basis = (await ok('document/gwszThglList', {}, 'lina')).list.find((k: any) => k.code === 'basis');
    // 李娜 reviews d1 and drafted d3: she links them as 依据.
    await ok('document/editthgl', { id: d1, related: [d3], kind: basis.id }, 'lina');
    const info = await ok('document/infothgl', { id: d1, related_id: d3 }, 'lina');
    expect(info).toMatchObject({
      id: d1,
      related_id: d3,
      document: { id: d1, title: '关于开展安全生产大检查的通知', status: 'running', secretLevel: '0', readOnly: false },
      related: { id: d3, title: '关于调整办公用房的通知', status: 'running', readOnly: false },
      direction: 'out',
      kindName: '依据',
      linkedByName: '李娜',
      authorized: false,
      authorizedBack: false,
      mayAuthorize: true,
    });
    expect(info.linkedAt).toBeGreaterThan(0);
    expect((await ok('document/infothgl', { id: d3, related_id: d1 }, 'lina')).direction).toBe('in');
    // 张伟 takes no part in d3.
    expect((await post('document/infothgl', { id: d1, related_id: d3 }, 'zhangwei')).msg).toBe('流程不存在或无权查看');
    expect((await ok('document/listthgl', { id: d1 }, 'zhangwei')).map((r: any) => r.id)).toEqual([d4]);
    expect((await post('document/getAttachList', { id: d3 }, 'zhangwei')).code).toBe(-1);
    expect((await post('document/infothgl', { id: d1, related_id: d2 }, 'lina')).msg).toBe('关联关系不存在');
  });

  it('only the linker or a 公文设置 / 督办 holder who sees both may authorise', async () => {
    // 李娜 sees d1 and d4 (核稿 of both) but 张伟 linked them.
    expect((await post('document/authorizethgl', { id: d1, related_id: d4, authorized: true }, 'lina')).msg).toBe('您没有该操作的权限');
    // 张伟 does not see d3.
    expect((await post('document/authorizethgl', { id: d1, related_id: d3, authorized: true }, 'zhangwei')).msg).toBe('流程不存在或无权查看');
    // The 市长 (督办) may authorise any link he sees.
    expect(await ok('document/authorizethgl', { id: d1, related_id: d4, authorized: true }, 'liqiang')).toMatchObject({ authorized: true, changed: true });
    expect(await ok('document/authorizethgl', { id: d1, related_id: d4, authorized: false }, 'liqiang')).toMatchObject({ authorized: false, changed: true });
  });

  it('authorised participants read the linked document read-only; withdrawing and unlinking end it', async () => {
    expect(await ok('document/authorizethgl', { id: d1, related_id: d3, authorized: true }, 'lina')).toEqual({
      id: d1,
      related_id: d3,
      authorized: true,
      changed: true,
    });
    expect((await ok('document/authorizethgl', { id: d1, related_id: d3, authorized: true }, 'lina')).changed).toBe(false);
    const row = (await ok('document/listthgl', { id: d1 }, 'zhangwei')).find((r: any) => r.id === d3);
    expect(row).toMatchObject({ title: '关于调整办公用房的通知', authorized: true, readOnly: true, kindName: '依据' });
    const info = await ok('document/infothgl', { id: d1, related_id: d3 }, 'zhangwei');
    expect(info).toMatchObject({ authorized: true, authorizedByName: '李娜', mayAuthorize: false, related: { readOnly: true } });
    expect(await ok('document/getAttachList', { id: d3 }, 'zhangwei')).toEqual([]);
    // The 正式文件 (DOCX) too.
    const docx = await download('document/getDoc', d3, 'zhangwei');
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    expect(docx.rawPayload.readUInt32LE(0)).toBe(0x04034b50);
    // Read-only: no favourite, no 关联 from it, nothing for the other direction.
    expect((await post('document/favorite', { id: d3 }, 'zhangwei')).code).toBe(-1);
    expect((await ok('document/infothgl', { id: d3, related_id: d1 }, 'lina')).authorizedBack).toBe(true);
    // Someone outside d1 gets nothing through it.
    expect((await post('document/getAttachList', { id: d3 }, 'sunli')).code).toBe(-1);
    const audits = await auditOf(d1, 'relationAuthorize');
    expect(audits.map((a) => JSON.parse(a.detail!).after.authorized)).toEqual([true, false, true]);
    // Withdrawn.
    await ok('document/authorizethgl', { id: d1, related_id: d3, authorized: false }, 'lina');
    expect((await ok('document/listthgl', { id: d1 }, 'zhangwei')).map((r: any) => r.id)).toEqual([d4]);
    expect((await download('document/getDoc', d3, 'zhangwei')).json()).toMatchObject({ code: -1, msg: '流程不存在或无权查看' });
    // Unlinking removes the authorisation with the link.
    await ok('document/authorizethgl', { id: d1, related_id: d3, authorized: true }, 'lina');
    await ok('document/delthgl', { id: d3, related_id: d1 }, 'lina');
    await ok('document/editthgl', { id: d1, related: [d3] }, 'lina');
    expect((await ok('document/infothgl', { id: d1, related_id: d3 }, 'lina')).authorized).toBe(false);
    expect((await post('document/getAttachList', { id: d3 }, 'zhangwei')).code).toBe(-1);
  });

  it('never beyond the reader’s clearance', async () => {
    // d2 is 机密; 张伟's clearance is 秘密.
    await ok('document/editthgl', { id: d1, related: [d2] }, 'lina');
    await ok('document/authorizethgl', { id: d1, related_id: d2, authorized: true }, 'lina');
    expect((await ok('document/listthgl', { id: d1 }, 'zhangwei')).map((r: any) => r.id)).not.toContain(d2);
    expect((await post('document/infothgl', { id: d1, related_id: d2 }, 'zhangwei')).msg).toBe('流程不存在或无权查看');
    expect((await post('document/getAttachList', { id: d2 }, 'zhangwei')).code).toBe(-1);
    await withClearance('zhangwei', 2, async () => {
      expect((await ok('document/listthgl', { id: d1 }, 'zhangwei')).find((r: any) => r.id === d2)).toMatchObject({ readOnly: true, authorized: true });
      expect((await ok('document/infothgl', { id: d1, related_id: d2 }, 'zhangwei')).related).toMatchObject({ secretLevel: '2', readOnly: true });
    });
  });
});

describe('setArchivesGwjh (件号)', () => {
  let a1: any;
  let a2: any;
  let e3 = 0;
  beforeAll(async () => {
    const e1 = await submit('关于做好冬季供暖保障工作的通知');
    const e2 = await submit('关于开展节能宣传周活动的通知');
    e3 = await submit('关于某项秘密工作的通知', 'zhangwei', { secretLevel: '1' });
    for (const e of [e1, e2, e3]) await finish(e);
    a1 = await ok('documentarchive/add', { flow_id: e1, retention: 'Y' }, 'wangfang');
    a2 = await ok('documentarchive/add', { flow_id: e2, retention: 'Y' }, 'wangfang');
    await ok('documentarchive/add', { flow_id: e3, retention: 'D30' }, 'wangfang');
    a1.flow_id = e1;
    a2.flow_id = e2;
  });

  it('sets a 件号 unique per year and retention, by archive id or flow id', async () => {
    expect(await ok('document/setArchivesGwjh', { id: a1.id, gwjh: 1 }, 'wangfang')).toMatchObject({ id: a1.id, gwjh: 1, retention: 'Y' });
    const year = (await ok('documentarchive/getlist', { flow_id: a1.flow_id }, 'wangfang')).year;
    expect((await post('document/setArchivesGwjh', { flow_id: a2.flow_id, gwjh: 1 }, 'wangfang')).msg).toBe(`${year}年度同一保管期限中件号1已被使用`);
    expect(await ok('document/setArchivesGwjh', { flow_id: a2.flow_id, gwjh: '2' }, 'wangfang')).toMatchObject({ id: a2.id, gwjh: 2 });
    // Another retention has its own numbers.
    expect(await ok('document/setArchivesGwjh', { flow_id: e3, gwjh: 1 }, 'demo')).toMatchObject({ gwjh: 1, retention: 'D30' });
    const list = await ok('documentarchive/list', { year, retention: 'Y' }, 'demo');
    expect(list.list.map((r: any) => [r.id, r.gwjh]).sort()).toEqual(
      [
        [a1.id, 1],
        [a2.id, 2],
      ].sort(),
    );
    // Cleared, then free again.
    expect(await ok('document/setArchivesGwjh', { id: a1.id, gwjh: null }, 'demo')).toMatchObject({ gwjh: null });
    expect(await ok('document/setArchivesGwjh', { id: a2.id, gwjh: 1 }, 'wangfang')).toMatchObject({ gwjh: 1 });
    const audits = await auditOf(a2.flow_id, 'archivePieceNo');
    expect(audits.map((a) => JSON.parse(a.detail!).after.gwjh)).toEqual([2, 1]);
  });

  it('refuses people without the archive permission, an id that does not match and archives above the clearance', async () => {
    expect((await post('document/setArchivesGwjh', { id: a1.id, gwjh: 5 }, 'zhangwei')).msg).toBe('您没有该操作的权限');
    expect((await post('document/setArchivesGwjh', { id: 999_999, gwjh: 5 }, 'wangfang')).msg).toBe('档案不存在');
    expect((await post('document/setArchivesGwjh', { id: a1.id, flow_id: a2.flow_id, gwjh: 5 }, 'wangfang')).msg).toBe('档案不存在');
    // The archive of the 秘密 e3 is out of reach of a filer whose clearance is 非密.
    await withClearance('wangfang', 0, async () => {
      expect((await post('document/setArchivesGwjh', { flow_id: e3, gwjh: 7 }, 'wangfang')).msg).toBe('档案不存在');
    });
    expect((await ok('documentarchive/getlist', { flow_id: e3 }, 'wangfang')).gwjh).toBe(1);
  });
});
