/**
 * Format migration 0 → 1 (DESIGN §4): version 0 pages said their kind in `kind` (`"kind": "list"`)
 * and named a list page's data source `dataSource`. Version 1 has `kind: "page"` + `pageKind`, and `source`.
 * Other kinds only get their `schemaVersion` raised.
 */
const PAGE_KINDS = ['list', 'form', 'detail', 'custom'];

/** Pure: returns a new object, never mutates its input. */
export function migrate0001(def: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...def };
  if (typeof out.kind === 'string' && PAGE_KINDS.includes(out.kind)) {
    out.pageKind = out.kind;
    out.kind = 'page';
  }
  if (out.kind === 'page' && 'dataSource' in out && !('source' in out)) {
    out.source = out.dataSource;
    delete out.dataSource;
  }
  out.schemaVersion = 1;
  return out;
}
