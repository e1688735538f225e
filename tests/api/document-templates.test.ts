/**
 * 套红 and 正文 templates ("正文: rich-text editing (tiptap) with templates per 公文种类 and red-header (套红)
 * templates per issuing organ"; migration 0022): a 发文字号 mark carries the 发文机关标志, 署名 and 印发机关 of its
 * organ (document/mark, editMark, markList), a 发文 naming the mark prints them when it leaves its own empty (the
 * exported PDF's text, pdftotext); 正文 templates per 公文种类 are listed to the users of their unit plus the common
 * ones and managed by holders of document:setting (周明远). SQLite and PostgreSQL.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};
const OUT = path.resolve('test-results/pdf');

async function as(username: string): Promise<Session> {
  if (!s[username]) s[username] = sessionOf(await t.login(username));
  return s[username];
}
const post = async (p: string, body: Record<string, unknown>, who: string) => t.post(p, body, await as(who));
const deptId = async (name: string) => (await t.database.db.selectFrom('departments').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const audited = async (event: string) => (await t.database.db.selectFrom('audit_log').select('event').where('event', '=', event).execute()).length;

/** The text of the exported PDF of flow `id` as `who` (pdftotext), whitespace removed; the file kept as `name`.pdf. */
async function exportedText(id: number, who: string, name: string): Promise<string> {
  const session = await as(who);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/document/exportPdf',
    payload: { id },
    headers: { 'x-token': session.token, 'x-uuid': session.uuid },
  });
  expect(res.statusCode).toBe(200);
  const file = path.join(OUT, `${name}.pdf`);
  fs.writeFileSync(file, res.rawPayload);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8').replace(/\s+/g, '');
}

/** A 发文 drafted and submitted by 张伟 with `extra` fields; answers the flow instance id. */
async function draft(title: string, extra: Record<string, unknown>): Promise<number> {
  const rec = await post('document/add', { title, docType: '8', secretLevel: '0', urgency: '0', body: '<p>现将有关事项通知如下。</p>', ...extra }, 'zhangwei');
  expect(rec.code, rec.msg).toBe(0);
  const v = await post('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.data.id }, 'zhangwei');
  expect(v.code, v.msg).toBe(0);
  return v.data.id;
}

beforeAll(async () => {
  fs.mkdirSync(OUT, { recursive: true });
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('套红 of a mark', () => {
  it('markList answers the seeded red header of each demo mark', async () => {
    const list = (await post('document/markList', { pageSize: 100 }, 'zhangwei')).data.list;
    expect(list.find((m: any) => m.org_code === '京政发')).toMatchObject({
      organ_mark: '市人民政府文件',
      issuer_org: '市人民政府',
      print_org: '市人民政府办公室',
      red_color: '#E60012',
    });
    expect(list.find((m: any) => m.org_code === '京政函')).toMatchObject({ organ_mark: '市人民政府' });
  });

  it('mark / editMark validate, store and audit the red header; only document:setting holders', async () => {
    const body = {
      name: '市财政局文件',
      org_code: '京财发',
      organ_mark: '市财政局文件',
      issuer_org: '市财政局',
      print_org: '市财政局办公室',
      red_color: '#d7000f',
    };
    const badColor = await post('document/mark', { ...body, red_color: 'red' }, 'demo');
    expect(badColor.code).toBe(-1);
    expect(badColor.msg).toContain('套红颜色');
    const long = await post('document/mark', { ...body, organ_mark: '局'.repeat(51) }, 'demo');
    expect(long.code).toBe(-1);
    expect(long.msg).toContain('发文机关标志');
    expect((await post('document/mark', body, 'zhangwei')).code).toBe(-1);

    const made = await post('document/mark', body, 'demo');
    expect(made.code, made.msg).toBe(0);
    expect(made.data).toMatchObject({ organ_mark: '市财政局文件', issuer_org: '市财政局', print_org: '市财政局办公室', red_color: '#D7000F' });
    const edits = await audited('docMark.edit');
    const edited = await post('document/editMark', { id: made.data.id, organ_mark: '  市财政局  文件 ', print_org: '' }, 'demo');
    expect(edited.code, edited.msg).toBe(0);
    // Fields left out stay; '' clears.
    expect(edited.data).toMatchObject({ organ_mark: '市财政局  文件', issuer_org: '市财政局', print_org: null, red_color: '#D7000F' });
    expect(await audited('docMark.edit')).toBe(edits + 1);
    const listed = (await post('document/markList', { keyword: '京财发' }, 'zhangwei')).data.list[0];
    expect(listed.organ_mark).toBe('市财政局  文件');
  });

  it('a 发文 naming a mark prints the mark’s 发文机关标志, 署名 and 印发机关 where it leaves its own empty', async () => {
    const mark = (await post('document/markList', {}, 'zhangwei')).data.list.find((m: any) => m.org_code === '京政发');
    // Its 正文 is the seeded 通知 template, as 「套用模板」 puts it into the form.
    const notice = (await post('document/templateList', { doc_type: '8' }, 'zhangwei')).data[0];
    const id = await draft('关于开展2027年度安全生产大检查的通知', { markId: mark.id, mainTo: [await deptId('市财政局')], body: notice.body });
    const text = await exportedText(id, 'zhangwei', 'template-mark');
    expect(text).toContain('市人民政府文件');
    expect(text).toContain('一、总体要求');
    expect(text).toContain('特此通知。');
    expect(text).toContain('市人民政府办公室'); // 印发机关 of the 版记
    // Without the mark the fallback is the drafter's unit + 文件.
    const plain = await exportedText(await draft('关于做好冬季防火工作的通知', {}), 'zhangwei', 'template-nomark');
    expect(plain).not.toContain('市人民政府文件');
  });

  it('the record wins over the mark when it fills the fields', async () => {
    const mark = (await post('document/markList', {}, 'zhangwei')).data.list.find((m: any) => m.org_code === '京政发');
    const id = await draft('关于调整机关食堂就餐时间的通知', {
      markId: mark.id,
      organMark: '市机关事务管理局文件',
      issuerOrg: '市机关事务管理局',
      printOrg: '市机关事务管理局综合处',
    });
    const text = await exportedText(id, 'zhangwei', 'template-own');
    expect(text).toContain('市机关事务管理局文件');
    expect(text).toContain('市机关事务管理局综合处');
    expect(text).not.toContain('市人民政府文件');
  });
});

describe('正文 templates', () => {
  it('templateList: the seeded common template of each common kind, with the kind label; filter by kind', async () => {
    expect((await t.post('document/templateList', {})).code).toBe(-99);
    const all = await post('document/templateList', {}, 'zhangwei');
    expect(all.code, all.msg).toBe(0);
    const labels = all.data.map((x: any) => x.doc_type_label);
    for (const k of ['通知', '请示', '报告', '函', '意见', '纪要']) expect(labels).toContain(k);
    // Dictionary order: 意见 (7) before 通知 (8) before 报告 (10) before 请示 (11).
    expect(labels.indexOf('意见')).toBeLessThan(labels.indexOf('通知'));
    expect(labels.indexOf('报告')).toBeLessThan(labels.indexOf('请示'));
    const ask = await post('document/templateList', { doc_type: '11' }, 'zhangwei');
    expect(ask.data).toHaveLength(1);
    expect(ask.data[0].body).toContain('妥否，请批示。');
    expect(ask.data[0].body).toContain('<h1>一、');
    const notice = (await post('document/templateList', { doc_type: '8' }, 'zhangwei')).data[0];
    expect(notice.body).toContain('特此通知。');
    expect((await post('document/templateList', { doc_type: '10' }, 'zhangwei')).data[0].body).toContain('特此报告。');
    expect((await post('document/templateList', { doc_type: '14' }, 'zhangwei')).data[0].body).toContain('特此函告。');
  });

  it('add / edit / delete by 周明远 only, validated and audited; a unit’s template is seen by that unit only', async () => {
    const body = { doc_type: '11', name: '请示（经费申请）', body: '<p>市人民政府：</p><p>妥否，请批示。</p>' };
    expect((await post('document/templateAdd', body, 'zhangwei')).msg).toBe((await post('document/templateAdd', body, 'liuyang')).msg);
    expect((await post('document/templateAdd', body, 'zhangwei')).code).toBe(-1);
    const badKind = await post('document/templateAdd', { ...body, doc_type: '99' }, 'demo');
    expect(badKind.code).toBe(-1);
    expect(badKind.msg).toContain('公文种类');
    const blank = await post('document/templateAdd', { ...body, name: '  ' }, 'demo');
    expect(blank.msg).toContain('模板名称');
    const noBody = await post('document/templateAdd', { doc_type: '11', name: 'x' }, 'demo');
    expect(noBody.msg).toContain('模板正文');

    // zhangwei's unit vs another unit.
    const zw = await t.database.db.selectFrom('users').select(['id', 'current_dept_id']).where('username', '=', 'zhangwei').executeTakeFirstOrThrow();
    const primary = await t.database.db
      .selectFrom('user_departments')
      .select('dept_id')
      .where('user_id', '=', zw.id)
      .where('is_primary', '=', 1)
      .executeTakeFirstOrThrow();
    const mine = await post('document/templateAdd', { ...body, name: '本单位请示', unit_id: await unitOfDept(zw.current_dept_id ?? primary.dept_id) }, 'demo');
    expect(mine.code, mine.msg).toBe(0);
    const other = await post('document/templateAdd', { ...body, name: '财政局请示', unit_id: await deptId('市财政局') }, 'demo');
    expect(other.code, other.msg).toBe(0);
    const names = (await post('document/templateList', { doc_type: '11' }, 'zhangwei')).data.map((x: any) => x.name);
    expect(names).toContain('本单位请示');
    expect(names).not.toContain('财政局请示');

    const adds = await audited('docTemplate.add');
    expect(adds).toBeGreaterThanOrEqual(2);
    const off = await post('document/templateEdit', { id: mine.data.id, status: 0, name: '本单位请示（停用）' }, 'demo');
    expect(off.code, off.msg).toBe(0);
    expect(off.data).toMatchObject({ status: 0, name: '本单位请示（停用）', doc_type: '11' });
    expect((await post('document/templateList', { doc_type: '11' }, 'zhangwei')).data.map((x: any) => x.id)).not.toContain(mine.data.id);
    expect(await audited('docTemplate.edit')).toBe(1);
    expect((await post('document/templateEdit', { id: 99_999_999, name: 'x' }, 'demo')).msg).toContain('模板');

    const del = await post('document/templateDelete', { id: other.data.id }, 'demo');
    expect(del.data).toEqual({ deleted: other.data.id });
    expect((await post('document/templateDelete', { id: other.data.id }, 'demo')).code).toBe(-1);
    expect(await audited('docTemplate.delete')).toBe(1);
  });
});

/** The unit (nearest department of kind 'unit') of department `id`. */
async function unitOfDept(id: number): Promise<number> {
  let cur: number | null = id;
  while (cur !== null) {
    const d = await t.database.db.selectFrom('departments').select(['id', 'kind', 'parent_id']).where('id', '=', cur).executeTakeFirstOrThrow();
    if (d.kind === 'unit') return d.id;
    cur = d.parent_id;
  }
  throw new Error(`no unit above ${id}`);
}
