/**
 * System settings (/setting/index, /organization/systemmanage): the administrator reads every
 * known setting with its default, changes one by key or all through the form record (with its version),
 * resets one, and the change takes effect (涉密模式 read by the selector); staff are refused; audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smwEnabled } from '../../src/server/services/selector.js';
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

describe('systemmanage', () => {
  it('lists the known settings with titles, values and defaults', async () => {
    const r = await t.post('systemmanage/list', {}, admin);
    expect(r.code).toBe(0);
    const byKey = Object.fromEntries(r.data.list.map((s: any) => [s.key, s]));
    expect(byKey['system.name']).toMatchObject({ title: '系统名称', value: '协同办公平台' });
    expect(byKey.smw).toMatchObject({ title: '涉密模式', type: 'flag', value: '0', default: '0', changed: false });
    expect(byKey['password.maxAgeDays']).toMatchObject({ type: 'integer', value: '90' });
    expect(r.data.total).toBe(r.data.list.length);
  });

  it('turns 涉密模式 on by key, which the selector then reads, and resets it with del', async () => {
    const on = await t.post('systemmanage/edit', { key: 'smw', value: '1' }, admin);
    expect(on.data).toMatchObject({ key: 'smw', value: '1', changed: true });
    expect(await smwEnabled(t.database.db)).toBe(true);
    const off = await t.post('systemmanage/del', { key: 'smw' }, admin);
    expect(off.data).toMatchObject({ key: 'smw', value: '0', changed: false });
    expect(await smwEnabled(t.database.db)).toBe(false);
  });

  it('refuses a bad value or key naming it, storing nothing', async () => {
    const bad = await t.post('systemmanage/edit', { key: 'password.maxAgeDays', value: 'abc' }, admin);
    expect(bad).toMatchObject({ code: -1, msg: '参数密码有效期（天）不正确' });
    expect((await t.post('systemmanage/edit', { key: 'smw', value: 'yes' }, admin)).msg).toContain('涉密模式');
    expect((await t.post('systemmanage/edit', { key: 'nope', value: '1' }, admin)).msg).toContain('设置项');
    expect((await t.post('systemmanage/edit', { key: 'system.name', value: '   ' }, admin)).msg).toContain('系统名称');
    expect((await t.post('systemmanage/info', { key: 'password.maxAgeDays' }, admin)).data.value).toBe('90');
  });

  it('saves the form record in one go with its version and refuses a stale one', async () => {
    const rec = (await t.post('systemmanage/info', { id: 1 }, admin)).data;
    expect(rec).toMatchObject({ id: 1, systemName: '协同办公平台', smw: '0', passwordMaxAgeDays: 90, watermark: '0', _actions: ['edit'] });
    const saved = await t.post(
      'systemmanage/edit',
      { id: 1, version: rec.version, systemName: '市政府协同办公', passwordMaxAgeDays: 180, watermark: '1' },
      admin,
    );
    expect(saved.data).toMatchObject({ systemName: '市政府协同办公', passwordMaxAgeDays: 180, watermark: '1', version: rec.version + 1 });
    const stale = await t.post('systemmanage/edit', { id: 1, version: rec.version, systemName: '旧名称' }, admin);
    expect(stale.code).toBe(-1);
    const partlyBad = await t.post('systemmanage/edit', { id: 1, version: rec.version + 1, systemName: '又一个名称', passwordMaxAgeDays: -5 }, admin);
    expect(partlyBad.msg).toContain('密码有效期');
    expect((await t.post('systemmanage/info', {}, admin)).data.systemName).toBe('市政府协同办公');
    expect((await t.post('systemmanage/edit', { id: 1, version: rec.version + 1, colour: 'red' }, admin)).msg).toContain('colour');
    const audits = await t.database.db.selectFrom('audit_log').select('event').where('event', '=', 'setting.edit').execute();
    expect(audits.length).toBe(3);
  });

  it('refuses staff', async () => {
    expect((await t.post('systemmanage/list', {}, staff)).code).not.toBe(0);
    expect((await t.post('systemmanage/edit', { key: 'smw', value: '1' }, staff)).code).not.toBe(0);
    expect(await smwEnabled(t.database.db)).toBe(false);
  });
});
