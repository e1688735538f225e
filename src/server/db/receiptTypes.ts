/**
 * Kysely table types of the distribution and sign-for of official documents (migration 0014) and of 正文 versions
 * (migration 0018); ./types.ts adds them to `DB`. Times are epoch milliseconds.
 */
import type { Generated } from 'kysely';

/** One receiving unit of a distributed 发文 (公文签收, gwqs). */
export interface DocReceiptTable {
  id: Generated<number>;
  /** biz_doc_send.id */
  send_id: number;
  /** The 发文's flow instance. */
  flow_id: number;
  /** Receiving unit (departments.id). */
  unit_id: number;
  /** 'main' 主送 | 'cc' 抄送. */
  role: string;
  /** 'pending' | 'signed' | 'returned'. */
  status: Generated<string>;
  title: string;
  doc_number: string | null;
  from_unit_id: number | null;
  /** document_mj code '0'..'3'. */
  secret_level: Generated<string>;
  /** document_urgency code. */
  urgency: Generated<string>;
  sent_by: number | null;
  sent_at: number;
  signed_by: number | null;
  signed_at: number | null;
  /** 退回 reason. */
  reason: string | null;
  /** biz_doc_receive.id of the registered 收文. */
  receive_id: number | null;
  receive_flow_id: number | null;
}

/** One saved state of a rich-text field of a flow's record (migration 0018: 正文 versions). */
export interface BodyVersionTable {
  id: Generated<number>;
  flow_id: number;
  entity: string | null;
  record_id: number | null;
  /** The rich-text field (e.g. body). */
  field: string;
  /** 1, 2, … per (flow_id, field). */
  version_no: number;
  /** HTML as saved. */
  body: string;
  author_id: number | null;
  created_at: number;
}
