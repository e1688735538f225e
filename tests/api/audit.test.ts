import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { audit, verifyAuditChain } from '../../src/server/services/audit.js';
import { createTestApp, type TestApp } from './helpers.js';

describe('audit chain (DESIGN §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const { db, dialect } = t.database;
    for (let i = 0; i < 5; i++) {
      await db.transaction().execute((trx) =>
        audit(trx, dialect, {
          userId: 1,
          username: 'admin',
          ip: '127.0.0.1',
          event: 'user.edit',
          object: `user:${i}`,
          result: 'success',
          detail: { before: { realname: '甲' }, after: { realname: '乙' } },
        }),
      );
    }
  });
  afterAll(async () => t.close());

  it('verifies an untouched chain', async () => {
    expect(await verifyAuditChain(t.database.db)).toEqual({ ok: true, checked: 5, brokenAt: null });
  });

  it('detects a changed row', async () => {
    const { db } = t.database;
    const third = await db.selectFrom('audit_log').select('id').orderBy('id').offset(2).limit(1).executeTakeFirstOrThrow();
    await db.updateTable('audit_log').set({ result: 'failure' }).where('id', '=', third.id).execute();
    const check = await verifyAuditChain(db);
    expect(check.ok).toBe(false);
    expect(check.brokenAt).toBe(third.id);
    await db.updateTable('audit_log').set({ result: 'success' }).where('id', '=', third.id).execute();
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });

  it('detects a deleted row', async () => {
    const { db } = t.database;
    const second = await db.selectFrom('audit_log').select('id').orderBy('id').offset(1).limit(1).executeTakeFirstOrThrow();
    await sql`delete from audit_log where id = ${second.id}`.execute(db);
    const check = await verifyAuditChain(db);
    expect(check.ok).toBe(false);
    expect(check.brokenAt).toBe(second.id + 1);
  });

  it('keeps the audit row out when the change it describes rolls back', async () => {
    const { db, dialect } = t.database;
    const before = await db.selectFrom('audit_log').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await expect(
      db.transaction().execute(async (trx) => {
        await audit(trx, dialect, { event: 'user.add', result: 'success' });
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    const after = await db.selectFrom('audit_log').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('security events are audited', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const login = (username: string, password: string) => t.login(username, password);

  it('records failed and successful sign-ins and the logout in the chain', async () => {
    expect((await login('zhangwei', 'Wrong@2026')).code).toBe(-1);
    const ok = await login('zhangwei', 'Demo@2026');
    expect(ok.code).toBe(0);
    expect((await t.post('Index/logout', {}, { token: ok.data.token, uuid: ok.data.uuid })).code).toBe(0);
    const rows = await t.database.db.selectFrom('audit_log').select(['event', 'result', 'username', 'detail']).orderBy('id').execute();
    expect(rows.map((r) => [r.event, r.result])).toEqual([
      ['login.password', 'failure'],
      ['login.password', 'success'],
      ['logout', 'success'],
    ]);
    expect(rows[0].detail).toContain('bad_password');
    expect(JSON.stringify(rows)).not.toContain('Wrong@2026');
    expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
  });
});
