/**
 * Client calls of the official-document area (SPEC §7 /api/document/*) that the definitions cannot
 * say through the generic entity API: 发文字号 marks, the sign-for (签收) list and 督办 (gwdbList, saveDb, dbHistory,
 * cbHistory, checkSupervision, dbUpdateDbr; server src/areas/document/server/api/supervise.ts). Every call goes through the
 * engine host's call (engine/host.ts: refusals toast and reject).
 */
import type { SuperviseItem } from '../../../../shared/flow';
import type { SupervisionEntry } from '../../shared/types';
import { host } from '../../../../../engine/host';

/** One 发文字号 mark (文号类型) as document/markList answers it; `preview` is its next number ("京政发〔2026〕12号"). */
export interface DocMark {
  id: number;
  name: string;
  org_code: string;
  unit_id: number | null;
  status: number;
  preview: string;
  next_seq: number;
}

/** One sign-for item (公文签收, gwqs) of the caller's unit. */
export interface SignForItem {
  id: number;
  send_id: number;
  title: string;
  doc_number: string | null;
  from_unit: string;
  unit_id: number;
  unit_name: string;
  role: 'main' | 'cc';
  secret_level: string;
  urgency: string;
  status: 'pending' | 'signed' | 'returned';
  sent_at: number;
  signed_at: number | null;
  signed_by_name: string | null;
  reason: string | null;
  receive_flow_id: number | null;
}

/**
 * A row of the 督办 list (document/gwdbList): a running 发文 / 收文 with its current steps, handlers, earliest task
 * deadline, overdue flag and 催办 count, its 文号 (发文字号 / 来文字号, null while none), 督办人 and 督办期限 (null
 * while never supervised / no 督办 set a deadline).
 */
export interface GwdbItem extends SuperviseItem {
  docNumber: string | null;
  supervisorId: number | null;
  supervisorName: string | null;
  supervisionDeadline: number | null;
}

/** One entry of a document's 督办 history (document/dbHistory, oldest first; src/areas/document/shared/types.ts). */
export type { SupervisionEntry };

/** One 催办 of a document's flow log (document/cbHistory, oldest first): when (epoch ms), who, the message, whom it reminded. */
export interface UrgeEntry {
  id: number;
  at: number;
  actor: number | null;
  actorName: string | null;
  opinion: string | null;
  handlers: string[];
}

export const documentApi = {
  /** document/markList: enabled marks (and disabled ones for 公文设置 holders). */
  markList: (body: { keyword?: string; status?: number; current?: number; pageSize?: number } = {}) =>
    host().call<{ list: DocMark[]; total: number }>('document/markList', body),
  /** document/gwqsList: the sign-for items of the caller's unit(s). */
  gwqsList: (body: { status?: string; current?: number; pageSize?: number; keyword?: string } = {}) =>
    host().call<{ list: SignForItem[]; total: number }>('document/gwqsList', body),
  /** document/gwqsCount: pending sign-for items. */
  gwqsCount: () => host().call<{ pending: number }>('document/gwqsCount', {}),
  /** document/gwqsSign: 签收 — registers a 收文 and starts its flow; answers the new instance id. */
  gwqsSign: (id: number) => host().call<{ id: number; flowId: number }>('document/gwqsSign', { id }),
  /** document/gwqsDelete: 退回 with a reason. */
  gwqsDelete: (id: number, reason: string) => host().call<{ id: number }>('document/gwqsDelete', { id, reason }),
  /** document/gwdbList: the running documents the caller supervises (page `current`, ≤ 100 a page), newest first. */
  gwdbList: (body: { current?: number; pageSize?: number; keyword?: string; overdue?: boolean } = {}) =>
    host().call<{ list: GwdbItem[]; total: number }>('document/gwdbList', body),
  /** document/saveDb: records a 督办 of flow instance `id` (deadline epoch ms or null; remark required, ≤ 1000). */
  saveDb: (id: number, remark: string, deadline: number | null) => host().call<SupervisionEntry>('document/saveDb', { id, remark, deadline }),
  /** document/dbHistory: the 督办 entries of flow instance `id`, oldest first. */
  dbHistory: (id: number) => host().call<SupervisionEntry[]>('document/dbHistory', { id }),
  /** document/cbHistory: the 催办 of flow instance `id`, oldest first. */
  cbHistory: (id: number) => host().call<UrgeEntry[]>('document/cbHistory', { id }),
  /** document/checkSupervision: whether flow instance `id` has a 督办 entry. */
  checkSupervision: (id: number) => host().call<{ supervised: boolean }>('document/checkSupervision', { id }),
  /** document/dbUpdateDbr: names user `userId` 督办人 of flow instance `id` (holders of document:supervise); answers the 'reassign' entry. */
  dbUpdateDbr: (id: number, userId: number, remark?: string) => host().call<SupervisionEntry>('document/dbUpdateDbr', { id, userId, ...(remark ? { remark } : {}) }),
};
