/**
 * Client calls of 收藏 (scgw), 关联文件 and document attachments (src/areas/document/server/api/extras.ts) and of 归档
 * (src/areas/document/server/api/archive.ts). Every call goes through the engine host's call (engine/host.ts) (refusals toast and reject with an
 * ApiError); `mergeDownAttachs` answers the ZIP as a downloaded file.
 */
import { host, type HostFile } from '../../../../../engine/host';

/** A document flow in the scgw and 关联文件 lists. */
export interface DocFlowItem {
  /** Flow instance id. */
  id: number;
  title: string;
  defId: string;
  /** draft | running | finished | rejected | withdrawn. */
  status: string;
  initiator: number;
  flowTitle: string;
  initiatorName: string | null;
  /** Approval page route with `:id`, or null. */
  open: string | null;
}

/** A favourite (epoch ms `favoritedAt`). */
export type FavoriteItem = DocFlowItem & { favoritedAt: number };
/** A related document (epoch ms `linkedAt`). */
export type RelatedItem = DocFlowItem & { linkedAt: number };

/** A stored attachment of a document. */
export interface DocAttachment {
  id: string;
  name: string;
  /** Bytes. */
  size: number;
  type: string;
}

/** The archive record of a document (documentarchive/getlist). */
export interface DocArchive {
  id: number;
  flow_id: number;
  archive_no: string;
  year: number;
  /** 保管期限 code: Y | D30 | D10. */
  retention: string;
  category: string | null;
  title: string;
}

export const docExtrasApi = {
  favorite: (id: number) => host().call<{ id: number; favorite: boolean }>('document/favorite', { id }),
  unfavorite: (id: number) => host().call<{ id: number; favorite: boolean }>('document/unfavorite', { id }),
  isFavorite: (id: number) => host().call<{ favorite: boolean }>('document/isFavorite', { id }),
  favorites: (q: { current?: number; pageSize?: number; keyword?: string }) => host().call<{ list: FavoriteItem[]; total: number }>('document/favorites', q),
  related: (id: number) => host().call<RelatedItem[]>('document/listthgl', { id }),
  relate: (id: number, related: number[]) => host().call<{ added: number }>('document/editthgl', { id, related }),
  /** Documents the caller took part in, not yet linked to `id` (the 关联文件 picker). */
  candidates: (id: number, keyword?: string) => host().call<(DocFlowItem & { createdAt: number })[]>('document/thglCandidates', keyword ? { id, keyword } : { id }),
  unrelate: (id: number, relatedId: number) => host().call<{ id: number; related_id: number }>('document/delthgl', { id, related_id: relatedId }),
  attachments: (id: number) => host().call<DocAttachment[]>('document/getAttachList', { id }),
  /** The attachments of document flow `id` as one ZIP. */
  mergeDownAttachs: (id: number): Promise<HostFile> => host().download('document/mergeDownAttachs', { id }),
  archiveOf: (flowId: number) => host().call<DocArchive | null>('documentarchive/getlist', { flow_id: flowId }),
};
