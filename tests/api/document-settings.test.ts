/**
 * 公文设置 and 授权查询 (SPEC §2.3 /document/gwsz, /document/authquery; §7 getSetting, submitSetting, gwszCzsz*,
 * gwszJdqx*; src/areas/document/server/api/settings.ts): 通用设置 read by everyone, changed only by holders of
 * document:setting (周明远), validated, versioned and audited; 操作设置 / 节点权限 show the current flow definitions
 * and follow a version published in the designer; their add/edit/del point to the designer; 授权查询 lists the
 * 委托 in force for document flows. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};
const as = async (u: string) => (s[u] ??= sessionOf(await t.login(u)));
const post = async (path: string, body: Record<string, unknown>, who: string) => t.post(path, body, await as(who));
const idOf = async (username: string) => (await t.database.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('通用设置 (getSetting / submitSetting)', () => {
  it('everyone reads the defaults; 签收后自动登记 is listed as fixed', async () => {
    const r = await post('document/getSetting', {}, 'zhangwei');
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ defaultSecretLevel: 0, handleDays: 5, allowReceiptReturn: '1', autoRegister: '1' });
    expect(r.data.items.find((x: any) => x.field === 'autoRegister')).toMatchObject({ readOnly: true, title: '签收后自动登记' });
    expect((await t.post('document/getSetting', {})).code).toBe(-99);
  });

  it('a holder of document:setting changes them (audited, versioned); others get -1', async () => {
    const before = (await post('document/getSetting', {}, 'demo')).data;
    const denied = await post('document/submitSetting', { handleDays: 10 }, 'zhangwei');
    expect(denied.code).toBe(-1);
    expect(denied.msg).toBe('您没有该操作的权限');
    const r = await post('document/submitSetting', { version: before.version, handleDays: 10, allowReceiptReturn: '0', defaultSecretLevel: 1 }, 'demo');
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ handleDays: 10, allowReceiptReturn: '0', defaultSecretLevel: 1, version: before.version + 1 });
    expect((await post('document/getSetting', {}, 'zhangwei')).data.handleDays).toBe(10);
    const row = await t.database.db
      .selectFrom('audit_log')
      .select(['username', 'detail'])
      .where('event', '=', 'document.setting.edit')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.username).toBe('demo');
    expect(JSON.parse(row.detail!)).toMatchObject({ before: { 'document.handleDays': '5' }, after: { 'document.handleDays': '10' } });
    // A stale version changes nothing.
    const stale = await post('document/submitSetting', { version: before.version, handleDays: 3 }, 'demo');
    expect(stale.code).toBe(-1);
    expect((await post('document/getSetting', {}, 'demo')).data.handleDays).toBe(10);
  });

  it('bad values are refused naming the setting; the fixed one cannot be turned off', async () => {
    const big = await post('document/submitSetting', { handleDays: 366 }, 'demo');
    expect(big.code).toBe(-1);
    expect(big.msg).toContain('办理期限默认工作日');
    const level = await post('document/submitSetting', { defaultSecretLevel: 4 }, 'demo');
    expect(level.msg).toContain('默认密级');
    const fixed = await post('document/submitSetting', { autoRegister: '0' }, 'demo');
    expect(fixed.code).toBe(-1);
    expect(fixed.msg).toContain('签收后自动登记');
    expect((await post('document/getSetting', {}, 'demo')).data).toMatchObject({ handleDays: 10, defaultSecretLevel: 1, autoRegister: '1' });
  });
});

describe('操作设置 and 节点权限 (gwszCzsz*, gwszJdqx*)', () => {
  it('list the steps of the document flows with their actions and field permissions', async () => {
    const cz = await post('document/gwszCzszList', { defId: 'document.send' }, 'demo');
    expect(cz.code, cz.msg).toBe(0);
    const issue = cz.data.list.find((x: any) => x.nodeId === 'issue');
    expect(issue).toMatchObject({ id: 'document.send:issue', step: '领导签发', flowTitle: expect.any(String) });
    expect(issue.actions).toEqual(['approve', 'return', 'transfer', 'comment']);
    const all = (await post('document/gwszCzszList', {}, 'demo')).data;
    expect(all.list.some((x: any) => x.defId === 'document.receive' && x.step === '拟办')).toBe(true);
    expect(all.total).toBe(all.list.length);
    const jd = await post('document/gwszJdqxInfo', { id: 'document.send:number' }, 'demo');
    expect(jd.code, jd.msg).toBe(0);
    const perm = (f: string) => jd.data.fields.find((x: any) => x.field === f);
    expect(perm('markId')).toMatchObject({ permission: 'W', explicit: true });
    expect(perm('body')).toMatchObject({ permission: 'R', explicit: false });
    const start = (await post('document/gwszJdqxInfo', { id: 'document.send:start' }, 'demo')).data;
    expect(start.fallback).toBe('W');
    const last = (await post('document/gwszJdqxLastOrderBy', { defId: 'document.send' }, 'demo')).data.orderBy;
    expect(last).toBe(Math.max(...(await post('document/gwszJdqxList', { defId: 'document.send' }, 'demo')).data.list.map((x: any) => x.orderBy)));
    expect((await post('document/gwszCzszInfo', { id: 'affair.leave:start' }, 'demo')).code).toBe(-1);
  });

  it('follow a version published in the flow designer', async () => {
    const def = (await post('Flowset/getInfo', { id: 'document.send' }, 'admin')).data.definition;
    const walk = (nodes: any[]): any[] => nodes.flatMap((n) => [n, ...(n.branches ?? []).flatMap((b: any) => walk(b.nodes))]);
    walk(def.nodes).find((n: any) => n.id === 'seal').actions = ['approve', 'comment'];
    const saved = await post('Flowset/save', { definition: def, comment: '用印不可退回' }, 'admin');
    expect(saved.code, saved.msg).toBe(0);
    const seal = (await post('document/gwszCzszInfo', { id: 'document.send:seal' }, 'demo')).data;
    expect(seal.actions).toEqual(['approve', 'comment']);
    expect(seal.version).toBe(saved.data.version);
  });

  it('add / edit / del point to the flow designer; all of them need document:setting', async () => {
    for (const p of ['gwszCzszAdd', 'gwszCzszEdit', 'gwszCzszDel', 'gwszJdqxAdd', 'gwszJdqxEdit', 'gwszJdqxDel']) {
      const r = await post(`document/${p}`, { id: 'document.send:issue' }, 'demo');
      expect(r.code, p).toBe(-1);
      expect(r.msg).toContain('/flowset');
    }
    for (const p of ['gwszCzszList', 'gwszJdqxList', 'gwszCzszAdd']) {
      const r = await post(`document/${p}`, {}, 'zhangwei');
      expect(r.code, p).toBe(-1);
      expect(r.msg).toBe('您没有该操作的权限');
      expect((await t.post(`document/${p}`, {})).code).toBe(-99);
    }
  });
});

describe('授权查询 (authQuery)', () => {
  it('lists the 委托 in force for document flows that one gave or received', async () => {
    const day = 86_400_000;
    const at = Date.now();
    const mk = async (who: string, to: string, defId: string | null, start: number, end: number) => {
      const r = await post('flow/delegate', { delegateId: await idOf(to), start, end, ...(defId ? { defId } : {}), remark: `${who}→${to}` }, who);
      expect(r.code, r.msg).toBe(0);
    };
    await mk('lina', 'zhangwei', 'document.send', at - day, at + 5 * day);
    await mk('lina', 'wangfang', null, at - day, at + 5 * day);
    await mk('lina', 'zhangwei', 'document.send', at - 10 * day, at - 5 * day); // ended
    const mine = (await post('document/authQuery', {}, 'lina')).data as any[];
    expect(mine.map((x) => x.remark).sort()).toEqual(['lina→wangfang', 'lina→zhangwei']);
    const got = (await post('document/authQuery', {}, 'zhangwei')).data as any[];
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ userName: '李娜', delegateName: '张伟', defId: 'document.send' });
    expect((await post('document/authQuery', {}, 'sunli')).data).toEqual([]);
    expect(((await post('document/authQuery', {}, 'demo')).data as any[]).length).toBeGreaterThanOrEqual(2);
    expect((await t.post('document/authQuery', {})).code).toBe(-99);
  });
});
