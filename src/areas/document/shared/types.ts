/**
 * Shapes of the official-document area that the server answers and the client reads.
 */

/** One unit's line of 公文统计 (document/dbstat; src/areas/document/server/services/stats.ts). */
export interface UnitStat {
  unitId: number;
  unitName: string;
  sent: number;
  received: number;
  running: number;
  finished: number;
  overdue: number;
  /** Average hours from submission to 办结 of the finished ones; null when none finished. */
  avgHours: number | null;
}

/** The answer of document/dbstat: one year (Beijing time) by unit, month (1–12) and 公文种类, and the totals. */
export interface DocumentStats {
  year: number;
  units: UnitStat[];
  months: { month: number; sent: number; received: number }[];
  kinds: { docType: string; count: number }[];
  totals: { sent: number; received: number; running: number; finished: number; overdue: number; avgHours: number | null };
}

/** 公文检索 (document/search; src/server/services/search/query.ts). */
/** What document/search asks. */
export interface SearchQuery {
  keyword?: string;
  year?: number;
  unit_id?: number;
  doc_type?: string;
  secret_level?: string;
  /** 'document.send' | 'document.receive'. */
  entity?: string;
  current?: number;
  pageSize?: number;
}

/** One hit. */
export interface SearchHit {
  entity: string;
  record_id: number;
  flow_id: number | null;
  title: string;
  doc_number: string | null;
  year: number | null;
  unit_id: number | null;
  unit_name: string;
  doc_type: string | null;
  secret_level: string;
  created_at: number;
  /** HTML: escaped text with <mark>…</mark> around the hits (no other markup). */
  snippet: string;
  /** The route that opens it: /document/show-audit/:flow for a 发文, /document/show/:flow for a 收文 (the drafts list without a flow). */
  open: string;
}

/** A page of hits: `total` matches, counted up to 10,000 (SEARCH_TOTAL_CAP of the search service; `more` when there are more). */
export interface SearchPage {
  list: SearchHit[];
  total: number;
  more: boolean;
}

/** 公文设置 (document/gwszCzsz*, gwszJdqx*; src/areas/document/server/services/settings.ts). */
/** One 操作设置 row: the actions a step of a document flow offers. `id` = `<defId>:<nodeId>`. */
export interface ActionSettingRow {
  id: string;
  defId: string;
  flowTitle: string;
  version: number;
  nodeId: string;
  step: string;
  nodeType: string;
  actions: string[];
  /** Position of the step in its flow (1-based), the list's order. */
  orderBy: number;
}

/** One 节点权限 row: the R/W/H of every field of the flow's entity at one step (fields not set take the step's default). */
export interface FieldPermissionRow extends Omit<ActionSettingRow, 'actions'> {
  /** R for task steps, W for the start step (engine/renderers/approval/model.ts). */
  fallback: 'R' | 'W' | 'H';
  fields: Array<{ field: string; title: string; permission: 'R' | 'W' | 'H'; explicit: boolean }>;
}

/** A 督办 entry as the API answers it (document/saveDb, dbHistory, dbUpdateDbr); times epoch ms. */
export interface SupervisionEntry {
  id: number;
  instanceId: number;
  userId: number;
  userName: string | null;
  deadline: number | null;
  remark: string;
  createdAt: number;
  /** 'supervise' a 督办 entry | 'reassign' a change of 督办人 (dbUpdateDbr, services/supervisors.ts). */
  kind: string;
  /** The 督办人 named by a 'reassign' entry, and the one it replaced; null on 'supervise' entries. */
  supervisorId: number | null;
  supervisorName: string | null;
  previousId: number | null;
  previousName: string | null;
}

/** One 委托 in force for document flows, as 授权查询 shows it. Times epoch ms. */
export interface AuthorizationRow {
  id: number;
  userId: number;
  userName: string | null;
  delegateId: number;
  delegateName: string | null;
  /** The flow it is limited to, null = all flows (the document ones included). */
  defId: string | null;
  start: number;
  end: number;
  remark: string | null;
}
