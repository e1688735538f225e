/**
 * 办理记录 and 操作记录 of an official document (SPEC §7 getHandleLogs, getDepartmentHandleLogs, getOperationLogs,
 * getOperationData). The caller has already been allowed to see the flow (flow runtime `view`); these
 * read what it shows:
 * - handle logs: the flow log (flow_events) entries of a person, each with its step title, the handler's primary
 *   department (user_departments.is_primary, else their first) and the action code (the client names it,
 *   locale namespace `approval:event.*`);
 * - operation logs: the audit rows (services/audit.ts, written by EntityService as `<entity>.<event>` on object
 *   `<entity>:<id>`) of the document's record, with the names of the fields each change touched (never the
 *   values: a 正文 can be long and classified);
 * - document facts: 发文字号 / 来文字号, 密级, 紧急程度, 公文种类 and flow status of the record.
 */
import type { Kysely } from 'kysely';
import { indexFlow, type FlowDef, type FlowNode } from '../../../../../engine/flow/index.js';
import type { FlowLogEntry, InstanceView } from '../../../../shared/flow.js';
import type { DB } from '../../../../server/db/types.js';
import { flowEntity } from '../../../../server/engine/flow/records.js';
import { deriveTable } from '../../../../server/engine/table.js';
import { rowToRecord } from '../../../../server/engine/codec.js';

/** One 办理记录 row. Times epoch ms. */
export interface HandleLogRow {
  id: number;
  at: number;
  nodeId: string | null;
  /** Step title in the caller's locale ('' when the event belongs to no step). */
  step: string;
  handlerId: number;
  handler: string | null;
  deptId: number | null;
  department: string | null;
  /** Flow event type (approve, return, signFor, comment, …). */
  action: string;
  /** What the entry did in the caller's locale: a 办理 step's completion as itself (签发, 编号, 用印, 登记…), else the action's name. */
  actionName: string;
  opinion: string | null;
}

/** 办理记录 of one department, rows oldest first. */
export interface DepartmentLogs {
  deptId: number | null;
  department: string | null;
  rows: HandleLogRow[];
}

/** One 操作记录 row (an audit row of the document's record). */
export interface OperationLogRow {
  id: number;
  at: number;
  userId: number | null;
  username: string | null;
  /** add | edit | del | … (the audit event after the entity id). */
  operation: string;
  result: string;
  /** Fields whose value differs between before and after. */
  fields: string[];
}

/** Title of a definition text in a locale. */
export type TextOf = (t: { t: string; d: string } | undefined) => string;

/** The primary department (id, name) of each of `userIds`. */
async function departmentsOf(db: Kysely<DB>, userIds: number[]): Promise<Map<number, { id: number; name: string }>> {
  const out = new Map<number, { id: number; name: string }>();
  if (!userIds.length) return out;
  const rows = await db
    .selectFrom('user_departments as ud')
    .innerJoin('departments as d', 'd.id', 'ud.dept_id')
    .select(['ud.user_id', 'd.id', 'd.name', 'ud.is_primary'])
    .where('ud.user_id', 'in', userIds)
    .orderBy('ud.user_id')
    .orderBy('ud.is_primary', 'desc')
    .orderBy('ud.sort')
    .execute();
  for (const r of rows) if (!out.has(r.user_id)) out.set(r.user_id, { id: r.id, name: r.name });
  return out;
}

/**
 * The name of event `type` at `node`: a handle node's completion by its `actionLabel`, else its handleKind
 * (`flow.action.handle.<kind>`); other events by `flow.action.<type>` (the type itself when unnamed).
 */
function actionName(type: string, node: FlowNode | undefined, text: TextOf, say: (key: string) => string): string {
  if (type === 'approve' && node?.type === 'handle') return node.actionLabel ? text(node.actionLabel) : say(`flow.action.handle.${node.handleKind ?? 'other'}`);
  const key = `flow.action.${type}`;
  const named = say(key);
  return named && named !== key ? named : type;
}

/** Flow events of the initiator that belong to the start step though they name no node. */
const START_EVENTS = new Set(['start', 'resubmit', 'saveDraft']);

/** The 办理记录 of flow log `entries` of definition `def`: the entries of a person (system entries left out), oldest first. */
export async function handleLogs(db: Kysely<DB>, entries: FlowLogEntry[], def: FlowDef, text: TextOf, say: (key: string) => string): Promise<HandleLogRow[]> {
  const people = entries.filter((e) => e.actor != null);
  const depts = await departmentsOf(db, [...new Set(people.map((e) => e.actor as number))]);
  const nodes = indexFlow(def).nodes;
  return people.map((e) => {
    const dept = depts.get(e.actor as number);
    // 发起 / 重新提交 / 暂存 carry no node: they are the start step's (拟稿).
    const node = e.nodeId ? nodes.get(e.nodeId)?.node : START_EVENTS.has(e.type) ? def.nodes?.[0] : undefined;
    return {
      id: e.id,
      at: e.at,
      nodeId: e.nodeId,
      step: node ? text(node.title) : '',
      handlerId: e.actor as number,
      handler: e.actorName,
      deptId: dept?.id ?? null,
      department: dept?.name ?? null,
      action: e.type,
      actionName: actionName(e.type, node, text, say),
      opinion: e.opinion,
    };
  });
}

/** `rows` grouped by department, groups in the order of their first row. */
export function byDepartment(rows: HandleLogRow[]): DepartmentLogs[] {
  const groups = new Map<number | null, DepartmentLogs>();
  for (const r of rows) {
    let g = groups.get(r.deptId);
    if (!g) groups.set(r.deptId, (g = { deptId: r.deptId, department: r.department, rows: [] }));
    g.rows.push(r);
  }
  return [...groups.values()];
}

/** Most 操作记录 answered (the newest are kept). */
export const OPERATION_LOG_MAX = 500;

/** The audit rows of record `recordId` of entity `entity`, oldest first (at most OPERATION_LOG_MAX, the newest). */
export async function operationLogs(db: Kysely<DB>, entity: string | null, recordId: number | null): Promise<OperationLogRow[]> {
  if (!entity || recordId == null) return [];
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'created_at', 'user_id', 'username', 'event', 'result', 'detail'])
    .where('object', '=', `${entity}:${recordId}`)
    .orderBy('id', 'desc')
    .limit(OPERATION_LOG_MAX)
    .execute();
  return rows.reverse().map((r) => {
    let fields: string[] = [];
    try {
      const d = r.detail ? (JSON.parse(r.detail) as { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null }) : {};
      const before = d.before ?? {};
      const after = d.after ?? {};
      fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
        (k) => k !== 'version' && k !== 'updatedAt' && JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null),
      );
    } catch {
      fields = [];
    }
    return {
      id: r.id,
      at: Number(r.created_at),
      userId: r.user_id,
      username: r.username,
      operation: r.event.startsWith(`${entity}.`) ? r.event.slice(entity.length + 1) : r.event,
      result: r.result,
      fields,
    };
  });
}

/** Facts of a document as getOperationData shows them; codes of the dictionaries (document_mj, urgency, kind). */
export interface DocumentFacts {
  entity: string | null;
  recordId: number | null;
  /** 发文字号 (发文) or 来文字号 (收文); null before numbering. */
  number: string | null;
  /** 收文编号 of a 收文. */
  receiveNumber: string | null;
  secretLevel: string | null;
  urgency: string | null;
  docType: string | null;
  flowStatus: string;
}

/** The document facts of instance `view`: from its record when it has one, else from the flow's form data. */
export async function documentFacts(db: Kysely<DB>, view: InstanceView): Promise<DocumentFacts> {
  let rec: Record<string, unknown> = (view.state as { data?: Record<string, unknown> }).data ?? {};
  const def = view.entity ? flowEntity(view.entity) : undefined;
  if (def && view.recordId != null) {
    const spec = deriveTable(def);
    const row = await (db as Kysely<any>).selectFrom(spec.table).selectAll().where('id', '=', view.recordId).executeTakeFirst();
    if (row) rec = rowToRecord(spec, row);
  }
  const str = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
  return {
    entity: view.entity,
    recordId: view.recordId,
    number: str(rec.docNumber ?? rec.fromNumber),
    receiveNumber: str(rec.receiveNumber),
    secretLevel: str(rec.secretLevel),
    urgency: str(rec.urgency),
    docType: str(rec.docType),
    flowStatus: view.status,
  };
}
