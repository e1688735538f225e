/**
 * Client calls of reference fields (kind `record`, FORMATS.md "Reference fields"): the picker's search and the
 * labels of ids, both over the target entity's own generic list (`<group>/list`), so the caller sees only the
 * records the target's `view` permission and data scope allow. Through the engine host (engine/host.ts).
 */
import { host } from '../host';
import type { RecordTarget } from '../schema/bundle';
import type { ListAnswer } from './api';

export type { RecordTarget };

/** One choice of a record picker: the record id and its label. */
export interface RecordOption {
  value: number;
  label: string;
}

/** Rows of one picker page. */
export const RECORD_PAGE_SIZE = 20;

const labelOf = (target: RecordTarget, r: Record<string, unknown>): string => {
  const v = r[target.label];
  return v === null || v === undefined || v === '' ? `#${String(r.id)}` : String(v);
};

/**
 * Page `current` (from 1) of the target's records matching `keyword` (all when blank), by label: the list keyword
 * when the target searches its label, else a `like` filter on the label. Refusals are not toasted (the picker
 * shows an empty list); the promise rejects.
 */
export async function searchRecords(target: RecordTarget, keyword: string, current = 1): Promise<{ options: RecordOption[]; total: number }> {
  const k = keyword.trim();
  const match = !k ? {} : target.labelSearchable ? { keyword: k } : { filters: { [target.label]: { op: 'like', value: k } } };
  const body = { current, pageSize: RECORD_PAGE_SIZE, sort: { field: target.label, order: 'asc' }, fields: [target.label], ...match };
  const r = await host().call<ListAnswer>(`${target.group}/list`, body, { silent: true });
  return { options: r.list.map((x) => ({ value: x.id, label: labelOf(target, x) })), total: r.total };
}

/** Labels of the target's records `ids` the caller sees (the others are absent), by id. */
export async function recordLabels(target: RecordTarget, ids: number[]): Promise<Record<string, string>> {
  const list = [...new Set(ids)].filter((n) => Number.isInteger(n) && n > 0);
  if (!list.length) return {};
  const r = await host().call<ListAnswer>(`${target.group}/list`, { pageSize: list.length, filters: { id: { op: 'in', value: list } }, fields: [target.label] }, { silent: true });
  return Object.fromEntries(r.list.map((x) => [String(x.id), labelOf(target, x)]));
}
