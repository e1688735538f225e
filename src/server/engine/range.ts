/**
 * The window filter of the generic list (`range` of `/api/<group>/list`): the records whose span meets the window a
 * calendar shows — `start < to AND end > from` (a date `end` is the last day, inclusive: `end >= from`); a record
 * with a blank end is a moment at its start (`from <= start < to`).
 *
 * Body: `range: {start: <field>, end?: <field>, from, to}`. `start` and `end` are model fields of kind date or
 * datetime, of the same kind. For datetime fields `from` and `to` are instants (ISO 8601 with `Z` or an offset,
 * or epoch ms), compared as the UTC ISO text the entity stores (validation.ts writes datetimes so); for date fields
 * they are 'YYYY-MM-DD' and `to` is the first day after the window. Anything else is -1 naming 时间范围 and the key.
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { EntityDef, ModelProperty } from '../../../engine/schema/types.js';
import type { Locale } from '../../shared/constants.js';
import { translate } from '../i18n/index.js';
import { badInput } from '../lib/errors.js';
import type { Condition } from './query.js';

/** The value of an `overlap` condition (its `field` is the start field). */
export interface OverlapValue {
  end: string | null;
  from: string;
  to: string;
  /** The end is a date, inclusive (`end >= from`); a datetime end is exclusive (`end > from`). */
  endInclusive: boolean;
  /** The end column may be null (then the record is a moment at its start). */
  endNullable: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** An instant with its zone said (a bare wall time would be read in the server's zone). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** The kind of a field: date, datetime, or another (x-kind, else JSON Schema format). */
export function temporalKind(p: ModelProperty | undefined): 'date' | 'datetime' | null {
  if (!p) return null;
  const kind = p['x-kind'] ?? (p.format === 'date' ? 'date' : p.format === 'date-time' ? 'datetime' : undefined);
  return kind === 'date' || kind === 'datetime' ? kind : null;
}

/** An instant (ISO 8601 with a zone, or epoch ms) as the UTC ISO text datetime columns hold; null when it is none. */
export function canonicalInstant(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  if (typeof v !== 'string' || !INSTANT.test(v.trim())) return null;
  const d = new Date(v.trim());
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * The `overlap` condition of a list body's `range`, or null when there is none.
 * @throws ApiError -1 naming `range` (or `range.<key>`) when it is malformed or names fields that do not fit.
 */
export function parseRange(def: EntityDef, raw: unknown, locale: Locale): Condition | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const bad = (key?: string) => badInput(translate(locale, 'error.badParam', { field: `${translate(locale, 'field.range')}${key ? ` (${key})` : ''}` }));
  let r = raw;
  if (typeof r === 'string') {
    try {
      r = JSON.parse(r);
    } catch {
      throw bad();
    }
  }
  if (typeof r !== 'object' || r === null || Array.isArray(r)) throw bad();
  const o = r as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!['start', 'end', 'from', 'to'].includes(k)) throw bad(k);
  const field = (key: 'start' | 'end') => {
    const name = o[key];
    if (typeof name !== 'string' || !Object.hasOwn(def.model.properties, name)) throw bad(key);
    const kind = temporalKind(def.model.properties[name]);
    if (!kind) throw bad(key);
    return { name, kind };
  };
  const start = field('start');
  const end = o.end === undefined || o.end === null ? null : field('end');
  if (end && end.kind !== start.kind) throw bad('end');
  const bound = (key: 'from' | 'to') => {
    const v = o[key];
    if (start.kind === 'date') {
      if (typeof v !== 'string' || !DATE.test(v)) throw bad(key);
      return v;
    }
    const at = canonicalInstant(v);
    if (!at) throw bad(key);
    return at;
  };
  const from = bound('from');
  const to = bound('to');
  if (from >= to) throw bad('to');
  const value: OverlapValue = {
    end: end?.name ?? null,
    from,
    to,
    endInclusive: start.kind === 'date',
    endNullable: !!end && !(def.model.required ?? []).includes(end.name),
  };
  return { field: start.name, op: 'overlap', value };
}

/** The SQL of an `overlap` condition (see the module comment). */
export function overlapSql(eb: ExpressionBuilder<any, any>, start: string, v: OverlapValue): Expression<SqlBool> {
  const startsBefore = eb(start, '<', v.to);
  const moment = eb.and([eb(start, '>=', v.from), startsBefore]);
  if (!v.end) return moment;
  const endsAfter = eb(v.end, v.endInclusive ? '>=' : '>', v.from);
  if (!v.endNullable) return eb.and([startsBefore, endsAfter]);
  return eb.and([startsBefore, eb.or([endsAfter, eb.and([eb(v.end, 'is', null), eb(start, '>=', v.from)])])]);
}
