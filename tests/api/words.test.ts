/**
 * 常用语 (SPEC §7 Words/list, save, del, getUserWord): each person keeps his own phrases, the
 * administrator adds public ones everyone picks from; only administrators may make a phrase public.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
let admin: Session;
let staff: Session;
let other: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = sessionOf(await t.login('admin'));
  staff = sessionOf(await t.login('zhangwei'));
  other = sessionOf(await t.login('lina'));
});
afterAll(async () => t.close());

describe('Words', () => {
  it('keeps a person own phrases and the public ones, ordered by sort', async () => {
    expect((await t.post('Words/save', { content: '同意', sort: 2 }, staff)).code).toBe(0);
    expect((await t.post('Words/save', { content: '已阅', sort: 1 }, staff)).code).toBe(0);
    const pub = await t.post('Words/save', { content: '请办公室阅处', sort: 0, isPublic: true }, admin);
    expect(pub.data).toMatchObject({ isPublic: true });
    const mine = await t.post('Words/getUserWord', {}, staff);
    expect(mine.data.map((w: any) => w.content)).toEqual(['请办公室阅处', '已阅', '同意']);
    expect(mine.data[0]).toMatchObject({ isPublic: true, mine: false });
    const others = await t.post('Words/getUserWord', {}, other);
    expect(others.data.map((w: any) => w.content)).toEqual(['请办公室阅处']);
  });

  it('refuses a public phrase from staff and an over-long one, naming the field', async () => {
    const r = await t.post('Words/save', { content: '大家都用', isPublic: true }, staff);
    expect(r.code).toBe(-1);
    expect(r.msg).toContain('公共常用语');
    const g = await t.post('Words/add', { content: '大家都用', isPublic: true }, staff);
    expect(g.code).toBe(-1);
    const long = await t.post('Words/save', { content: '长'.repeat(201) }, staff);
    expect(long.code).toBe(-1);
    expect(long.msg).toContain('常用语内容');
  });

  it('edits with save (no version needed), deletes, and others cannot touch my phrases', async () => {
    const { data } = await t.post('Words/list', {}, staff);
    const w = data.list.find((x: any) => x.content === '同意');
    const e = await t.post('Words/save', { id: w.id, content: '同意，请抓紧办理' }, staff);
    expect(e.data.content).toBe('同意，请抓紧办理');
    expect((await t.post('Words/del', { id: w.id }, other)).code).toBe(-1);
    expect((await t.post('Words/del', { id: w.id }, staff)).code).toBe(0);
    expect((await t.post('Words/getUserWord', {}, staff)).data.map((x: any) => x.content)).toEqual(['请办公室阅处', '已阅']);
  });
});
