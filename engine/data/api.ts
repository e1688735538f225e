/**
 * The renderers' data layer: typed calls of the generic entity API (`/api/<group>/*`,
 * src/server/engine/api.ts), the page bundle (Template/page), attachments (File/*) and the organisation
 * selector (selector/*). Every call goes through the engine host (engine/host.ts), whose `call` shows refusals
 * (-1 toast, -99 login) and rejects with the server's message.
 */
import type { PageBundle } from '../schema/bundle';
import { callName, type CallsOwner, type EntityCallOp } from '../schema/entityCalls';
import type { RefNames, SelectorDept, SelectorUser } from '../../src/shared/org';
import { host, type HostCallOptions, type HostFile } from '../host';
import { cachedPage, keepPage, keptPage, pageKey, type PageRef } from './pageCache';

export type { RefNames, SelectorDept, SelectorUser };

const post = <T>(api: string, body?: object, opts?: HostCallOptions): Promise<T> => host().call<T>(api, body, opts);
const postBlob = (api: string, body?: object): Promise<HostFile> => host().download(api, body);
const postForm = <T>(api: string, form: FormData, opts?: HostCallOptions): Promise<T> => host().upload<T>(api, form, opts);

/**
 * One record as the server answers it: the entity's fields plus `id`, `version` (optimistic concurrency),
 * `_actions` (what the caller may do with it now: 'edit', 'delete' and declared action ids) and, on `info`,
 * `_refs` (names of referenced users / departments).
 */
export interface EntityRecord {
  id: number;
  version?: number;
  _actions?: string[];
  _refs?: RefNames;
  /** After add / edit: something the person must see once (e.g. a generated initial password) and may copy. */
  _notice?: { text: string; copy?: string };
  [field: string]: unknown;
}

/** Request of `<group>/list` (and, without paging, of `<group>/export`). */
export interface ListParams {
  /** Page number, from 1 (server default 1). */
  current?: number;
  /** Rows per page (server default 20, at most MAX_PAGE_SIZE). */
  pageSize?: number;
  /** The list page id: the server applies its columns and views. */
  page?: string;
  view?: string;
  keyword?: string;
  /** Field → value, [from, to] or {op, value} (src/server/engine/query.ts). */
  filters?: Record<string, unknown>;
  sort?: { field: string; order: 'asc' | 'desc' };
  /** The `next` cursor of the page before: the page after it, read without OFFSET. */
  after?: string;
  /** The `prev` cursor of the page after: the page before it. */
  before?: string;
  /**
   * Fields the rows carry besides the page's columns (without `page`: instead of the entity's list page columns,
   * which a list answers by default); `id`, `version` and what the row's actions read always come.
   */
  fields?: string[];
}

/** Answer of `<group>/list`. */
export interface ListAnswer {
  list: EntityRecord[];
  total: number;
  /** True when `total` is the database's estimate (a very large list). */
  totalEstimated?: boolean;
  /** Cursors of the next and previous pages (`after` / `before`). */
  next?: string;
  prev?: string;
  refs?: RefNames;
}

/** One row's problem of an Excel import: sheet row (1 = header), column title, message. */
export interface ImportRowError {
  row: number;
  field?: string;
  message: string;
}

/**
 * Answer of `<group>/import`: records added (rows without a 记录ID) and updated (rows naming one), `imported`
 * their sum — all 0 when any row is refused (all or none) —, the data rows refused, and every problem.
 */
export interface ImportReport {
  imported: number;
  added: number;
  updated: number;
  refused: number;
  errors: ImportRowError[];
}

/** A stored attachment (File/upload answer): id (22-character base64url), name, size in bytes, MIME type. */
export interface Attachment {
  id: string;
  name: string;
  size: number;
  type: string;
}

/** The calls of one entity's API group. */
export interface Resource {
  list(params: ListParams): Promise<ListAnswer>;
  info(id: number): Promise<EntityRecord>;
  add(record: Record<string, unknown>): Promise<EntityRecord>;
  /** `record` carries `id` and the `version` it was read at; a stale version is refused (-1). */
  edit(record: Record<string, unknown> & { id: number; version: number }): Promise<EntityRecord>;
  /** Deletes all or none of `ids`; answers how many. */
  del(ids: number[]): Promise<{ deleted: number }>;
  /** Runs declared action `actionId` on a record (`version`: refused when stale). */
  action(actionId: string, id: number, version?: number): Promise<EntityRecord>;
  /** The rows of a list request as an .xlsx file; `template: true` gives the empty import template. */
  exportXlsx(params: Omit<ListParams, 'current' | 'pageSize'> & { template?: boolean }): Promise<HostFile>;
  /** Imports an .xlsx file with the columns of list page `page`. */
  importXlsx(file: File, page?: string): Promise<ImportReport>;
}

/**
 * The calls of API group `group` (an entity's `group`, e.g. 'receptions'); with the entity (`owner`), its generic
 * operations go to the calls its `calls` names (../schema/entityCalls.ts). An operation the entity does not offer (a
 * custom entity whose `calls` leaves it out) rejects without a request.
 */
export function resource(group: string, owner?: CallsOwner | null): Resource {
  const url = (call: string) => `${group}/${call}`;
  const op = <T>(name: EntityCallOp, body: object): Promise<T> => {
    const call = callName(owner, name);
    return call ? post<T>(url(call), body) : Promise.reject(new Error(`${group}: no "${name}" call`));
  };
  return {
    list: (params) => op<ListAnswer>('list', params),
    info: (id) => op<EntityRecord>('info', { id }),
    add: (record) => op<EntityRecord>('add', record),
    edit: (record) => op<EntityRecord>('edit', record),
    del: (ids) => op<{ deleted: number }>('del', { ids }),
    action: (actionId, id, version) => post<EntityRecord>(url(actionId), version === undefined ? { id } : { id, version }),
    exportXlsx: (params) => postBlob(url('export'), params),
    importXlsx: (file, page) => {
      const form = new FormData();
      if (page) form.append('page', page);
      form.append('file', file);
      return postForm<ImportReport>(url('import'), form, { timeout: 120_000 });
    },
  };
}

const pageLoads = new Map<string, Promise<PageBundle>>();
/** When each bundle was last loaded or revalidated (ms since epoch). */
const validatedAt = new Map<string, number>();
/** A bundle revalidated this recently is used as it is (the router's early call and the page's own are one). */
export const PAGE_FRESH_MS = 5000;

/**
 * The page bundle of a route or a page id (Template/page), in the current locale; with `instanceId`, the form
 * revision the record behind that flow instance pinned (the approval page). A bundle already loaded is
 * revalidated with its ETag, so an unchanged definition costs one small answer (and answers the same object).
 * Callers asking for the same bundle while it loads, or within PAGE_FRESH_MS after, share one call (the router
 * starts it before the page's code has arrived).
 */
export function loadPage(ref: PageRef): Promise<PageBundle> {
  const key = pageKey(ref);
  const running = pageLoads.get(key);
  if (running) return running;
  const fresh = keptPage(key);
  if (fresh && Date.now() - (validatedAt.get(key) ?? 0) < PAGE_FRESH_MS) return Promise.resolve(fresh);
  const load = (async () => {
    const cached = cachedPage(ref);
    const answer = await post<PageBundle | { notModified: true; etag: string }>('Template/page', cached ? { ...ref, etag: cached.etag } : ref);
    validatedAt.set(key, Date.now());
    if ('notModified' in answer && cached) return cached;
    const bundle = answer as PageBundle;
    keepPage(key, bundle);
    return bundle;
  })().finally(() => pageLoads.delete(key));
  pageLoads.set(key, load);
  return load;
}

/**
 * The bundle of page `id` with the form revision record `recordId` pinned (Template/page {id, recordId}: the
 * revision's entity model, and its page for the form page itself; `revision` says which). Not cached.
 */
export function loadRecordPage(id: string, recordId: number): Promise<PageBundle> {
  return post<PageBundle>('Template/page', { id, recordId });
}

/** Attachments (src/server/api/File). */
export const files = {
  /** Uploads one file (multipart field `file`); refused (-1) over the size limit or for a disallowed type. */
  upload(file: File): Promise<Attachment> {
    const form = new FormData();
    form.append('file', file);
    return postForm<Attachment>('File/upload', form, { timeout: 300_000 });
  },
  /** The bytes and name of a stored attachment. */
  download(id: string): Promise<HostFile> {
    return postBlob('File/download', { id });
  },
  /** Name, size and type of stored attachments. */
  info(ids: string[]): Promise<Attachment[]> {
    return post<Attachment[]>('File/info', { ids });
  },
};

/** The organisation selector (src/server/api/selector); people honour 涉密 clearance when `document_mj` is given. */
export const selector = {
  /** Child departments of `parentId` (top level when absent). */
  tree: (parentId?: number) => post<SelectorDept[]>('selector/tree', parentId ? { parentId } : {}),
  /** The whole open tree, nested. */
  treeall: () => post<SelectorDept[]>('selector/treeall'),
  /** People of a department (999999999: the caller's own); `deep` includes sub-departments. */
  user: (departmentId: number, deep?: boolean) => post<SelectorUser[]>('selector/user', deep ? { departmentId, deep } : { departmentId }),
  /** People and departments by name, account or pinyin initials (≤ 50 each). */
  search: (keyword: string) => post<{ users: SelectorUser[]; depts: SelectorDept[] }>('selector/search', { keyword }),
  /** Names of users / departments by id. */
  getlist: (ids: { users?: number[]; depts?: number[] }) => post<RefNames>('selector/getlist', ids),
  /** The caller's recently picked people, newest first. */
  getrecent: () => post<SelectorUser[]>('selector/getrecent'),
  /** Remembers people just picked. */
  saverecent: (ids: number[]) => post<null>('selector/saverecent', { ids }),
  /** Positions with how many people hold each. */
  position: () => post<{ id: number; name: string; count: number }[]>('selector/position'),
};
