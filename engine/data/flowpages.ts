/**
 * Calls of the flow pages besides the approval page's (engine/data/flow.ts): 发起流程 (flow/tree), the
 * instances one took part in (flow/involved), 委托 (flow/delegations, delegate, undelegate), the flows and a
 * flow's published definition (Flowset/getList, getInfo) and 常用语 management (Words/getUserWord, Words/save, Words/del).
 * Through the engine host's call (engine/host.ts) (refusals toast and reject with an ApiError).
 */
import type { FlowDef } from '../flow';
import type { Text } from '../schema/types';
import type { InstanceRow, WorkListParams } from './flow';
import type { Delegation, StartableFlow } from '../../src/shared/flow';
import { host } from '../host';

export type { Delegation, StartableFlow };


/** A new 委托 (flow/delegate). */
export interface NewDelegation {
  delegateId: number;
  start: number;
  end: number;
  defId?: string;
  remark?: string;
}

/** The calls (see the module comment). */
export const flowPagesApi = {
  tree: () => host().call<StartableFlow[]>('flow/tree', {}),
  involved: (params: WorkListParams) => host().call<{ list: InstanceRow[]; total: number }>('flow/involved', params),
  delegations: () => host().call<Delegation[]>('flow/delegations', {}),
  delegate: (body: NewDelegation) => host().call<{ id: number }>('flow/delegate', body),
  undelegate: (id: number) => host().call<{ deleted: number }>('flow/undelegate', { id }),
  /** Every flow with its title (Flowset/getList). */
  flows: () => host().call<{ id: string; title: Text }[]>('Flowset/getList', {}),
  /** The newest published version of flow `id`. */
  definition: (id: string) => host().call<{ id: string; version: number; definition: FlowDef }>('Flowset/getInfo', { id }),
  /** Deletes phrases of the caller's own (Words/del; others' are out of scope: -1). */
  deleteWord: (id: number) => host().call<{ deleted: number }>('Words/del', { ids: [id] }),
  /** 正文 versions of instance `id` (newest first). */
  bodyVersions: (id: number, field?: string) => host().call<BodyVersionItem[]>('flow/bodyVersions', { id, ...(field ? { field } : {}) }),
  /** One 正文 version's HTML. */
  bodyVersion: (id: number, versionId: number) => host().call<{ id: number; field: string; versionNo: number; body: string }>('flow/bodyVersion', { id, versionId }),
};

/** One saved 正文 version without its text (flow/bodyVersions). */
export interface BodyVersionItem {
  id: number;
  field: string;
  versionNo: number;
  authorName: string | null;
  createdAt: number;
  /** Characters of the HTML. */
  size: number;
}
