/**
 * External links (/outurl/index), an area written only as definitions (schemas/outurl): everyone signed in
 * reads them, the system administrator (outurl:edit) maintains them; the address must be http(s) and unique.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let admin: Session;
let staff: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = sessionOf(await t.login('admin'));
  staff = sessionOf(await t.login('zhangwei'));
});
afterAll(async () => t.close());

describe('outurl', () => {
  it('lets the administrator add a link that staff then see, and refuses staff changes', async () => {
    const add = await t.post(
      'outurl/add',
      { name: '国家政务服务平台', url: 'https://gjzwfw.www.gov.cn/', category: '政务服务', newWindow: true, enabled: true, sort: 1 },
      admin,
    );
    expect(add.code).toBe(0);
    const list = await t.post('outurl/list', { keyword: '政务服务' }, staff);
    expect(list.data.list.map((r: any) => r.name)).toContain('国家政务服务平台');
    expect((await t.post('outurl/add', { name: 'x', url: 'https://x.example/', newWindow: true, enabled: true }, staff)).code).toBe(-1);
    expect((await t.post('outurl/del', { id: add.data.id }, staff)).code).toBe(-1);
  });

  it('names a bad address with the definition message, and a duplicate one', async () => {
    const bad = await t.post('outurl/add', { name: '内网', url: 'ftp://10.0.0.1', newWindow: true, enabled: true }, admin);
    expect(bad.code).toBe(-1);
    expect(bad.msg).toContain('http://');
    const again = await t.post('outurl/add', { name: '重复', url: 'https://gjzwfw.www.gov.cn/', newWindow: false, enabled: true }, admin);
    expect(again.code).toBe(-1);
    expect(again.msg).toContain('链接地址');
  });
});
