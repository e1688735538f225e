/**
 * The demo organisation's business content (src/server/db/seed/content.ts), which `npm start` adds at the first
 * start and the test harness only on request: 周明远, 李娜 and 张伟 find 待办 and reminders; 李娜 sees the receptions of
 * 秘书科 (department scope), planned and done; 张伟's 事务 are in several states; finished 发文 carry their 发文字号
 * and wait for 签收 at the 财政局; seeding again adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actors, createTestApp, type TestApp } from './helpers.js';
import { seedDemoContent } from '../../src/server/db/seed/content.js';

let t: TestApp;
const { ok } = actors(() => t);
const titles = (r: { list: Array<{ title: string }> }) => r.list.map((x) => x.title);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo content', () => {
  it('the harness seeds none: demo starts with an empty 待办', async () => {
    expect((await ok('flow/counts', {}, 'demo')).todo).toBe(0);
    expect((await ok('receptions/list', {}, 'demo')).total).toBe(0);
  });

  it('seeded: 待办 and reminders for demo, lina and zhangwei', async () => {
    expect(await seedDemoContent(t.app.ctx)).toEqual(['affair', 'receptions', 'document']);
    const demo = await ok('flow/todo', { pageSize: 50 }, 'demo');
    expect(titles(demo)).toEqual(
      expect.arrayContaining(['关于做好2027年元旦春节期间有关工作的通知', '关于2026年第四季度公务用车使用情况的报告', '关于做好2027年度政务公开工作的通知']),
    );
    expect((await ok('Msg/tips', {}, 'demo')).unread).toBeGreaterThanOrEqual(demo.total);
    expect(titles(await ok('flow/todo', { pageSize: 50 }, 'lina'))).toEqual(
      expect.arrayContaining(['关于进一步加强政务值班工作的通知', '关于申请购置秘书科办公用计算机的请示']),
    );
    expect(titles(await ok('flow/todo', { pageSize: 50 }, 'zhangwei'))).toEqual(['关于报送2026年度重点工作完成情况的通知']);
    expect(titles(await ok('flow/todo', { pageSize: 50 }, 'chenjing'))).toEqual(['关于印发《市人民政府工作规则》的通知']);
  });

  it('lina sees the receptions of 秘书科, planned and done; demo those of the 市政府办公室', async () => {
    const secretariat = (await t.database.db.selectFrom('departments').select('id').where('name', '=', '秘书科').executeTakeFirstOrThrow()).id;
    const lina = await ok('receptions/list', { pageSize: 50 }, 'lina');
    expect(lina.total).toBe(4);
    expect(lina.list.every((r: any) => r.dept === secretariat)).toBe(true);
    expect(new Set(lina.list.map((r: any) => r.status))).toEqual(new Set(['planned', 'done']));
    expect((await ok('receptions/list', { pageSize: 50 }, 'demo')).total).toBeGreaterThan(lina.total);
  });

  it('事务 in several states; finished 发文 numbered and waiting for 签收', async () => {
    const affairs = await ok('affair/list', { pageSize: 50 }, 'zhangwei');
    expect(new Set(affairs.list.map((r: any) => r.flowStatus))).toEqual(new Set(['running', 'finished', 'draft']));
    const sent = await ok('document/list', { pageSize: 50 }, 'zhangwei');
    const numbered = sent.list.filter((r: any) => r.docNumber);
    expect(numbered).toHaveLength(2);
    expect(numbered.every((r: any) => /^京政办发〔\d{4}〕\d+号$/.test(r.docNumber))).toBe(true);
    expect((await ok('document/gwqsList', { status: 'pending' }, 'sunli')).total).toBe(2);
    const supervised = await ok('document/gwdbList', { pageSize: 50 }, 'demo');
    expect(supervised.list.filter((r: any) => r.supervisorId).map((r: any) => r.title)).toEqual(['关于印发《市人民政府工作规则》的通知']);
  });

  it('seeding again adds nothing', async () => {
    const before = await ok('flow/counts', {}, 'demo');
    expect(await seedDemoContent(t.app.ctx)).toEqual([]);
    expect(await ok('flow/counts', {}, 'demo')).toEqual(before);
    expect((await ok('receptions/list', {}, 'lina')).total).toBe(4);
  });
});
