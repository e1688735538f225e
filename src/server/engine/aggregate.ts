/**
 * `<group>/aggregate` of every entity (src/shared/aggregate.ts): records grouped by one or two fields — a dict,
 * user, department, reference (kind `record`) or boolean field, or a date / datetime field (or created_at, updated_at) in calendar buckets —
 * with count, sum, avg, min and max of numeric fields, under the same keyword and filters as `<group>/list` and
 * within the caller's data scope and the entity's view permission. Groups are labelled in the caller's locale
 * (dictionary labels, user names, full department titles, the referenced record's label field).
 *
 * Date buckets are computed in SQL on both dialects, the same way: the bucket starts between the first and the last
 * value under the WHERE are worked out here in the organisation's zone (./buckets.ts, ICU's zone rules, so SQLite —
 * which has no zone data — and PostgreSQL agree), then one CASE compares the column with them (dates and ISO UTC
 * instants as text, epoch ms as numbers) and GROUP BY does the rest. So the database answers at most one row per
 * group (bounded by MAX_AGGREGATE_GROUPS, and a date level by as many buckets), never the records.
 * Datetime values compare as the ISO UTC text the form and the import store (`2026-01-31T17:00:00.000Z`).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { EntityDef, ModelProperty } from '../../../engine/schema/types.js';
import {
  AGGREGATE_OPS,
  DATE_BUCKETS,
  MAX_AGGREGATE_GROUPS,
  type AggregateAnswer,
  type AggregateGroup,
  type AggregateMeasure,
  type AggregateRequest,
  type DateBucket,
} from '../../shared/aggregate.js';
import { translate } from '../i18n/index.js';
import { badInput } from '../lib/errors.js';
import { orgTimeZone } from '../services/orgZone.js';
import { bucketLabel, bucketStarts, nextStart, parseYmd, previousDay, startInstant, ymdText, zoneYmd, type Ymd } from './buckets.js';
import { parseListQuery } from './query.js';
import { deptTitles, userNames } from './refs.js';
import { listWhere } from './repository.js';
import { schemaStore } from './schemaStore.js';
import type { Caller, EntityService } from './service.js';
import { fieldTitle } from './validation.js';

/** How a field groups: by its value (labelled as its kind says) or by date buckets of its storage. */
type GroupKind = 'dict' | 'user' | 'dept' | 'record' | 'boolean' | 'date' | 'datetime' | 'epoch';

/** System fields that group: creator and updater (users), owner department, creation and change times. */
const SYSTEM_GROUPS: Record<string, GroupKind> = { created_by: 'user', updated_by: 'user', owner_dept_id: 'dept', created_at: 'epoch', updated_at: 'epoch' };
const NUMERIC_KINDS = ['integer', 'number', 'money'];

/** The kind of a model property: its x-kind, else from its JSON Schema type and format. */
function kindOf(p: ModelProperty): string {
  if (p['x-kind']) return p['x-kind'];
  const type = Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
  if (type === 'string') return p.format === 'date' ? 'date' : p.format === 'date-time' ? 'datetime' : 'text';
  return String(type ?? 'text');
}

/** A checked group level: column, kind and, for a date level, its bucket starts and their comparable boundaries. */
interface Level {
  field: string;
  kind: GroupKind;
  bucket?: DateBucket;
  starts?: Ymd[];
  /** Comparable value of each bucket's start, and of the start after the last one. */
  bounds?: (string | number)[];
}

/** Most measures one call asks. */
export const MAX_MEASURES = 5;

/** Runs `<group>/aggregate` for caller `c` (see the module comment). @throws ApiError -1 naming a bad field. */
export async function aggregate(svc: EntityService, c: Caller, body: AggregateRequest): Promise<AggregateAnswer> {
  const { def, spec, db, dialect } = svc;
  const a = await svc.access(c, 'view');
  const t = (key: string, params?: Record<string, string | number>) => translate(c.locale, key, params);
  const title = (f: string) => fieldTitle(def, f, c.locale);
  const zone = await orgTimeZone(db);
  const levels = (body.groupBy ?? []).map((g) => groupLevel(def, g.field, g.bucket, t, title));
  const measures = (body.measures?.length ? body.measures : [{ op: 'count' as const }]).map((m) => checkMeasure(def, m, t, title));
  const limit = Math.min(MAX_AGGREGATE_GROUPS, body.limit ?? MAX_AGGREGATE_GROUPS);
  const q = parseListQuery(def, spec, { keyword: body.keyword, filters: dayRanges(def, body.filters, zone) }, c.locale);
  const where = listWhere(dialect, svc.searchable, a.scope, q);
  const anyDb = db as unknown as Kysely<any>;

  for (const l of levels) {
    if (!l.bucket) continue;
    const row = await anyDb
      .selectFrom(spec.table)
      .select([sql<unknown>`min(${sql.ref(l.field)})`.as('lo'), sql<unknown>`max(${sql.ref(l.field)})`.as('hi')])
      .where(where)
      .executeTakeFirst();
    const lo = dateOf(l.kind, row?.lo, zone);
    const hi = dateOf(l.kind, row?.hi, zone);
    const starts = lo && hi ? bucketStarts(l.bucket, lo, hi, MAX_AGGREGATE_GROUPS) : [];
    if (!starts) throw badInput(t('aggregate.tooManyBuckets', { field: title(l.field), limit: MAX_AGGREGATE_GROUPS }));
    l.starts = starts;
    l.bounds = [...starts, ...(starts.length ? [nextStart(l.bucket, starts[starts.length - 1])] : [])].map((s) => boundOf(l.kind, s, zone));
  }

  const groupExprs = levels.map((l) => (l.bucket ? bucketSql(l) : sql.ref(l.field)));
  const measureExprs = measures.map((m) =>
    m.op === 'count' ? (m.field ? sql`count(${sql.ref(m.field)})` : sql`count(*)`) : sql`${sql.raw(m.op)}(${sql.ref(m.field!)})`,
  );
  const positions = levels.map((_, i) => sql.raw(String(i + 1)));
  // GROUP BY / ORDER BY positions: a bucket's CASE binds its boundaries, and PostgreSQL would not match a repeated one
  const ordered = positions.reduce(
    (qb, p) => qb.orderBy(p),
    anyDb
      .selectFrom(spec.table)
      .select([...groupExprs.map((e, i) => (e as RawBuilder<unknown>).as(`g${i}`)), ...measureExprs.map((e, i) => e.as(`m${i}`))])
      .where(where)
      .groupBy(positions),
  );
  const rows = (await ordered.limit(limit + 1).execute()) as Record<string, unknown>[];
  const truncated = rows.length > limit;
  const kept = rows.slice(0, limit);

  const labellers = await Promise.all(
    levels.map((l, i) =>
      labeller(
        svc,
        l,
        kept.map((r) => r[`g${i}`]),
        c,
      ),
    ),
  );
  const groups: AggregateGroup[] = kept.map((r) => {
    const keys: AggregateGroup['keys'] = [];
    const labels: string[] = [];
    const ranges: AggregateGroup['ranges'] = [];
    levels.forEach((l, i) => {
      const raw = r[`g${i}`];
      // a stored datetime that is no instant (hand-written text) has no bucket: counted with the records without a value
      if (raw === null || raw === undefined || (l.bucket && !l.starts![Number(raw)])) {
        keys.push(null);
        labels.push(t('aggregate.none'));
        ranges.push(null);
      } else if (l.bucket) {
        const idx = Number(raw);
        const start = l.starts![idx];
        keys.push(bucketLabel(l.bucket, start));
        labels.push(bucketLabel(l.bucket, start));
        ranges.push(rangeOf(l, idx));
      } else {
        const key = l.kind === 'boolean' ? Number(raw) === 1 : l.kind === 'dict' ? String(raw) : Number(raw);
        keys.push(key);
        labels.push(labellers[i](key));
        ranges.push(null);
      }
    });
    const values = measures.map((m, j) => {
      const v = r[`m${j}`];
      if (v === null || v === undefined) return null;
      const n = Number(v);
      return m.op === 'count' ? n : Math.round(n * 10_000) / 10_000;
    });
    return { keys, labels, ranges, values };
  });
  groups.sort((x, y) => {
    for (let i = 0; i < levels.length; i++) {
      const d = orderOf(levels[i], labellers[i], x.keys[i], y.keys[i], x.labels[i], y.labels[i]);
      if (d) return d;
    }
    return 0;
  });
  return { groups, truncated };
}

/** A checked group level of `field` (-1 naming it when unknown, not groupable, or its bucket does not fit). */
function groupLevel(
  def: EntityDef,
  field: string,
  bucket: DateBucket | undefined,
  t: (k: string, p?: Record<string, string | number>) => string,
  title: (f: string) => string,
): Level {
  const p = def.model.properties[field];
  if (!p && !(field in SYSTEM_GROUPS)) throw badInput(t('entity.unknownField', { field }));
  const kind = p ? kindOf(p) : SYSTEM_GROUPS[field];
  const dateLike = kind === 'date' || kind === 'datetime' || kind === 'epoch';
  const multiple = p && (Array.isArray(p.type) ? p.type.includes('array') : p.type === 'array');
  if (!['dict', 'user', 'dept', 'record', 'boolean'].includes(kind) && !dateLike) throw badInput(t('aggregate.badGroup', { field: title(field) }));
  if (multiple) throw badInput(t('aggregate.badGroup', { field: title(field) }));
  if (dateLike && !bucket) throw badInput(t('aggregate.needsBucket', { field: title(field) }));
  if (!dateLike && bucket) throw badInput(t('aggregate.badBucket', { field: title(field) }));
  if (bucket && !DATE_BUCKETS.includes(bucket)) throw badInput(t('aggregate.badBucket', { field: title(field) }));
  return { field, kind: kind as GroupKind, bucket };
}

/** A checked measure (-1 naming the field when it is unknown or not numeric, or naming the op without one). */
function checkMeasure(
  def: EntityDef,
  m: AggregateMeasure,
  t: (k: string, p?: Record<string, string | number>) => string,
  title: (f: string) => string,
): AggregateMeasure {
  if (!AGGREGATE_OPS.includes(m.op)) throw badInput(t('error.badParam', { field: t('field.measures') }));
  if (!m.field) {
    if (m.op !== 'count') throw badInput(t('aggregate.needsField', { op: m.op }));
    return m;
  }
  const p = def.model.properties[m.field];
  if (!p) throw badInput(t('entity.unknownField', { field: m.field }));
  if (m.op !== 'count' && !NUMERIC_KINDS.includes(kindOf(p))) throw badInput(t('aggregate.badMeasure', { field: title(m.field) }));
  return m;
}

/**
 * `filters` with each [from, to] of 'YYYY-MM-DD' dates on an instant field made whole days of the organisation's
 * zone: ISO UTC text for a datetime field, epoch ms for created_at / updated_at (the list compares the stored text).
 */
function dayRanges(def: EntityDef, filters: unknown, zone: string): unknown {
  let f = filters;
  if (typeof f === 'string') {
    try {
      f = f.trim() ? JSON.parse(f) : undefined;
    } catch {
      return filters;
    }
  }
  if (!f || typeof f !== 'object' || Array.isArray(f)) return f;
  const out: Record<string, unknown> = { ...(f as Record<string, unknown>) };
  for (const [field, v] of Object.entries(out)) {
    const p = def.model.properties[field];
    const kind = p ? kindOf(p) : SYSTEM_GROUPS[field];
    if ((kind !== 'datetime' && kind !== 'epoch') || !Array.isArray(v) || v.length !== 2) continue;
    const day = (x: unknown) => (typeof x === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(x) ? parseYmd(x) : null);
    const [from, to] = [day(v[0]), day(v[1])];
    if ((v[0] && !from) || (v[1] && !to)) continue;
    const asStored = (ms: number) => (kind === 'epoch' ? ms : new Date(ms).toISOString());
    out[field] = [from ? asStored(startInstant(from, zone)) : null, to ? asStored(startInstant(nextStart('day', to), zone) - 1) : null];
  }
  return out;
}

/** The calendar date of a stored value of a date level (a date, an ISO instant, epoch ms), or null. */
function dateOf(kind: GroupKind, v: unknown, zone: string): Ymd | null {
  if (v === null || v === undefined) return null;
  if (kind === 'date') return parseYmd(v);
  const ms = kind === 'epoch' ? Number(v) : Date.parse(String(v));
  return Number.isFinite(ms) ? zoneYmd(ms, zone) : null;
}

/** The comparable stored value of 00:00 of `day`: the date text, the ISO UTC instant, or epoch ms. */
function boundOf(kind: GroupKind, day: Ymd, zone: string): string | number {
  if (kind === 'date') return ymdText(day);
  const ms = startInstant(day, zone);
  return kind === 'epoch' ? ms : new Date(ms).toISOString();
}

/** CASE giving the index of the bucket a value falls in (null for no value). */
function bucketSql(l: Level) {
  const col = sql.ref(l.field);
  const bounds = l.bounds ?? [];
  if (bounds.length < 2) return sql`CASE WHEN ${col} IS NULL THEN NULL ELSE 0 END`;
  const whens = bounds.slice(1, -1).map((b, i) => sql`WHEN ${col} < ${b} THEN ${sql.lit(i)}`);
  return sql`CASE WHEN ${col} IS NULL THEN NULL ${sql.join(whens, sql` `)} ELSE ${sql.lit(bounds.length - 2)} END`;
}

/** What a list filter selects bucket `idx` of `l` with: [first day, last day], or the bucket's instants. */
function rangeOf(l: Level, idx: number): [string, string] | [number, number] {
  const start = l.starts![idx];
  if (l.kind === 'date') return [ymdText(start), ymdText(previousDay(nextStart(l.bucket!, start)))];
  const from = l.bounds![idx];
  const to = l.bounds![idx + 1];
  if (l.kind === 'epoch') return [from as number, (to as number) - 1];
  return [from as string, new Date(Date.parse(to as string) - 1).toISOString()];
}

type Labeller = ((key: string | number | boolean) => string) & { order?: Map<string, number> };

/**
 * Labels of a value level in the caller's locale (dictionary items, user names, department titles, the label field of
 * a referenced record — ./records.ts, as the list shows it —, yes / no).
 */
async function labeller(svc: EntityService, l: Level, raw: unknown[], c: Caller): Promise<Labeller> {
  const ids = [...new Set(raw.filter((v) => v !== null && v !== undefined).map(Number))];
  if (l.kind === 'user' || l.kind === 'dept') {
    const names = l.kind === 'user' ? await userNames(svc.db, ids) : await deptTitles(svc.db, ids);
    return (key) => names[String(key)] ?? String(key);
  }
  if (l.kind === 'record') {
    const labels = (await svc.records.labels(ids.map((id) => ({ [l.field]: id }))))?.[l.field] ?? {};
    return (key) => labels[String(key)] ?? String(key);
  }
  if (l.kind === 'boolean') return (key) => translate(c.locale, key ? 'aggregate.yes' : 'aggregate.no');
  if (l.kind === 'dict') {
    const store = await schemaStore(svc.db);
    const entity = store.registry.get('entity', svc.def.id) ?? svc.def;
    const code = entity.model.properties[l.field]?.['x-dict'];
    const dict = code ? store.registry.get('dict', code) : undefined;
    const texts = store.texts[c.locale] ?? {};
    const items = new Map((dict?.items ?? []).map((it, i) => [it.value, { label: texts[it.label.t] ?? it.label.d, i }]));
    const f: Labeller = (key) => items.get(String(key))?.label ?? String(key);
    f.order = new Map([...items].map(([v, x]) => [v, x.i]));
    return f;
  }
  return (key) => String(key);
}

/** Order of two keys of a level: null last; buckets by time; dictionary items in dictionary order; yes before no; else by label. */
function orderOf(l: Level, lab: Labeller, a: unknown, b: unknown, la: string, lb: string): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (l.bucket) return String(a) < String(b) ? -1 : 1;
  if (l.kind === 'boolean') return a ? -1 : 1;
  if (lab.order) {
    const d = (lab.order.get(String(a)) ?? Infinity) - (lab.order.get(String(b)) ?? Infinity);
    if (d && Number.isFinite(d)) return d;
  }
  return la.localeCompare(lb, 'zh-CN') || (String(a) < String(b) ? -1 : 1);
}
