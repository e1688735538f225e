/**
 * Spreadsheet columns of an entity (`<group>/export` and `<group>/import`): which fields, under
 * which titles, and how a value is written for people and read back.
 *
 * Columns: the list page's columns (its `title`, else the field's `x-title`) when a page is given, else
 * every model field a sheet can hold (attachments, sub-tables and objects left out). Titles are in the
 * caller's locale (texts of the effective schema store), so an exported sheet imports as it is.
 *
 * Values written: dict → label ('、' between several), user(s) → realname, dept(s) → full title,
 * date → a real date cell (midnight of that day, shown 'yyyy-mm-dd'), datetime → a real date cell holding the
 * wall time of the organisation's zone (services/orgZone.ts; Excel cells have no zone), shown 'yyyy-mm-dd hh:mm:ss', money → number shown with 2
 * decimals, boolean → 是/否 (Yes/No), daterange → 'from ~ to', record (a reference field) → the target's label. Read back: the same, plus dict values,
 * user accounts, Excel dates and 'YYYY/M/D' texts. A dict field's items: those of the dictionary it names in the
 * form revision in force (the effective entity: options typed in the form designer), then those of `def`'s.
 */
import type { EntityDef, ListPageDef, ModelProperty } from '../../../engine/schema/types.js';
import { textOf } from '../../../engine/schema/text.js';
import type { Locale } from '../../shared/constants.js';
import type { EffectiveSchema } from './schemaStore.js';
import type { RefNames } from './refs.js';
import { instantOf, wallTime, zoneDate } from '../../../engine/expr/zone.js';

/** One column of a sheet. */
export interface SheetColumn {
  field: string;
  title: string;
  prop: ModelProperty;
  /** x-kind, else the JSON Schema type. */
  kind: string;
  /** Dict items (value, label in the locale) of a dict field. */
  dict?: { value: string; label: string }[];
}

/** Kinds a sheet cannot hold. */
const SKIPPED = new Set(['attachments', 'subtable', 'object', 'richtext']);
/** Separator of several names in one cell (users, depts, multi-value dicts). */
export const LIST_SEPARATOR = '、';

function kindOf(p: ModelProperty): string {
  const type = Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type;
  return p['x-kind'] ?? (type === 'array' ? 'array' : (type ?? 'string'));
}

/** The columns of a sheet of `def`: the page's columns, or the model fields (see the file comment). */
export function sheetColumns(def: EntityDef, page: ListPageDef | null, store: EffectiveSchema, locale: Locale): SheetColumn[] {
  const texts = store.texts[locale];
  const list = page
    ? page.columns.map((c) => ({ field: c.field, title: c.title }))
    : Object.keys(def.model.properties).map((field) => ({ field, title: undefined }));
  const out: SheetColumn[] = [];
  for (const { field, title } of list) {
    const prop = def.model.properties[field];
    if (!prop) continue;
    const kind = kindOf(prop);
    if (SKIPPED.has(kind)) continue;
    const t = title ?? prop['x-title'];
    const col: SheetColumn = { field, title: t ? textOf(t, texts) : field, prop, kind };
    // the dictionary of the form revision in force (options typed in the form designer, ./formDicts.ts) first,
    // then the one `def` names, so values of records kept from an earlier revision still read as their labels
    const inForce = store.registry.get('entity', def.id)?.model.properties[field]?.['x-dict'];
    const seen = new Set<string>();
    for (const code of new Set([inForce, prop['x-dict']])) {
      const dict = code ? store.registry.get('dict', code) : undefined;
      for (const i of dict?.items ?? []) {
        if (seen.has(i.value)) continue;
        seen.add(i.value);
        (col.dict ??= []).push({ value: i.value, label: textOf(i.label, texts) });
      }
    }
    out.push(col);
  }
  return out;
}

const YES: Record<Locale, string> = { 'zh-CN': '是', 'en-US': 'Yes' } as Record<Locale, string>;
const NO: Record<Locale, string> = { 'zh-CN': '否', 'en-US': 'No' } as Record<Locale, string>;

/**
 * The cell value of record value `v` in column `c` (see the file comment); null for an empty cell. `zone`: the
 * organisation's IANA zone, whose wall time a datetime cell holds.
 */
export function cellOf(c: SheetColumn, v: unknown, refs: RefNames, locale: Locale, zone: string): string | number | Date | null {
  if (v === null || v === undefined || v === '') return null;
  const many = (xs: unknown, one: (x: unknown) => string) => (Array.isArray(xs) ? xs.map(one).join(LIST_SEPARATOR) : one(xs));
  switch (c.kind) {
    case 'dict':
      return many(v, (x) => c.dict?.find((i) => i.value === x)?.label ?? String(x));
    case 'user':
    case 'users':
      return many(v, (x) => refs.users[String(x)] ?? String(x));
    case 'dept':
    case 'depts':
      return many(v, (x) => refs.depts[String(x)] ?? String(x));
    case 'record':
      return refs.records?.[c.field]?.[String(v)] ?? String(v);
    case 'boolean':
      return v === true ? (YES[locale] ?? '是') : (NO[locale] ?? '否');
    case 'date': {
      // a calendar date: a date cell at midnight (Excel cells have no zone); an instant → its date in `zone`
      const d = dateOf(v) ?? (instantOfValue(v, zone) === null ? null : zoneDate(instantOfValue(v, zone)!, zone));
      const m = d ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(d) : null;
      return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : String(v);
    }
    case 'datetime': {
      const at = instantOfValue(v, zone);
      if (at === null) return String(v);
      const w = wallTime(at, zone);
      return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
    }
    case 'daterange':
      return Array.isArray(v) ? v.join(' ~ ') : String(v);
    case 'money':
    case 'number':
    case 'integer':
      return typeof v === 'number' ? v : Number(v);
    default:
      if (typeof v === 'number') return v;
      return Array.isArray(v) ? v.join(LIST_SEPARATOR) : String(v);
  }
}

/** Excel number format of a column, if any (money: 2 decimals; date: yyyy-mm-dd; datetime: date and time). */
export function numFmtOf(c: SheetColumn): string | undefined {
  if (c.kind === 'datetime') return 'yyyy-mm-dd hh:mm:ss';
  if (c.kind === 'date') return 'yyyy-mm-dd';
  return c.kind === 'money' ? '#,##0.00' : undefined;
}

const WALL_TEXT = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;

/**
 * Epoch ms of a stored or typed instant: epoch ms, ISO 8601 with an offset, or a wall time
 * 'YYYY-MM-DD[ HH:mm[:ss]]' read in `zone`; null when it is none of these.
 */
export function instantOfValue(v: unknown, zone: string): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const s = String(v).trim();
  const m = WALL_TEXT.exec(s);
  if (m) return instantOf({ year: +m[1], month: +m[2], day: +m[3], hour: +(m[4] ?? 0), minute: +(m[5] ?? 0), second: +(m[6] ?? 0) }, zone);
  if (!/(?:Z|[+-]\d\d:?\d\d)$/i.test(s)) return null;
  const at = Date.parse(s);
  return Number.isNaN(at) ? null : at;
}

/** What reading a cell gives: the value, or the problem (a message key and its `value`). */
export type CellRead = { value: unknown } | { error: 'type' | 'label' | 'user' | 'dept' | 'record'; text: string };

/** Lookups an import needs (filled before the rows are read: one query per kind). */
export interface ImportLookups {
  users: Map<string, number>;
  depts: (title: string) => number | undefined;
  /** The id of the record a reference field's cell names by its label (./records.ts idsOfLabels). */
  records?: (field: string, label: string) => number | undefined;
  /** The organisation's IANA zone: the wall time of datetime cells. */
  zone: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date cell or text → 'YYYY-MM-DD', or null when it is not a date. */
export function dateOf(raw: unknown): string | null {
  if (raw instanceof Date && !Number.isNaN(raw.getTime())) return `${raw.getUTCFullYear()}-${pad(raw.getUTCMonth() + 1)}-${pad(raw.getUTCDate())}`;
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(String(raw).trim());
  return m ? `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}` : null;
}

/** Splits a cell of several names. */
export function namesOf(raw: unknown): string[] {
  return String(raw)
    .split(/[、,，;；\n]/)
    .map((x) => x.trim())
    .filter(Boolean);
}

/** The record value of cell `raw` (already not empty) in column `c`. */
export function readCell(c: SheetColumn, raw: unknown, look: ImportLookups): CellRead {
  const text = raw instanceof Date ? (dateOf(raw) ?? '') : String(raw).trim();
  const num = (): CellRead => {
    const n = typeof raw === 'number' ? raw : Number(text.replace(/,/g, ''));
    return text !== '' && Number.isFinite(n) ? { value: n } : { error: 'type', text };
  };
  switch (c.kind) {
    case 'integer':
    case 'number':
    case 'money':
      return num();
    case 'boolean':
      if (['是', 'yes', 'true', '1', 'y'].includes(text.toLowerCase())) return { value: true };
      if (['否', 'no', 'false', '0', 'n'].includes(text.toLowerCase())) return { value: false };
      return { error: 'type', text };
    case 'date': {
      const d = dateOf(raw);
      return d ? { value: d } : { error: 'type', text };
    }
    case 'datetime': {
      // a date cell holds the organisation's wall time in its UTC fields (as cellOf writes it)
      const at =
        raw instanceof Date
          ? instantOf(
              {
                year: raw.getUTCFullYear(),
                month: raw.getUTCMonth() + 1,
                day: raw.getUTCDate(),
                hour: raw.getUTCHours(),
                minute: raw.getUTCMinutes(),
                second: raw.getUTCSeconds(),
              },
              look.zone,
            )
          : instantOfValue(text, look.zone);
      return at === null ? { error: 'type', text } : { value: new Date(at).toISOString() };
    }
    case 'dict': {
      const one = (x: string) => c.dict?.find((i) => i.label === x || i.value === x)?.value;
      const many = (Array.isArray(c.prop.type) ? c.prop.type.includes('array') : c.prop.type === 'array') ? namesOf(text) : [text];
      const values = many.map(one);
      const bad = many.find((_, i) => values[i] === undefined);
      if (bad !== undefined) return { error: 'label', text: bad };
      return { value: c.prop.type === 'array' ? values : values[0] };
    }
    case 'user':
    case 'users': {
      const names = c.kind === 'user' ? [text] : namesOf(text);
      const ids = names.map((n) => look.users.get(n));
      const bad = names.find((_, i) => ids[i] === undefined);
      if (bad !== undefined) return { error: 'user', text: bad };
      return { value: c.kind === 'user' ? ids[0] : ids };
    }
    case 'dept':
    case 'depts': {
      const names = c.kind === 'dept' ? [text] : namesOf(text);
      const ids = names.map((n) => look.depts(n));
      const bad = names.find((_, i) => ids[i] === undefined);
      if (bad !== undefined) return { error: 'dept', text: bad };
      return { value: c.kind === 'dept' ? ids[0] : ids };
    }
    case 'record': {
      const id = look.records?.(c.field, text);
      return id === undefined ? { error: 'record', text } : { value: id };
    }
    case 'daterange': {
      const parts = text.split(/\s*[~～至]\s*/).map(dateOf);
      return parts.length === 2 && parts.every(Boolean) ? { value: parts } : { error: 'type', text };
    }
    default:
      return { value: typeof raw === 'number' ? String(raw) : text };
  }
}
