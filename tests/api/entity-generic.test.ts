/**
 * The generic entity API (DESIGN §6–§7) checked for EVERY entity of `loadEntities()`: the suite
 * is generated from the definitions, so a new area's entity is covered without writing a test.
 *
 * Per entity: no session → -99 on every call; a bad value (too long text, wrong type…) → -1 naming the
 * field; add succeeds; a record of another department (another unit) is not listed and info/edit/del on
 * it are refused with nothing changed; a stale edit is refused with nothing changed.
 * The entity's permission codes are granted to the `staff` role first (zhangwei: 市政府办公室/秘书科,
 * sunli: 市财政局/办公室, both staff), so the suite does not depend on each area's seeded grants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef, ModelProperty } from '../../engine/schema/types.js';
import { buildRegistry } from '../../engine/schema/loader.js';
import { loadEntities, readDefinitionFiles } from '../../src/server/engine/definitions.js';
import { fieldTitle } from '../../src/server/engine/validation.js';
import { invalidateMenuCache } from '../../src/server/services/menu.js';
import { createTestApp, sessionOf, type Session, type TestApp } from './helpers.js';

const entities = loadEntities();
const registry = buildRegistry(readDefinitionFiles());
let t: TestApp;
const s: Record<string, Session> = {};
const who: Record<string, { id: number; dept: number }> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const staff = await db.selectFrom('roles').select('id').where('code', '=', 'staff').executeTakeFirstOrThrow();
  const have = new Set((await db.selectFrom('role_permissions').select('code').where('role_id', '=', staff.id).execute()).map((r) => r.code));
  const codes = new Set(
    entities.flatMap((e) => [...Object.values(e.permissions ?? {}), ...(e.actions ?? []).map((a) => a.permission)].filter((c): c is string => !!c)),
  );
  const missing = [...codes].filter((c) => !have.has(c));
  if (missing.length)
    await db
      .insertInto('role_permissions')
      .values(missing.map((code) => ({ role_id: staff.id, code })))
      .execute();
  invalidateMenuCache(db);
  for (const u of ['zhangwei', 'sunli']) {
    s[u] = sessionOf(await t.login(u));
    const row = await db.selectFrom('users').select(['id', 'current_dept_id']).where('username', '=', u).executeTakeFirstOrThrow();
    who[u] = { id: row.id, dept: Number(row.current_dept_id) };
  }
});
afterAll(async () => t.close());

function kindOf(p: ModelProperty): string {
  const type = Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type;
  return p['x-kind'] ?? type ?? 'string';
}

let seq = 0;
/** A valid value of a property for `user` (see the file comment), or undefined when none can be built. */
async function validValue(p: ModelProperty, user: { id: number; dept: number }): Promise<unknown> {
  const n = ++seq;
  switch (kindOf(p)) {
    case 'integer':
    case 'number':
    case 'money':
      return typeof p.minimum === 'number' ? Math.max(p.minimum, 1) : 1;
    case 'boolean':
      return true;
    // A different day each time: an entity may keep one record per date (setting.holiday's unique date).
    case 'date':
      return new Date(Date.UTC(2026, 2, 15) + n * 86_400_000).toISOString().slice(0, 10);
    case 'datetime':
      return new Date(Date.UTC(2026, 2, 15, 8, 30) + n * 86_400_000).toISOString();
    case 'user':
      return user.id;
    case 'dept':
      return user.dept;
    case 'users':
      return [user.id];
    case 'depts':
      return [user.dept];
    case 'dict': {
      const dict = p['x-dict'] ? registry.get('dict', p['x-dict']) : undefined;
      return p.default ?? dict?.items[0]?.value ?? (p.enum as unknown[] | undefined)?.[0];
    }
    default: {
      const min = typeof p.minLength === 'number' ? p.minLength : 1;
      const max = typeof p.maxLength === 'number' ? p.maxLength : 255;
      // A pattern: the first candidate it accepts (URLs, codes, digits…).
      const candidates = [`测试${n}`, `https://example.com/t${n}`, `T-${n}`, `T${n}`, `t${n}`, `${n}`, `t${n}@example.com`];
      const fits = (v: string) => v.length >= min && v.length <= max && (!p.pattern || new RegExp(p.pattern as string, 'u').test(v));
      const text = candidates.find(fits) ?? candidates[0].padEnd(min, 'x');
      return text;
    }
  }
}

/** A record with every required field (and the defaulted ones) valid for `user`. */
async function validRecord(def: EntityDef, user: { id: number; dept: number }): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const f of def.model.required ?? []) {
    const p = def.model.properties[f];
    if (p.default !== undefined) continue;
    out[f] = await validValue(p, user);
  }
  return out;
}

/** A bad value of some writable field and the field, built from the model (too long text, else wrong type). */
function badValue(def: EntityDef): { field: string; value: unknown } {
  for (const [f, p] of Object.entries(def.model.properties)) {
    if (p.readOnly) continue;
    const k = kindOf(p);
    if (typeof p.maxLength === 'number' && ['text', 'string', 'textarea'].includes(k)) return { field: f, value: '长'.repeat(p.maxLength + 1) };
  }
  for (const [f, p] of Object.entries(def.model.properties)) {
    if (p.readOnly) continue;
    if (['integer', 'number', 'money', 'user', 'dept'].includes(kindOf(p))) return { field: f, value: 'abc' };
  }
  throw new Error(`${def.id}: no field to make a bad value of`);
}

/** A writable text field to change in edits (or any writable field). */
function editableField(def: EntityDef): string {
  const entries = Object.entries(def.model.properties).filter(([, p]) => !p.readOnly);
  return (entries.find(([, p]) => ['text', 'string'].includes(kindOf(p)) && !p['x-dict']) ?? entries[0])[0];
}

describe.each(entities.map((def) => [def.id, def] as const))('entity %s', (_id, def) => {
  const G = def.group;
  const calls = ['list', 'info', 'add', 'edit', 'del', 'export', 'import', ...(def.actions ?? []).map((a) => a.id)];

  it('answers -99 without a session on every call', async () => {
    for (const a of calls) {
      const r = await t.post(`${G}/${a}`, { id: 1 });
      expect(r.code, a).toBe(-99);
    }
  });

  it('answers -1 naming the field of a bad value, and stores nothing', async () => {
    const before = (await t.post(`${G}/list`, {}, s.zhangwei)).data.total;
    const bad = badValue(def);
    const r = await t.post(`${G}/add`, { ...(await validRecord(def, who.zhangwei)), [bad.field]: bad.value }, s.zhangwei);
    expect(r.code).toBe(-1);
    expect(r.msg).toContain(fieldTitle(def, bad.field, 'zh-CN'));
    for (const f of def.model.required ?? []) {
      const p = def.model.properties[f];
      if (p.default !== undefined || p['x-default-from']) continue; // the server fills it (x-default-from, tests/api/session-defaults.test.ts)
      const missing = await validRecord(def, who.zhangwei);
      delete missing[f];
      const m = await t.post(`${G}/add`, missing, s.zhangwei);
      expect(m.code, f).toBe(-1);
      expect(m.msg, f).toContain(fieldTitle(def, f, 'zh-CN'));
    }
    expect((await t.post(`${G}/list`, {}, s.zhangwei)).data.total).toBe(before);
  });

  it('adds; another department neither lists nor reads, edits or deletes the record', async () => {
    const add = await t.post(`${G}/add`, await validRecord(def, who.zhangwei), s.zhangwei);
    expect(add.code, add.msg).toBe(0);
    expect(add.data).toMatchObject({ version: 1, owner_dept_id: who.zhangwei.dept });
    const id = add.data.id;
    // every field asked for (by default a list answers its list page's columns)
    const fields = Object.keys(add.data).filter((f) => f !== '_actions');
    const mine = await t.post(`${G}/list`, { pageSize: 200, fields }, s.zhangwei);
    expect(mine.data.list.map((r: { id: number }) => r.id)).toContain(id);
    // The list shows the record exactly as the add answered it (every field kind converted the same way, same order).
    expect(JSON.stringify(mine.data.list.find((r: { id: number }) => r.id === id))).toBe(JSON.stringify(add.data));
    if (def.scope === 'all' || def.scope === 'public') return; // everyone signed in sees these
    const theirs = await t.post(`${G}/list`, { pageSize: 200 }, s.sunli);
    expect(theirs.code).toBe(0);
    expect(theirs.data.list.map((r: { id: number }) => r.id)).not.toContain(id);
    const field = editableField(def);
    const changed = await validValue(def.model.properties[field], who.sunli);
    expect(await t.post(`${G}/info`, { id }, s.sunli)).toMatchObject({ code: -1, msg: '记录不存在或无权访问' });
    expect(await t.post(`${G}/edit`, { id, version: 1, [field]: changed }, s.sunli)).toMatchObject({ code: -1, msg: '记录不存在或无权访问' });
    expect(await t.post(`${G}/del`, { id }, s.sunli)).toMatchObject({ code: -1, msg: '记录不存在或无权访问' });
    const after = await t.post(`${G}/info`, { id }, s.zhangwei);
    expect(after.data).toMatchObject({ version: 1, [field]: add.data[field] });
  });

  it('refuses a stale edit and changes nothing', async () => {
    const add = await t.post(`${G}/add`, await validRecord(def, who.zhangwei), s.zhangwei);
    expect(add.code, add.msg).toBe(0);
    const field = editableField(def);
    const first = await validValue(def.model.properties[field], who.zhangwei);
    const ok = await t.post(`${G}/edit`, { id: add.data.id, version: 1, [field]: first }, s.zhangwei);
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data.version).toBe(2);
    const stale = await t.post(`${G}/edit`, { id: add.data.id, version: 1, [field]: await validValue(def.model.properties[field], who.zhangwei) }, s.zhangwei);
    expect(stale).toMatchObject({ code: -1, msg: '记录已被他人修改，请刷新后重试' });
    const now = await t.post(`${G}/info`, { id: add.data.id }, s.zhangwei);
    expect(now.data).toMatchObject({ version: 2, [field]: first });
  });
});
