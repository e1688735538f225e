/**
 * Client calls of the official-document area (issue 5, SPEC §7 /api/document/*) that the definitions cannot
 * say through the generic entity API: 发文字号 marks and the sign-for (签收) list. Every call goes through the
 * app's HTTP layer (refusals toast and reject with an ApiError).
 */
import { post } from '../../src/app/services/http';

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

export const documentApi = {
  /** document/markList: enabled marks (and disabled ones for 公文设置 holders). */
  markList: (body: { keyword?: string; status?: number; current?: number; pageSize?: number } = {}) =>
    post<{ list: DocMark[]; total: number }>('document/markList', body),
  /** document/gwqsList: the sign-for items of the caller's unit(s). */
  gwqsList: (body: { status?: string; current?: number; pageSize?: number; keyword?: string } = {}) =>
    post<{ list: SignForItem[]; total: number }>('document/gwqsList', body),
  /** document/gwqsCount: pending sign-for items. */
  gwqsCount: () => post<{ pending: number }>('document/gwqsCount', {}),
  /** document/gwqsSign: 签收 — registers a 收文 and starts its flow; answers the new instance id. */
  gwqsSign: (id: number) => post<{ id: number; flowId: number }>('document/gwqsSign', { id }),
  /** document/gwqsDelete: 退回 with a reason. */
  gwqsDelete: (id: number, reason: string) => post<{ id: number }>('document/gwqsDelete', { id, reason }),
};
