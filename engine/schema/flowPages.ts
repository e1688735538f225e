/**
 * The page kinds of the approval runtime (DESIGN §4): the work-item page of a flow instance (`approval`) and the
 * work lists (`worklist`). Re-exported by ./types.ts. Pure types: no React, no Node.
 */
import type { PageBase, Text } from './types';
import type { WorkListDeclared } from './worklistDecl';

/**
 * The work-item page of a flow instance (DESIGN §4 `approval`): the business form of `form` (a form page of
 * `entity`) with the node's field permissions, 正文 and attachments, opinion box, history, diagram and the
 * action bar the server allows. Rendered with the instance id as `recordId`.
 */
export interface ApprovalPageDef extends PageBase {
  pageKind: 'approval';
  /**
   * The entity (with `form`); a page without both is the generic approval page (/flow/approval/:id): it shows any
   * instance with the form page of the instance's entity, which the server fills in (Template/page {id, instanceId}).
   */
  entity?: string;
  /** The form page whose layout shows the business form. */
  form?: string;
  /** Route of the printable sheet (阅办单) of the instance, with `:id` (the header's 打印 link opens it). */
  print?: string;
  /** Route of the official PDF view (正式文件) of the instance, with `:id`, e.g. `/document/savepdf?id=:id`. */
  pdf?: string;
  /** Optional panels, each declared by some area's `approvalExtras` (e.g. 公文's `favorite`, `attachmentsZip`, `related`). */
  extras?: ApprovalExtra[];
  /**
   * The 稿纸 layout: with it the business form is drawn as this bordered grid of fields and opinion boxes like a
   * printed form, instead of the form page's own layout in cards.
   */
  paper?: PaperLayout;
}

/**
 * The 稿纸 (printed-form) layout of an approval page: an optional heading and rows of cells on a grid of `columns`
 * (1–6). Fields the rows do not place follow the grid at full width; below 600 px the grid is one column.
 */
export interface PaperLayout {
  /** The heading over the grid, e.g. 发文稿纸. */
  title?: Text;
  columns: number;
  /** Each row: its cells left to right; the spans of a row add up to at most `columns`. */
  rows: PaperCell[][];
}

/** One cell of a 稿纸 row: a field of the entity, an opinion box or the people of steps. `span` counts grid columns (default 1). */
export type PaperCell = PaperFieldCell | PaperOpinionCell | PaperPeopleCell;

/** A field drawn by the form engine under the caller's R/W/H (a hidden field leaves its cell empty). */
export interface PaperFieldCell {
  field: string;
  span?: number;
}

/**
 * An opinion box: the opinions given at the flow steps `nodes` (who, the opinion, when, the signature), and the
 * current handler's opinion input while their task is at one of these steps.
 */
export interface PaperOpinionCell {
  /** Unique within the page; names the box (testid `paper-opinion-<id>`). */
  opinion: string;
  title: Text;
  nodes: string[];
  span?: number;
}

/** Who completed the flow steps `nodes` (拟稿人: the start step's initiator; 核稿人: the reviewers), names only. */
export interface PaperPeopleCell {
  people: string[];
  title: Text;
  span?: number;
}

/**
 * The key of an optional approval-page panel: declared by an area (AreaDef `approvalExtras`), registered by its client
 * module (engine/renderers/registry.ts registerApprovalExtra).
 */
export type ApprovalExtra = string;

/** Work lists of the approval runtime (待办, 已办, 已发, 待发, 抄送我, 督办), limited to `flows`. */
export type WorkListKind = 'todo' | 'done' | 'cc' | 'sent' | 'drafts' | 'supervise';

/**
 * A work list page (flow/<list> of the runtime, only `flows`' items, every flow's without `flows`): title,
 * flow step, who started it, when, deadline (overdue marked); a row opens `open` (a route with `:id`, the
 * instance id), else the approval page of its flow's area (the row's `open` from the server).
 */
export interface WorkListPageDef extends PageBase, WorkListDeclared {
  pageKind: 'worklist';
  /** The runtime list; a page with `source` (./worklistDecl.ts) has none. */
  list?: WorkListKind;
  flows?: string[];
  open?: string;
  /** Tabs over several lists (the document list types of SPEC §3 "Document list query"); without, one list. */
  views?: WorkListView[];
}

/**
 * One tab of a work list page: its own list, flows (else the page's) and preset filters. The page opens on the
 * view named by the URL's `list_type`, else the one whose `route` is the current path, else the first.
 */
export interface WorkListView {
  /** A document list type where one fits (all_db, all_yb, yf, qb_sw, dq; SPEC §3), else a name of its own. */
  id: string;
  title: Text;
  list: WorkListKind;
  flows?: string[];
  /** Preset filters (the user may change them): only overdue items, the 督办 status. */
  filters?: { overdue?: boolean; status?: 'running' | 'finished' | 'rejected' | 'withdrawn' | 'all' };
  /** A route (claimed by an area menu for this page) that opens the page on this view. */
  route?: string;
}
