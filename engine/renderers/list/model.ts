/**
 * Pure helpers of the list page renderer: definition texts, field lookups, cell formats,
 * permission checks, column settings, row actions and the list request built from the filter form.
 * No React here, so the rules are testable on their own.
 */
import { formatDay, formatWith } from '../time';
import type { PageBundle, PublicEntity } from '../../schema/bundle';
import { textOf } from '../../schema/text';
import type { DictDef, ListColumn, ListFilter, ListPageDef, ModelProperty, PageAction, Text } from '../../schema/types';
import type { EntityRecord, ListParams } from '../../data/api';

/** Turns a definition Text into the reader's text (bundle texts, else the zh-CN default). */
export type TextFn = (text: Text | undefined, fallback?: string) => string;

/** The text function of a bundle. */
export function bundleText(bundle: PageBundle): TextFn {
  return (text, fallback = '') => (text ? textOf(text, bundle.texts) : fallback);
}

/** The model property of `field` in the bundle's entity, if any. */
export function fieldOf(entity: PublicEntity | null, field: string): ModelProperty | undefined {
  return entity?.model.properties[field];
}

/** The header of a column: its own title, else the field's `x-title`, else the field key. */
export function columnTitle(col: ListColumn | ListFilter, entity: PublicEntity | null, tx: TextFn): string {
  const own = 'title' in col ? col.title : undefined;
  return tx(own ?? fieldOf(entity, col.field)?.['x-title'], col.field);
}

/** The dictionary of `field` (x-dict) among the bundle's dictionaries. */
export function dictOf(bundle: PageBundle, field: string): DictDef | undefined {
  const code = fieldOf(bundle.entity, field)?.['x-dict'];
  return code ? bundle.dicts.find((d) => d.id === code) : undefined;
}

/** `¥1,234.50`: yuan with thousands separators and 2 decimals; '' for a blank value. */
export function formatMoney(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  const n = Number(v);
  if (!Number.isFinite(n)) return String(v);
  return `¥${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A date ('YYYY-MM-DD') or date-time ('YYYY-MM-DD HH:mm') of a stored value (string or epoch ms), in the organisation's zone (../time.ts). */
export function formatDate(v: unknown, withTime = false): string {
  if (v === null || v === undefined || v === '') return '';
  if (!withTime && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return v;
  return withTime ? formatWith(v, 'YYYY-MM-DD HH:mm') : formatDay(v);
}

/** True when the user's permission codes cover every code of `access` (none needed when absent). */
export function hasAccess(access: string[] | undefined, codes: readonly string[]): boolean {
  return !access?.length || access.every((c) => codes.includes(c));
}

/** Remembered column layout of one list (saved with Person/saveListSetting under the page id). */
export interface ColumnSetting {
  /** Column ids in display order (columns not named keep their place after these). */
  order: string[];
  /** Ids of hidden columns. */
  hidden: string[];
}

/** Reads a stored setting defensively (anything malformed counts as no setting). */
export function readColumnSetting(raw: unknown): ColumnSetting | null {
  if (!raw || typeof raw !== 'object') return null;
  const o = raw as Record<string, unknown>;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return { order: strings(o.order), hidden: strings(o.hidden) };
}

/** The page's columns in the setting's order, each with whether it is shown. */
export function arrangeColumns(columns: ListColumn[], setting: ColumnSetting | null): { column: ListColumn; visible: boolean }[] {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const ordered = [...(setting?.order ?? []).filter((id) => byId.has(id)), ...columns.map((c) => c.id)];
  const seen = new Set<string>();
  return ordered.filter((id) => (seen.has(id) ? false : (seen.add(id), true))).map((id) => ({ column: byId.get(id)!, visible: !setting?.hidden.includes(id) }));
}

/** One action offered on a row: a page action, or a declared entity action the page does not list. */
export interface RowAction {
  id: string;
  type: PageAction['type'];
  label?: Text;
  target?: string;
  param?: string;
  confirm?: Text;
}

/**
 * The actions a user may apply to `record`: view always; edit, delete and entity actions (`call`) only
 * when the record's `_actions` holds them (the server decides) and the page's `access` codes are held;
 * declared entity actions the page leaves out come last.
 */
export function rowActionsFor(page: ListPageDef, entity: PublicEntity | null, record: EntityRecord, codes: readonly string[]): RowAction[] {
  const allowed = record._actions ?? [];
  const out: RowAction[] = [];
  const named = new Set<string>();
  for (const a of page.rowActions ?? []) {
    if (a.type === 'call' && a.target) named.add(a.target);
    if (!hasAccess(a.access, codes)) continue;
    if (a.type === 'edit' && !allowed.includes('edit')) continue;
    if (a.type === 'delete' && !allowed.includes('delete')) continue;
    if (a.type === 'call') {
      if (!a.target || !allowed.includes(a.target)) continue;
      const decl = entity?.actions?.find((x) => x.id === a.target);
      out.push({ ...a, confirm: a.confirm ?? decl?.confirm, label: a.label ?? decl?.label });
      continue;
    }
    out.push(a);
  }
  for (const decl of entity?.actions ?? []) {
    if (named.has(decl.id) || !allowed.includes(decl.id)) continue;
    out.push({ id: `entity_${decl.id}`, type: 'call', label: decl.label, target: decl.id, confirm: decl.confirm });
  }
  return out;
}

/** Values of the filter form, by filter id. */
export type FilterValues = Record<string, unknown>;

function dateText(v: unknown): string | null {
  if (!v) return null;
  if (typeof v === 'string') return v;
  const d = v as { format?: (f: string) => string };
  return typeof d.format === 'function' ? d.format('YYYY-MM-DD') : null;
}

/** The `keyword` and `filters` of a list request from the filter form's values. */
export function filterParams(filters: ListFilter[] | undefined, values: FilterValues): Pick<ListParams, 'keyword' | 'filters'> {
  const out: Record<string, unknown> = {};
  let keyword: string | undefined;
  for (const f of filters ?? []) {
    const v = values[f.id];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) continue;
    if (f.field === '$keyword') {
      const s = String(v).trim();
      if (s) keyword = s;
    } else if (f.op === 'between' && Array.isArray(v)) {
      const [from, to] = v.map(dateText);
      if (from || to) out[f.field] = [from, to];
    } else if (f.op && f.op !== 'eq') out[f.field] = { op: f.op, value: typeof v === 'string' ? v.trim() : v };
    else out[f.field] = v;
  }
  return { ...(keyword ? { keyword } : {}), ...(Object.keys(out).length ? { filters: out } : {}) };
}

/**
 * The columns a list hides by default when the user has not arranged them: in definition order (the first
 * matters most), as many as fit `available` px by `widthOf`; at least the first two stay. No width (0) hides none.
 */
export function columnsBeyondWidth(columns: ListColumn[], widthOf: (c: ListColumn) => number, available: number): string[] {
  if (available <= 0) return [];
  let used = 0;
  return columns.flatMap((c, i) => {
    used += widthOf(c);
    return i >= 2 && used > available ? [c.id] : [];
  });
}
