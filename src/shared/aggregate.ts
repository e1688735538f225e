/**
 * The aggregate call of every entity (`/api/<group>/aggregate`, src/server/engine/aggregate.ts), as the server
 * answers it and the `chart` page kind (engine/renderers/ChartPage.tsx, engine/data/aggregate.ts) asks it. Pure types.
 */

/** Calendar buckets of a date group; instants (datetime fields, created_at) fall in the organisation's zone. */
export const DATE_BUCKETS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type DateBucket = (typeof DATE_BUCKETS)[number];

/** Aggregate functions: `count` counts records, the others take a numeric field. */
export const AGGREGATE_OPS = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type AggregateOp = (typeof AGGREGATE_OPS)[number];

/** Most groups an aggregate answers (more are cut off, `truncated`), and most buckets a date group may span. */
export const MAX_AGGREGATE_GROUPS = 1000;

/** One group level: a field (dict, user, dept, boolean, reference), or a date / datetime field with its bucket. */
export interface AggregateGroupBy {
  field: string;
  bucket?: DateBucket;
}

/** One measure: `{op: 'count'}`, or `{op: 'sum' | 'avg' | 'min' | 'max', field}` over a numeric field. */
export interface AggregateMeasure {
  op: AggregateOp;
  field?: string;
}

/** Body of `<group>/aggregate`; `keyword` and `filters` are those of `<group>/list` (src/server/engine/query.ts). */
export interface AggregateRequest {
  groupBy: AggregateGroupBy[];
  measures?: AggregateMeasure[];
  keyword?: string;
  /** Field → value, [from, to] or {op, value}; a [from, to] of 'YYYY-MM-DD' on a datetime field is whole days in the organisation's zone. */
  filters?: Record<string, unknown>;
  /** Most groups to answer (default and maximum MAX_AGGREGATE_GROUPS). */
  limit?: number;
}

/**
 * One group of an answer: its keys (the stored value, or the bucket's label 2026-02 / 2026-W05 / 2026-Q1; null
 * for records without a value), their labels in the caller's locale, for each date level the [from, to] a list
 * filter selects the bucket with (dates, ISO instants or epoch ms, as the field is stored), and one value per
 * measure (null when no record had a value).
 */
export interface AggregateGroup {
  keys: (string | number | boolean | null)[];
  labels: string[];
  ranges: ([string, string] | [number, number] | null)[];
  values: (number | null)[];
}

/** Answer of `<group>/aggregate`: groups in their natural order (buckets by time, dictionary items in dictionary order). */
export interface AggregateAnswer {
  groups: AggregateGroup[];
  /** More groups existed than `limit`. */
  truncated: boolean;
}
