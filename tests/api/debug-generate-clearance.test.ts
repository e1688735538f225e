/**
 * 密级 in the test-document generator (/debug/index "密级 edge cases"): the generator drives its documents
 * through the approval machine with the runtime's clearance hook (engine/flow/cleared.ts), so no generated task,
 * whatever its state, is held by someone whose clearance (users.clearance) is below the document's 密级 — as the
 * runtime would have assigned it. SQLite and PostgreSQL (DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionOf, type TestApp } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('debug/generate and 密级', () => {
  it('gives no task of a classified document to a person cleared below it', async () => {
    const admin = sessionOf(await t.login('admin'));
    const r = await t.post('debug/generate', { count: 400, seed: 11 }, admin);
    expect(r.code, r.msg).toBe(0);
    const tasks = await t.database.db
      .selectFrom('flow_tasks as k')
      .innerJoin('flow_instances as i', 'i.id', 'k.instance_id')
      .innerJoin('users as u', 'u.id', 'k.assignee_id')
      .select(['k.id', 'i.secret_level', 'u.clearance', 'u.username'])
      .where('i.secret_level', '>', 0)
      .execute();
    // Classified documents with work on them exist, held by people of several clearances…
    expect(tasks.length).toBeGreaterThan(20);
    // …and none of it reached someone below the document's level.
    const below = tasks.filter((k) => Number(k.clearance ?? 0) < Number(k.secret_level)).map((k) => `${k.username} ${k.clearance} < ${k.secret_level}`);
    expect(below).toEqual([]);
  });
});
