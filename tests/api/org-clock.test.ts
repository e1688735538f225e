/**
 * One clock: a 待办 and its reminder, the 待办 list and the flow log show ONE local time for one event — the wall
 * time of the organisation's zone (setting `time.zone`, sent to the client in the user info), on Asia/Shanghai
 * and after switching to Europe/London (the same instant, shown differently, consistently). The reminder bell
 * showed the time +8 h (hard-coded) where the lists showed the browser's zone. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actors, createTestApp, type TestApp } from './helpers.js';
import { advanceClock, now } from '../../src/server/lib/clock.js';
import { zoneDateTime } from '../../engine/expr/zone.js';
import { formatTime, setDisplayTimeZone } from '../../engine/renderers/time.js';

let t: TestApp;
const a = actors(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  setDisplayTimeZone(null);
  await t.close();
});

/** What lina's pages show for the affair `title`: the bell's date, the 待办 list's time and the log's time. */
async function shown(title: string, instanceId: number) {
  const info = await a.ok('Person/userInfo', {}, 'lina');
  // the client installs the zone of the user info once, then formats every instant with it
  setDisplayTimeZone(info.time_zone);
  const bell = (await a.ok('Msg/list', { current: 1, pageSize: 20 }, 'lina')).list.find((m: any) => m.title.includes(title));
  const todo = (await a.ok('flow/todo', {}, 'lina')).list.find((x: any) => x.instanceId === instanceId);
  const log = (await a.ok('flow/log', { id: instanceId }, 'lina')) as any[];
  const submit = log.find((e) => e.type === 'submit') ?? log[log.length - 1];
  return { zone: info.time_zone as string, bell, todo, list: formatTime(todo.createdAt), log: formatTime(submit.at), at: submit.at as number };
}

describe('one event, one local time', () => {
  it('the reminder, the 待办 list and the flow log agree in Asia/Shanghai and in Europe/London', async () => {
    // 10 s into a minute, so the few milliseconds between the task, the log and the reminder stay in one minute
    advanceClock(70_000 - (now() % 60_000));
    const title = '关于统一时钟的请示';
    const rec = await a.ok('affair/add', { title, affairType: 'request', urgency: '0', body: '<p>请审批</p>' }, 'zhangwei');
    const v = await a.ok('flow/start', { defId: 'affair.default', entity: 'affair.affair', recordId: rec.id }, 'zhangwei');

    const cn = await shown(title, v.id);
    expect(cn.zone).toBe('Asia/Shanghai');
    expect(cn.bell.date).toBe(zoneDateTime(cn.bell.created_at, 'Asia/Shanghai'));
    expect(cn.bell.date).toBe(cn.list);
    expect(cn.log).toBe(cn.list);
    expect(cn.list).toBe(zoneDateTime(cn.at, 'Asia/Shanghai'));

    // the administrator moves the organisation to London: the same instants, read 8 h (or 7 h in summer) earlier
    expect((await a.post('systemmanage/edit', { key: 'time.zone', value: 'Europe/London' }, 'admin')).code).toBe(0);
    const uk = await shown(title, v.id);
    expect(uk.zone).toBe('Europe/London');
    expect(uk.bell.created_at).toBe(cn.bell.created_at);
    expect(uk.bell.date).toBe(zoneDateTime(uk.bell.created_at, 'Europe/London'));
    expect(uk.bell.date).toBe(uk.list);
    expect(uk.log).toBe(uk.list);
    expect(uk.list).not.toBe(cn.list);
    expect((Date.parse(`${cn.list.replace(' ', 'T')}Z`) - Date.parse(`${uk.list.replace(' ', 'T')}Z`)) / 3_600_000).toBeGreaterThanOrEqual(7);
  });

  it('the setting takes IANA names only, naming 时区 otherwise, and is shown on the settings form', async () => {
    for (const bad of ['CST', '+08:00', 'Mars/Olympus', '']) {
      const r = await a.post('systemmanage/edit', { key: 'time.zone', value: bad }, 'admin');
      expect(r.code, bad).toBe(-1);
      expect(r.msg).toContain('时区');
    }
    const rec = await a.ok('systemmanage/info', { id: 1 }, 'admin');
    expect(rec.timeZone).toBe('Europe/London');
    const back = await a.post('systemmanage/del', { key: 'time.zone' }, 'admin');
    expect(back.data).toMatchObject({ key: 'time.zone', value: 'Asia/Shanghai', changed: false });
    expect((await a.ok('Person/userInfo', {}, 'lina')).time_zone).toBe('Asia/Shanghai');
  });
});
