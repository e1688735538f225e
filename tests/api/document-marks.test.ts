/**
 * 发文字号 (GB/T 9704-2012 7.2.4; SPEC §7 document/mark, editMark, deleteMark, markList, plus the numbering
 * calls): marks are managed by holders of document:setting (周明远, 办公室主任), numbers taken by holders of
 * document:number (王芳, 文书收发员); a year's numbers have no gaps and no duplicates even when twenty are taken at
 * once, a cancelled number is handed out again first, a new year starts again. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markNumberSent, numberingYear } from '../../src/areas/document/server/services/docNumbers.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

let t: TestApp;
const s: Record<string, Session> = {};
const YEAR = numberingYear();
const SEND = 'document.send';
let docSeq = 1000;
/** A fresh 发文 record id (the service does not check the record; the 发文 flow does). */
const nextDoc = () => ++docSeq;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['demo', 'wangfang', 'zhangwei', 'admin']) s[u] = sessionOf(await t.login(u));
});
afterAll(async () => t.close());

/** Creates a mark as 周明远 and answers it. */
async function newMark(org_code: string, extra: Record<string, unknown> = {}) {
  const r = await t.post('document/mark', { name: `${org_code}文件`, org_code, ...extra }, s.demo);
  expect(r.code, r.msg).toBe(0);
  return r.data;
}

async function take(markId: number, docId: number, extra: Record<string, unknown> = {}, who = s.wangfang) {
  return t.post('document/takeNumber', { mark_id: markId, entity: SEND, id: docId, ...extra }, who);
}

describe('markList', () => {
  it('shows every signed-in user the enabled demo marks with the next number; disabled ones only to numbering staff', async () => {
    expect((await t.post('document/markList', {})).code).toBe(-99);
    const bad = await t.post('document/markList', { pageSize: 1000 }, s.zhangwei);
    expect((await t.post('document/markList', { pageSize: 200 }, s.zhangwei)).code).toBe(0);
    expect(bad.code).toBe(-1);
    expect(bad.msg).toContain('每页条数');

    const staff = await t.post('document/markList', { pageSize: 100 }, s.zhangwei);
    expect(staff.code, staff.msg).toBe(0);
    const zf = staff.data.list.find((m: any) => m.org_code === '京政发');
    expect(zf).toMatchObject({ name: '市政府文件', unit_name: '市人民政府', status: 1, next_seq: 1, preview: `京政发〔${YEAR}〕1号` });
    expect(zf.doc_kinds).toContain('8');
    expect(staff.data.list.find((m: any) => m.org_code === '京政办发')).toMatchObject({ unit_name: '市政府办公室' });
    expect(staff.data.list.find((m: any) => m.org_code === '京政函')).toBeTruthy();

    const off = await newMark('京测停', { status: 0 });
    const again = await t.post('document/markList', { pageSize: 100, status: 0 }, s.zhangwei);
    expect(again.data.list.map((m: any) => m.org_code)).not.toContain('京测停');
    const clerk = await t.post('document/markList', { status: 0, keyword: '京测' }, s.wangfang);
    expect(clerk.data.list.map((m: any) => m.id)).toEqual([off.id]);
    expect(clerk.data.total).toBe(1);
  });
});

describe('mark management', () => {
  it('401 → bad input naming the field → 403 → success, audited', async () => {
    const body = { name: '测试文件', org_code: '京测发', doc_kinds: ['8', '14'] };
    expect((await t.post('document/mark', body)).code).toBe(-99);
    const missing = await t.post('document/mark', { name: '测试文件' }, s.demo);
    expect(missing.code).toBe(-1);
    expect(missing.msg).toContain('机关代字');
    const kinds = await t.post('document/mark', { ...body, doc_kinds: ['99'] }, s.demo);
    expect(kinds.code).toBe(-1);
    expect(kinds.msg).toContain('适用公文种类');
    const unit = await t.post('document/mark', { ...body, unit_id: 99999 }, s.demo);
    expect(unit.code).toBe(-1);
    expect(unit.msg).toContain('发文机关');
    const blank = await t.post('document/mark', { ...body, name: '   ' }, s.demo);
    expect(blank.msg).toContain('文号名称');
    const bracket = await t.post('document/mark', { ...body, org_code: '京〔测〕' }, s.demo);
    expect(bracket.msg).toContain('机关代字');
    for (const who of ['zhangwei', 'wangfang', 'admin']) {
      const r = await t.post('document/mark', body, s[who]);
      expect(r.code, who).toBe(-1);
      // the system administrator is one of the 三员, refused every business call
      expect(r.msg).toBe(who === 'admin' ? '系统管理员、安全保密管理员和安全审计员（三员）不办理业务' : '您没有该操作的权限');
    }

    const ok = await t.post('document/mark', body, s.demo);
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data).toMatchObject({ name: '测试文件', org_code: '京测发', doc_kinds: ['8', '14'], start_seq: 1, status: 1, preview: `京测发〔${YEAR}〕1号` });
    const dup = await t.post('document/mark', { name: '重复', org_code: '京测发' }, s.demo);
    expect(dup.code).toBe(-1);
    expect(dup.msg).toContain('京测发');

    expect((await t.post('document/editMark', { id: ok.data.id, name: '改名' }, s.wangfang)).msg).toBe('您没有该操作的权限');
    const edited = await t.post('document/editMark', { id: ok.data.id, name: '测试文件（改）', start_seq: 5 }, s.demo);
    expect(edited.code, edited.msg).toBe(0);
    expect(edited.data).toMatchObject({ name: '测试文件（改）', org_code: '京测发', next_seq: 5, preview: `京测发〔${YEAR}〕5号` });
    expect((await t.post('document/editMark', { id: 999999, name: 'x' }, s.demo)).msg).toContain('文号类型');

    const events = await t.database.db.selectFrom('audit_log').select('event').where('object', '=', `doc_mark:${ok.data.id}`).orderBy('id').execute();
    expect(events.map((e) => e.event)).toEqual(['docMark.add', 'docMark.edit']);
  });

  it('deleteMark is refused once a number is used (disable instead); after cancelling it the mark can go', async () => {
    const m = await newMark('京删发');
    const n = await take(m.id, nextDoc());
    expect(n.code, n.msg).toBe(0);
    expect((await t.post('document/deleteMark', { id: m.id }, s.wangfang)).msg).toBe('您没有该操作的权限');
    const refused = await t.post('document/deleteMark', { id: m.id }, s.demo);
    expect(refused.code).toBe(-1);
    expect(refused.msg).toContain('不能删除');
    const recode = await t.post('document/editMark', { id: m.id, org_code: '京删改' }, s.demo);
    expect(recode.code).toBe(-1);
    expect(recode.msg).toContain('机关代字');
    expect((await t.post('document/editMark', { id: m.id, status: 0 }, s.demo)).data.status).toBe(0);
    const disabled = await take(m.id, nextDoc());
    expect(disabled.code).toBe(-1);
    expect(disabled.msg).toContain('已停用');

    expect((await t.post('document/cancelNumber', { number_id: n.data.id, reason: '误取号' }, s.wangfang)).code).toBe(0);
    const gone = await t.post('document/deleteMark', { id: m.id }, s.demo);
    expect(gone.code, gone.msg).toBe(0);
    expect(await t.database.db.selectFrom('doc_marks').select('id').where('id', '=', m.id).executeTakeFirst()).toBeUndefined();
    expect((await t.post('document/markList', { keyword: '京删' }, s.demo)).data.total).toBe(0);
  });
});

describe('numbering', () => {
  it('401 → bad input naming the field → 403 → success; taking again for the same document answers the same number', async () => {
    const m = await newMark('京号发');
    const doc = nextDoc();
    expect((await t.post('document/takeNumber', { mark_id: m.id, entity: SEND, id: doc })).code).toBe(-99);
    const entity = await take(m.id, doc, { entity: 'affair.affair' });
    expect(entity.code).toBe(-1);
    expect(entity.msg).toContain('公文类别');
    const noMark = await t.post('document/takeNumber', { entity: SEND, id: doc }, s.wangfang);
    expect(noMark.msg).toContain('文号类型');
    expect((await take(999999, doc)).msg).toContain('文号类型');
    expect((await take(m.id, doc, {}, s.zhangwei)).msg).toBe('您没有该操作的权限');
    expect((await take(m.id, doc, {}, s.admin)).msg).toBe('系统管理员、安全保密管理员和安全审计员（三员）不办理业务');

    const first = await take(m.id, doc);
    expect(first.code, first.msg).toBe(0);
    expect(first.data).toMatchObject({ seq: 1, year: YEAR, status: 'used', number: `京号发〔${YEAR}〕1号`, doc_entity: SEND, doc_id: doc });
    const again = await take(m.id, doc);
    expect(again.data).toMatchObject({ id: first.data.id, seq: 1 });
    expect((await take(m.id, nextDoc())).data.seq).toBe(2);

    const list = await t.post('document/numberList', { mark_id: m.id }, s.wangfang);
    expect(list.code, list.msg).toBe(0);
    expect(list.data).toMatchObject({ total: 2, next_seq: 3, preview: `京号发〔${YEAR}〕3号` });
    expect(list.data.list.map((n: any) => n.seq)).toEqual([2, 1]);
    expect(list.data.list[0].reserved_by_name).toBe('王芳');
    expect((await t.post('document/numberList', { mark_id: m.id }, s.zhangwei)).msg).toBe('您没有该操作的权限');
    expect((await t.post('document/markList', { keyword: '京号发' }, s.zhangwei)).data.list[0]).toMatchObject({ next_seq: 3, preview: `京号发〔${YEAR}〕3号` });
    // Another mark for a document that already holds a number is refused: one document, one 发文字号.
    const other = await newMark('京号函');
    const twice = await take(other.id, doc);
    expect(twice.code).toBe(-1);
    expect(twice.msg).toContain(`京号发〔${YEAR}〕1号`);
  });

  it('twenty documents numbered at once get twenty distinct consecutive numbers', async () => {
    const m = await newMark('京并发');
    const docs = Array.from({ length: 20 }, () => nextDoc());
    const answers = await Promise.all(docs.map((d) => take(m.id, d)));
    for (const a of answers) expect(a.code, a.msg).toBe(0);
    expect(answers.map((a) => a.data.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(answers.map((a) => a.data.doc_id)).size).toBe(20);
    const list = await t.post('document/numberList', { mark_id: m.id, pageSize: 100 }, s.wangfang);
    expect(list.data.total).toBe(20);
    expect(list.data.next_seq).toBe(21);
  });

  it('a cancelled number is handed out again first; cancelling needs a reason and a sent number cannot be cancelled', async () => {
    const m = await newMark('京废发');
    const nums = [];
    for (let i = 0; i < 4; i++) nums.push((await take(m.id, nextDoc())).data);
    expect((await t.post('document/cancelNumber', { number_id: nums[1].id })).code).toBe(-99);
    const noReason = await t.post('document/cancelNumber', { number_id: nums[1].id, reason: '  ' }, s.wangfang);
    expect(noReason.code).toBe(-1);
    expect(noReason.msg).toContain('作废原因');
    expect((await t.post('document/cancelNumber', { number_id: nums[1].id, reason: '重复' }, s.zhangwei)).msg).toBe('您没有该操作的权限');
    const cancelled = await t.post('document/cancelNumber', { number_id: nums[1].id, reason: '公文撤回' }, s.wangfang);
    expect(cancelled.code, cancelled.msg).toBe(0);
    expect(cancelled.data).toMatchObject({ status: 'cancelled', reason: '公文撤回', seq: 2 });
    expect((await t.post('document/cancelNumber', { number_id: nums[1].id, reason: '再次' }, s.wangfang)).msg).toContain('已作废');
    expect((await t.post('document/markList', { keyword: '京废发' }, s.wangfang)).data.list[0].preview).toBe(`京废发〔${YEAR}〕2号`);

    const reused = await take(m.id, nextDoc());
    expect(reused.data).toMatchObject({ id: nums[1].id, seq: 2, status: 'used', reason: null });
    expect((await take(m.id, nextDoc())).data.seq).toBe(5);

    await markNumberSent(t.database.db, { userId: 1, docEntity: SEND, docId: nums[0].doc_id });
    const sent = await t.post('document/cancelNumber', { number_id: nums[0].id, reason: '已发出' }, s.wangfang);
    expect(sent.code).toBe(-1);
    expect(sent.msg).toContain('已发出');
    const events = await t.database.db.selectFrom('audit_log').select('event').where('object', '=', `doc_mark_number:${nums[1].id}`).orderBy('id').execute();
    expect(events.map((e) => e.event)).toEqual(['docNumber.take', 'docNumber.cancel', 'docNumber.take']);
  });

  it('a reservation holds the next number and becomes used when the document is numbered; a new year starts at start_seq', async () => {
    const m = await newMark('京年发', { start_seq: 10 });
    const doc = nextDoc();
    const reserved = await t.post('document/reserveNumber', { mark_id: m.id, entity: SEND, id: doc }, s.wangfang);
    expect(reserved.code, reserved.msg).toBe(0);
    expect(reserved.data).toMatchObject({ seq: 10, status: 'reserved', used_at: null });
    expect((await take(m.id, nextDoc())).data.seq).toBe(11);
    const used = await take(m.id, doc);
    expect(used.data).toMatchObject({ id: reserved.data.id, seq: 10, status: 'used' });

    const next = await take(m.id, nextDoc(), { year: YEAR + 1 });
    expect(next.data).toMatchObject({ year: YEAR + 1, seq: 10, number: `京年发〔${YEAR + 1}〕10号` });
    const list = await t.post('document/numberList', { mark_id: m.id, year: YEAR + 1 }, s.wangfang);
    expect(list.data).toMatchObject({ total: 1, next_seq: 11 });
    const badYear = await take(m.id, nextDoc(), { year: 1900 });
    expect(badYear.code).toBe(-1);
    expect(badYear.msg).toContain('年度');
  });
});
