/**
 * The test-document generator of /debug/index (SPEC §2 "Test-document generation (debug)"; DESIGN §9:
 * the seeded large organisation of the benchmarks). `generateDocuments` creates `count` 发文 (about one in ten a
 * 收文) across the organisation's staff, created over the last two years, oldest first:
 *
 * - records of document.send / document.receive (biz_doc_send, biz_doc_receive) with titles from the templates of
 *   the 公文种类 (./corpus.ts), 密级 mostly 非密 (never above the drafter's clearance), 紧急程度, 正文 of a few
 *   paragraphs, 主送 / 抄送 units, 会签 departments for some, a 签发 leader and a 发文字号 mark;
 * - their flows in every state the definitions allow, by age: drafts (待发), running at every step, finished,
 *   returned to the drafter (退回: a draft again) and withdrawn (撤回). The document flows have no 驳回 action,
 *   so no instance ends `rejected`. Each life is run through the approval machine (./simulate.ts), so state,
 *   flow_tasks, flow_timers and flow_events are what the runtime writes; 编号 takes consecutive numbers of the
 *   mark per year (doc_mark_numbers, status used, sent once 分发 is done) and the record carries the 发文字号.
 *   The 密级 of an instance goes into flow_instances / flow_tasks `secret_level` when those columns exist.
 *   Not generated: reminders (messages), 签收 items of distributed documents, 正文 versions, search index rows.
 *
 * Rows are written in chunks (CHUNK documents), one transaction each, with multi-row inserts of prepared SQL
 * (ids assigned here: on PostgreSQL the tables are locked for the chunk and the id sequences moved past them).
 */
import { taskSet } from '../../../../server/engine/flow/mirror.js';
import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type { FlowDef } from '../../../../../engine/flow/index.js';
import type { Dialect } from '../../../../server/db/index.js';
import type { DB } from '../../../../server/db/types.js';
import { loadOrg, type OrgSnapshot } from '../../../../server/engine/flow/org.js';
import { flowEntity } from '../../../../server/engine/flow/records.js';
import { currentFlow } from '../../../../server/engine/flow/versions.js';
import { deriveTable, type TableSpec } from '../../../../server/engine/table.js';
import { now } from '../../../../server/lib/clock.js';
import { orgLocalDate } from '../services/flowServices.js';
import { formatDocNumber, numberingYear } from '../services/docNumbers.js';
import { seededRnd, type Rnd } from './corpus.js';
import { LifeSimulator, type Life } from './simulate.js';
import { loadStaff, planDocument, type DocPlan, type Staff } from './plan.js';

/** Most documents one call creates (SPEC /debug/index; DESIGN §9: 1,000,000). */
export const GENERATE_MAX = 1_000_000;
/** Documents per transaction. */
export const CHUNK = 500;
/** The flows (and entities) of official documents. */
export const SEND_FLOW = 'document.send';
export const RECEIVE_FLOW = 'document.receive';
export const DOCUMENT_FLOWS = [SEND_FLOW, RECEIVE_FLOW];

/** What a run made. */
export interface GenerateReport {
  created: number;
  send: number;
  receive: number;
  /** Instances by flow status (draft includes the returned ones). */
  byStatus: Record<string, number>;
  tasks: number;
  events: number;
  seconds: number;
}

type Row = Record<string, unknown>;
type Trx = Transaction<DB>;

/** Ascending ids of runs, tasks and timers (22 characters like the runtime's, so the primary key is appended to). */
function idSource(rnd: Rnd): () => string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const stamp = Date.now().toString(36).padStart(9, '0');
  let n = 0;
  return () => {
    let s = `g${stamp}${(n++).toString(36).padStart(6, '0')}`;
    while (s.length < 22) s += chars[rnd(64)];
    return s;
  };
}

/** Inserts `rows` (same keys) into `table` by multi-row statements of prepared SQL, ≤ ~30,000 parameters each. */
async function insertRows(trx: Trx, dialect: Dialect, table: string, rows: Row[]): Promise<void> {
  if (!rows.length) return;
  const cols = Object.keys(rows[0]);
  const per = Math.max(1, Math.floor(30_000 / cols.length));
  const head = `insert into "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) values `;
  for (let i = 0; i < rows.length; i += per) {
    const part = rows.slice(i, i + per);
    const params: unknown[] = new Array(part.length * cols.length);
    let k = 0;
    const tuples: string[] = new Array(part.length);
    for (let r = 0; r < part.length; r++) {
      const ph: string[] = new Array(cols.length);
      for (let c = 0; c < cols.length; c++) {
        const v = part[r][cols[c]];
        params[k++] = v === undefined ? null : v;
        ph[c] = dialect === 'pg' ? `$${k}` : '?';
      }
      tuples[r] = `(${ph.join(', ')})`;
    }
    await trx.executeQuery(CompiledQuery.raw(head + tuples.join(', '), params));
  }
}

/** The largest id of `table` (0 when empty). */
async function maxId(trx: Trx, table: string): Promise<number> {
  const r = await sql<{ m: number | null }>`select max(id) as m from ${sql.table(table)}`.execute(trx);
  return Number(r.rows[0]?.m ?? 0);
}

/** The row of flow_tasks of each task of a final state (what engine/flow/mirror.ts leaves). */
function taskRows(instanceId: number, title: string, life: Life, secret: number | null): Row[] {
  const s = life.state;
  return s.tasks.map((t) => ({
    id: t.id,
    instance_id: instanceId,
    title,
    def_id: s.defId,
    initiator_id: s.initiator,
    created_at: t.createdAt,
    ...taskSet(t),
    ...(secret === null ? {} : { secret_level: secret }),
  }));
}

/** Everything one run needs, loaded once. */
interface Setup {
  flows: Map<string, { def: FlowDef; version: number }>;
  specs: Map<string, TableSpec>;
  staff: Staff;
  orgs: Map<string, OrgSnapshot>;
  /** Next seq per `${markId}|${year}`. */
  seqs: Map<string, number>;
  /** Whether flow_instances / flow_tasks carry the 密级 of the instance (`secret_level`, kept by the runtime). */
  secretColumns: { instances: boolean; tasks: boolean };
}

/** The column names of `table`. */
async function columnsOf(db: Kysely<DB>, dialect: Dialect, table: string): Promise<Set<string>> {
  const r =
    dialect === 'pg'
      ? await sql<{
          name: string;
        }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db)
      : await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  return new Set(r.rows.map((x) => x.name));
}

async function setup(db: Kysely<DB>, dialect: Dialect, at: number): Promise<Setup> {
  const flows = new Map<string, { def: FlowDef; version: number }>();
  const specs = new Map<string, TableSpec>();
  const orgs = new Map<string, OrgSnapshot>();
  for (const id of DOCUMENT_FLOWS) {
    const f = await currentFlow(db, id);
    const entity = flowEntity(id);
    if (!f || !entity) throw new Error(`flow or entity ${id} is missing`);
    flows.set(id, { def: f.def, version: f.version });
    specs.set(id, deriveTable(entity));
    orgs.set(id, await loadOrg(db, f.def, at));
  }
  // The simulator's 密级 hook answers from the snapshots alone: every person's clearance, read once.
  const clearances = await db.selectFrom('users').select(['id', 'clearance']).execute();
  for (const org of orgs.values()) for (const u of clearances) if (!org.clearance.has(u.id)) org.clearance.set(u.id, Number(u.clearance ?? 0) || 0);
  const staff = await loadStaff(db);
  const seqRows = await db
    .selectFrom('doc_mark_numbers')
    .select((eb) => ['mark_id', 'year', eb.fn.max('seq').as('m')])
    .groupBy(['mark_id', 'year'])
    .execute();
  const seqs = new Map(seqRows.map((r) => [`${r.mark_id}|${r.year}`, Number(r.m) + 1]));
  const secretColumns = {
    instances: (await columnsOf(db, dialect, 'flow_instances')).has('secret_level'),
    tasks: (await columnsOf(db, dialect, 'flow_tasks')).has('secret_level'),
  };
  return { flows, specs, staff, orgs, seqs, secretColumns };
}

/**
 * Creates `count` (1…GENERATE_MAX) documents as the module comment says; `seed` makes the content repeatable
 * (ids and times depend on the database and the clock). `onChunk` is told the documents written so far.
 * @throws RangeError for a count out of range; Error when the document flows or the organisation are missing.
 */
export async function generateDocuments(
  db: Kysely<DB>,
  dialect: Dialect,
  opts: { count: number; seed?: number; onChunk?: (done: number) => void },
): Promise<GenerateReport> {
  const count = opts.count;
  if (!Number.isInteger(count) || count < 1 || count > GENERATE_MAX) throw new RangeError(`count ${count}`);
  const t0 = performance.now();
  const at = now();
  const rnd = seededRnd(opts.seed ?? 20261125);
  const s = await setup(db, dialect, at);
  const newId = idSource(rnd);
  const report: GenerateReport = { created: 0, send: 0, receive: 0, byStatus: {}, tasks: 0, events: 0, seconds: 0 };
  const span = 730 * 86_400_000;
  const from = at - span;
  // The document being simulated, for the service nodes (编号 takes the next number of its mark and year).
  const cur: { recordId: number; numberRow: Row | null; numbers: Row[] } = { recordId: 0, numberRow: null, numbers: [] };
  const sim = new LifeSimulator(s.orgs, newId, at, rnd, (key, state, when) => {
    if (key === 'document.number') {
      const mark = s.staff.marks.find((m) => m.id === Number(state.data.markId));
      if (!mark) return {};
      const year = numberingYear(when);
      const seqKey = `${mark.id}|${year}`;
      const seq = s.seqs.get(seqKey) ?? mark.start_seq;
      s.seqs.set(seqKey, seq + 1);
      cur.numberRow = {
        mark_id: mark.id,
        year,
        seq,
        status: 'used',
        doc_entity: SEND_FLOW,
        doc_id: cur.recordId,
        reserved_by: state.initiator,
        created_at: when,
        used_at: when,
        cancelled_at: null,
        sent_at: null,
        reason: null,
      };
      cur.numbers.push(cur.numberRow);
      return { docNumber: formatDocNumber(mark.org_code, year, seq) };
    }
    if (key === 'document.seal') return { sealed: true, ...(state.data.docDate ? {} : { docDate: orgLocalDate(when) }) };
    if (key === 'document.distribute') {
      if (cur.numberRow) cur.numberRow.sent_at = when;
      return {};
    }
    if (key === 'document.archive') return { archived: true };
  });
  for (let done = 0; done < count; done += CHUNK) {
    const n = Math.min(CHUNK, count - done);
    await db.transaction().execute(async (trx) => {
      if (dialect === 'pg') await sql`lock table flow_instances, biz_doc_send, biz_doc_receive, doc_mark_numbers in share row exclusive mode`.execute(trx);
      let instanceId = await maxId(trx, 'flow_instances');
      const recordIds = new Map<string, number>();
      for (const [flow, spec] of s.specs) recordIds.set(flow, await maxId(trx, spec.table));
      const records = new Map<string, Row[]>(DOCUMENT_FLOWS.map((f) => [f, []]));
      const instances: Row[] = [];
      const tasks: Row[] = [];
      const events: Row[] = [];
      const timers: Row[] = [];
      const numbers: Row[] = [];
      for (let i = 0; i < n; i++) {
        const k = done + i;
        const createdAt = Math.floor(from + ((k + rnd(1000) / 1000) / count) * span);
        const plan: DocPlan = planDocument(rnd, s.staff, createdAt, at);
        const flow = s.flows.get(plan.flow)!;
        const recordId = recordIds.get(plan.flow)! + 1;
        recordIds.set(plan.flow, recordId);
        const id = ++instanceId;
        cur.recordId = recordId;
        cur.numberRow = null;
        cur.numbers = numbers;
        const life = sim.live({
          def: flow.def,
          defVersion: flow.version,
          initiator: plan.initiator,
          initiatorDept: plan.dept,
          data: plan.data,
          createdAt,
          fate: plan.fate,
          steps: plan.steps,
          urges: plan.urges,
        });
        const state = { ...life.state, id: String(id) };
        const title = plan.title;
        const secret = Number(state.data.secretLevel ?? 0) || 0;
        instances.push({
          id,
          def_id: plan.flow,
          def_version: flow.version,
          entity: plan.flow,
          record_id: recordId,
          title,
          initiator_id: plan.initiator,
          initiator_dept_id: plan.dept,
          status: state.status,
          state: JSON.stringify(state),
          version: life.version,
          created_at: createdAt,
          started_at: state.startedAt ?? null,
          ended_at: state.endedAt ?? null,
          updated_at: life.updatedAt,
          ...(s.secretColumns.instances ? { secret_level: secret } : {}),
        });
        tasks.push(...taskRows(id, title, life, s.secretColumns.tasks ? secret : null));
        for (const e of life.events)
          events.push({
            instance_id: id,
            at: e.at,
            actor_id: e.actor,
            type: e.type,
            node_id: e.nodeId ?? null,
            task_id: e.taskId ?? null,
            opinion: e.opinion ?? null,
            detail: e.detail ? JSON.stringify(e.detail) : null,
          });
        for (const t of state.pendingTimers) timers.push({ id: t.id, instance_id: id, at: t.at, kind: t.kind, lease_owner: null, lease_until: 0 });
        const spec = s.specs.get(plan.flow)!;
        records.get(plan.flow)!.push(recordRow(spec, recordId, { ...state.data, flowStatus: state.status, flowId: id }, plan, createdAt, life.updatedAt));
        report[plan.flow === SEND_FLOW ? 'send' : 'receive']++;
        report.byStatus[state.status] = (report.byStatus[state.status] ?? 0) + 1;
      }
      for (const [flow, rows] of records) await insertRows(trx, dialect, s.specs.get(flow)!.table, rows);
      await insertRows(trx, dialect, 'flow_instances', instances);
      await insertRows(trx, dialect, 'flow_tasks', tasks);
      await insertRows(trx, dialect, 'flow_events', events);
      await insertRows(trx, dialect, 'flow_timers', timers);
      await insertRows(trx, dialect, 'doc_mark_numbers', numbers);
      if (dialect === 'pg') {
        for (const table of ['flow_instances', ...[...s.specs.values()].map((x) => x.table)]) {
          await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.table(table)}), 1))`.execute(trx);
        }
      }
      report.tasks += tasks.length;
      report.events += events.length;
    });
    report.created += n;
    opts.onChunk?.(report.created);
  }
  report.seconds = (performance.now() - t0) / 1000;
  return report;
}

/** The row of a generated record: its fields by the table's columns (codec of engine/codec.ts), system columns set. */
function recordRow(spec: TableSpec, id: number, record: Row, plan: DocPlan, createdAt: number, updatedAt: number): Row {
  const row: Row = {};
  for (const c of spec.columns) {
    if (c.system) continue;
    const v = record[c.name];
    row[c.name] = v === undefined || v === null ? null : c.codec === 'json' ? JSON.stringify(v) : c.codec === 'boolean' ? (v === true ? 1 : 0) : v;
  }
  return {
    id,
    version: 1,
    created_by: plan.initiator,
    created_at: createdAt,
    updated_by: plan.initiator,
    updated_at: updatedAt,
    owner_dept_id: plan.dept,
    owner_unit_id: plan.unit,
    ...row,
  };
}

/** Counts of the document flows by flow and status: `{send, receive, byStatus, tasks, openTasks}` (debug/status). */
export async function generatedStatus(db: Kysely<DB>): Promise<{ send: number; receive: number; byStatus: Record<string, number>; openTasks: number }> {
  const rows = await db
    .selectFrom('flow_instances')
    .select((eb) => ['def_id', 'status', eb.fn.countAll().as('n')])
    .where('def_id', 'in', DOCUMENT_FLOWS)
    .groupBy(['def_id', 'status'])
    .execute();
  const out = { send: 0, receive: 0, byStatus: {} as Record<string, number>, openTasks: 0 };
  for (const r of rows) {
    const n = Number(r.n);
    out[r.def_id === SEND_FLOW ? 'send' : 'receive'] += n;
    out.byStatus[r.status] = (out.byStatus[r.status] ?? 0) + n;
  }
  const open = await db
    .selectFrom('flow_tasks')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('def_id', 'in', DOCUMENT_FLOWS)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  out.openTasks = Number(open?.n ?? 0);
  return out;
}
