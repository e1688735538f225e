/**
 * The page kinds over an entity's records seen other than as a list (FORMATS.md "Calendar pages", "Tree pages",
 * "Chart pages"): a calendar of records by their start and end, a tree beside a list, charts over an aggregate.
 * Pure types: no React, no Node.
 */
import type { Text, Expr, PageBase, ListFilter } from './types';

/**
 * A calendar of an entity's records (schedules, room or car bookings, shifts): day / week / month views
 * (FullCalendar) and a resource timeline grouping the records by a field (vis-timeline). A record is shown from
 * `start` to `end` (kind date or datetime, both of the same kind); the data is the entity's generic list of the
 * visible range (ListParams `range`). Times are the organisation's wall time (engine/renderers/time.ts).
 */
export interface CalendarPageDef extends PageBase {
  pageKind: 'calendar';
  entity: string;
  /** Field where a record begins (kind date or datetime). */
  start: string;
  /** Field where it ends (same kind as `start`; a date end is the last day, inclusive). Blank: it ends where it starts. */
  end: string;
  /** Field (boolean) saying a record takes whole days; without it, date fields are all-day and datetime fields are not. */
  allDay?: string;
  /** The event's text: a field, or a CEL template over `record` giving a string (`record.subject + " · " + record.host`). */
  eventTitle: { field: string } | Expr;
  /** The resource timeline's rows: one per value of this field (kind dict: its items, in order; user / dept: the names). */
  resource?: { field: string };
  /** A field of kind dict whose items' `color` colours the events. */
  color?: string;
  /** The views offered, in order: `day`, `week`, `month`, `timeline` (needs `resource`). */
  views: CalendarView[];
  defaultView: CalendarView;
  /** The form page (of `entity`) a click on an empty slot or a dragged range opens, with start and end filled. */
  form?: string;
  /** The page (detail or form of `entity`) a click on an event opens in a drawer. */
  detail?: string;
  /** A route with `:id` a click on an event opens instead of the drawer (e.g. an approval page). */
  open?: string;
}

/** Views of a calendar page. */
export type CalendarView = 'day' | 'week' | 'month' | 'timeline';

/**
 * A tree beside a list: the tree of an entity with a parent field (categories, folders) or of the organisation's
 * departments; selecting a node filters the embedded list page (`list`) by `filterField` = the node's id, with
 * `descendants` the node's whole subtree.
 */
export interface TreePageDef extends PageBase {
  pageKind: 'tree';
  /** Where the nodes come from: an entity (`parent` names its field holding the parent's id) or the departments. */
  source: { type: 'entity'; entity: string; parent: string; label?: string; sort?: string } | { type: 'org'; of: 'departments' };
  /** A list page id; its entity's `filterField` holds the node id. */
  list: string;
  filterField: string;
  /** Include the records of the node's descendants (default false). */
  descendants?: boolean;
}

/**
 * A tree beside a list page (a list page's `tree`): the nodes as a tree page's `source`; selecting a node filters
 * the list by `filterField` (a field of the list's entity holding a node id, or `id` for the records of the tree's
 * own entity) = the node's id, with `descendants` its whole subtree. Below 768 px the tree folds above the list.
 */
export interface ListTree {
  source: TreePageDef['source'];
  filterField: string;
  descendants?: boolean;
}

/** Calendar buckets of a chart's date group (src/shared/aggregate.ts): instants fall in the organisation's zone. */
export type ChartBucket = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** One measure of a chart: `count` of records, or `sum` / `avg` / `min` / `max` of a numeric field. */
export interface ChartMeasure {
  id: string;
  op: 'count' | 'sum' | 'avg' | 'min' | 'max';
  /** A numeric field (integer, number, money); required except for `count`. */
  field?: string;
  /** Series and column title; default: the op and the field's title (数量, 金额合计…). */
  label?: Text;
}

/**
 * One chart of a chart page: `groupBy` one or two levels (a dict, user, dept, boolean field, or a date / datetime
 * field with its `bucket`; the second level makes the series of a bar or line chart), its measures and type.
 * `pie` takes one level and one measure; `table` shows the groups as rows.
 */
export interface ChartDef {
  id: string;
  type: 'bar' | 'line' | 'pie' | 'table';
  title: Text;
  groupBy: { field: string; bucket?: ChartBucket }[];
  measures: ChartMeasure[];
  /** Most groups shown (default and maximum 1,000). */
  limit?: number;
}

/** A filter of a chart page (as a list's) with its initial value: a value, a list (`in`), [from, to] or a relative range. */
export interface ChartFilter extends ListFilter {
  default?: unknown;
}

/**
 * Charts over the aggregate of an entity (`<group>/aggregate`, DESIGN §4 data source `resource`): a filter bar like a
 * list's with declared defaults, then the charts. Clicking a bar, point or slice opens `drill.route` (which renders
 * the list page `drill.page` of the same entity) filtered by that group.
 */
export interface ChartPageDef extends PageBase {
  pageKind: 'chart';
  entity: string;
  filters?: ChartFilter[];
  charts: ChartDef[];
  drill?: { page: string; route: string };
}
