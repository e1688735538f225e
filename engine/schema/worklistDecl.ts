/**
 * The declared form of the `worklist` page kind (FORMATS.md "Pages", worklist with `source`): a work list whose rows
 * come from an area's API call instead of one of the approval runtime's lists, with declared columns, filter toggles
 * and row actions that open dialogs registered by the engine or an area module (engine/renderers/registry.ts
 * registerRowDialog). The engine keeps the list, paging, keyword search, reload on focus and the dialogs' plumbing
 * (engine/renderers/worklist/DeclaredWorkList.tsx). Pure types.
 */
import type { Text } from './types';

/** Where a declared work list's rows come from. */
export interface WorkListSource {
  /**
   * The API call (`<group>/<name>`) answering `{list, total}` for `{current, pageSize ≤ 100, keyword?}` plus the
   * checked toggles (`{<param>: true}`).
   */
  call: string;
  /** The row field that names a row: its key, and the `:id` of the route its title opens. Default `instanceId`. */
  idField?: string;
}

/** A checkbox of the filter bar (e.g. 只看超期): while checked the call gets `{<param>: true}`. */
export interface WorkListToggle {
  param: string;
  title: Text;
}

/**
 * How a cell shows its value: `text` (an array joined with the list separator), `time` (date and time), `day` (date),
 * `count` (a centred number), `status` (an instance status tag), `deadline` (the time, 暂定 when
 * `<field>Provisional`, red with 已超期 when the row's `overdue`), `title` (the row's title opening its page).
 */
export type WorkListCellType = 'text' | 'time' | 'day' | 'count' | 'status' | 'deadline' | 'title';

/** One line of a cell: a row field (a dotted path; through an array, each item's value) shown as `type`. */
export interface WorkListCell {
  /** Dotted path into the row: `docNumber`, `nodes.title` (each node's title). */
  field?: string;
  type?: WorkListCellType;
  /** A template with `{{value}}` (the formatted value), e.g. 发起于 {{value}}. */
  format?: Text;
  /** Shown instead when the value is empty (null, '' or an empty array). */
  empty?: Text;
}

/** A declared column: its main line (secondary lines `below`), a tag before it, or the row actions. */
export interface WorkListColumn extends WorkListCell {
  id: string;
  title: Text;
  /** Pixels; the title column takes the rest. */
  width?: number;
  /** `actions`: the page's `rowActions` shown to the caller, as links. */
  actions?: boolean;
  /** A tag before the value, by the value of row field `field` (e.g. defId → 发文 red, 收文 blue). */
  tag?: { field: string; values: Record<string, { title: Text; color?: string }> };
  /** Smaller secondary lines under the main one (a 文号 under the title, the handlers under the step). */
  below?: WorkListCell[];
}

/**
 * A row action: a link opening dialog `dialog` (registered by the engine, e.g. `urge` 催办, or by an area module) on
 * the row. Shown when no condition is given, else when any holds: the caller holds one of the permission codes
 * `access`, the row's field `self` is the caller's id, the row's field `flag` is true.
 */
export interface WorkListRowAction {
  id: string;
  title: Text;
  dialog: string;
  access?: string[];
  self?: string;
  flag?: string;
}

/** The declared parts of a worklist page (all need `source`). */
export interface WorkListDeclared {
  source?: WorkListSource;
  columns?: WorkListColumn[];
  toggles?: WorkListToggle[];
  rowActions?: WorkListRowAction[];
}
