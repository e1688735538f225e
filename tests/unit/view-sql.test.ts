/**
 * A view's condition in SQL (src/server/engine/listPage.ts conditionSql) selects exactly the rows for
 * which the CEL expression holds when engine/expr evaluates it on each record — null fields included
 * (CEL reads them as blanks: '', 0, false), under negations and or/and. Checked on an in-memory SQLite
 * table derived from a small entity (PostgreSQL is covered through tests/api/entity-views.test.ts).
 */
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveCondition, translateCondition } from '../../engine/expr/condition';
import { compileExpression, envFromModel, evaluateExpression } from '../../engine/expr';
import type { EntityDef } from '../../engine/schema/types';
import { recordToRow } from '../../src/server/engine/codec';
import { conditionSql } from '../../src/server/engine/listPage';
import { syncEntityTables } from '../../src/server/engine/sync';
import { deriveTable } from '../../src/server/engine/table';

const def = {
  $schema: '',
  schemaVersion: 1,
  id: 'sqltest.item',
  kind: 'entity',
  title: { t: 'x', d: 'x' },
  group: 'sqltestItems',
  table: 'sqltest_item',
  scope: 'all',
  model: {
    type: 'object',
    required: ['title'],
    properties: {
      title: { type: 'string', maxLength: 50, 'x-kind': 'text', 'x-title': { t: 'a', d: 'a' } },
      status: { type: 'string', 'x-kind': 'dict', 'x-dict': 'd', 'x-title': { t: 'b', d: 'b' } },
      day: { type: 'string', format: 'date', 'x-kind': 'date', 'x-title': { t: 'c', d: 'c' } },
      qty: { type: 'integer', 'x-kind': 'integer', 'x-title': { t: 'e', d: 'e' } },
      price: { type: 'number', 'x-kind': 'money', 'x-title': { t: 'f', d: 'f' } },
      urgent: { type: 'boolean', 'x-kind': 'boolean', 'x-title': { t: 'g', d: 'g' } },
      owner: { type: 'integer', 'x-kind': 'user', 'x-title': { t: 'h', d: 'h' } },
    },
  },
} as unknown as EntityDef;

const spec = deriveTable(def);
const env = envFromModel(def.model, {}, { record: true, user: true, fields: false });
const user = { id: 7, account: 'demo', deptId: 3, unitId: 1, roles: [], permissions: [] };
const records: Record<string, unknown>[] = [
  { title: '甲会议', status: 'planned', day: '2026-11-03', qty: 3, price: 10.5, urgent: true, owner: 7 },
  { title: '乙调研', status: 'done', day: '2026-10-30', qty: 0, price: 0, urgent: false, owner: 8 },
  { title: '丙', status: null, day: null, qty: null, price: null, urgent: null, owner: null },
  { title: '丁会', status: '', day: '2025-11-01', qty: -2, price: 99.99, urgent: null, owner: 7 },
  { title: '会议纪要', status: 'cancelled', day: '2026-11-30', qty: 12, price: null, urgent: true, owner: null },
];
let db: Kysely<any>;

beforeAll(async () => {
  db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  await syncEntityTables(db, 'sqlite', [def]);
  for (const [i, r] of records.entries()) {
    await db
      .insertInto(spec.table)
      .values({ ...recordToRow(spec, r), version: 1, created_at: i, updated_at: i })
      .execute();
  }
});
afterAll(async () => db.destroy());

const CASES = [
  'record.status == "planned"',
  'record.status != "planned"',
  '!(record.status == "planned")',
  'record.status in ["", "done"]',
  '!(record.status in ["planned", "done"])',
  'record.qty > 0',
  'record.qty <= 0',
  '!(record.qty < 5) || record.urgent',
  '!record.urgent',
  'record.urgent && record.price >= 10.0',
  'record.day.startsWith("2026-11")',
  '!record.day.startsWith("2026-11")',
  'record.day.startsWith(TODAY().substring(0, 4))',
  'record.title.contains("会")',
  'record.title.endsWith("会")',
  '!record.title.endsWith("议")',
  'record.owner == user.id',
  'record.owner != user.id && record.id > 1',
  '!(record.status == "done" || (record.qty >= 3 && !record.urgent))',
];

describe('conditionSql', () => {
  it.each(CASES)('%s selects the rows CEL accepts', async (cel) => {
    const tr = translateCondition(cel, def.model);
    if (!tr.ok) throw new Error(tr.message);
    const resolved = resolveCondition(tr.condition, (src) => evaluateExpression(src, env, { user }));
    const rows = await db
      .selectFrom(spec.table)
      .select('id')
      .where((eb) => conditionSql(eb, resolved, spec, 'sqlite', false))
      .orderBy('id')
      .execute();
    // `|| record.id < 0` (never true) keeps `record` among the variables: engine/expr's referencedFields
    // does not look inside a leading `!` (it would leave `record` out and the evaluation would fail).
    const run = compileExpression(`${cel} || record.id < 0`, env, { expect: 'bool' });
    const expected = records
      .map((r, i) => ({ ...r, id: i + 1 }))
      .filter((r) => run({ record: r, user }) === true)
      .map((r) => r.id);
    expect(rows.map((r) => Number(r.id))).toEqual(expected);
  });
});
