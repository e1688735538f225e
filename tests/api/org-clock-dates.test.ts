/**
 * One clock for dates: at 00:30 in Shanghai (16:30 UTC, still the day before in London and on a UTC server) the
 * 公文 PDF's 成文日期 (not yet set: today), the reminder's date and the 待办 list's day are the Shanghai date; once the
 * organisation is moved to Europe/London the same instants give the London date. The server runs in UTC, so a
 * server that used its own zone or a fixed +8 h would fail one of the two. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import { actors, createTestApp, type TestApp } from './helpers.js';
import { advanceClock, now } from '../../src/server/lib/clock.js';
import { wallTime, zoneDate } from '../../engine/expr/zone.js';

let t: TestApp;
const a = actors(() => t);
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  // before anyone signs in: to the next 16:30 UTC (00:30 of the next day in Shanghai)
  const target = Math.floor(now() / DAY) * DAY + 16.5 * 3_600_000;
  advanceClock((target > now() ? target : target + DAY) - now());
});
afterAll(async () => t.close());

/** The 成文日期 text of a date 'YYYY-MM-DD' as GB/T 9704 prints it ("2026年11月28日"). */
const printed = (iso: string) => `${Number(iso.slice(0, 4))}年${Number(iso.slice(5, 7))}月${Number(iso.slice(8, 10))}日`;

async function pdfText(flowId: number): Promise<string> {
  const session = await a.as('zhangwei');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/document/exportPdf',
    payload: { id: flowId },
    headers: { 'x-token': session.token, 'x-uuid': session.uuid },
  });
  expect(res.statusCode).toBe(200);
  const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
  return text.replace(/\s+/g, '');
}

describe('dates in the organisation zone', () => {
  it('the PDF’s 成文日期, the reminder and the 待办 list give the Shanghai date, then the London date', async () => {
    const cn = zoneDate(now(), 'Asia/Shanghai');
    const uk = zoneDate(now(), 'Europe/London');
    expect(cn).not.toBe(uk);
    const rec = await a.ok(
      'document/add',
      { title: '关于年度数据报送时间的通知', docType: '8', secretLevel: '0', urgency: '0', body: '<p>正文</p>', issuerOrg: '市人民政府办公室' },
      'zhangwei',
    );
    const v = await a.ok('flow/start', { defId: 'document.send', entity: 'document.send', recordId: rec.id }, 'zhangwei');

    expect(await pdfText(v.id)).toContain(printed(cn));
    const bell = (await a.ok('Msg/list', { current: 1, pageSize: 20 }, 'lina')).list.find((m: any) => m.title.includes('关于年度数据报送时间的通知'));
    expect(bell.date.slice(0, 10)).toBe(cn);
    expect(bell.date.slice(11)).toMatch(/^00:3\d$/);

    expect((await a.post('systemmanage/edit', { key: 'time.zone', value: 'Europe/London' }, 'admin')).code).toBe(0);
    const text = await pdfText(v.id);
    expect(text).toContain(printed(uk));
    expect(text).not.toContain(printed(cn));
    const again = (await a.ok('Msg/list', { current: 1, pageSize: 20 }, 'lina')).list.find((m: any) => m.id === bell.id);
    expect(again.date.slice(0, 10)).toBe(uk);
    expect(again.date.slice(11, 13)).toBe(String(wallTime(again.created_at, 'Europe/London').hour).padStart(2, '0'));
  });
});
