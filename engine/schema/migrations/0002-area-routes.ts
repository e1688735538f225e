/**
 * Format migration 1 → 2 (area.json v2): an area's `menus: [{route, page}]` (routes of the shell's fixed route
 * table mapped to pages) become `routes: [{path, page}]` — the area now declares its routes itself, with an
 * optional `section` (its menu root), titles and flags. A v1 area has neither section nor titles: its routes keep
 * the route keys and titles they had, and the lint asks for what is missing. Other kinds only get their
 * `schemaVersion` raised.
 */

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Pure: returns a new object, never mutates its input. */
export function migrate0002(def: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...def };
  if (out.kind === 'area' && 'menus' in out && !('routes' in out)) {
    const menus = Array.isArray(out.menus) ? out.menus : [];
    out.routes = menus.map((m) => {
      if (!isObj(m)) return m;
      const { route, ...rest } = m;
      return { path: route, ...rest };
    });
    delete out.menus;
  }
  out.schemaVersion = 2;
  return out;
}
