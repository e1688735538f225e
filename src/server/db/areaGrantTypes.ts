/**
 * Kysely table type of the default grants already given (migration 0045; src/server/services/areaGrants.ts).
 * ./areaTables.ts adds it to `DB`. Times are epoch milliseconds.
 */

/**
 * One item of an area's default grants (schemas/<area>/area.json `grants`) given once to a role: a permission code
 * (`kind` 'permission', `target` the code) or the menu of a route (`kind` 'route', `target` the route key such as
 * `receptions.index`). A row means "given": it is never given again, so an administrator's removal stands.
 */
export interface AreaGrantTable {
  area_id: string;
  role_code: string;
  kind: 'permission' | 'route';
  target: string;
  applied_at: number;
}
