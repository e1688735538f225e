/**
 * Which page opens a flow instance (DESIGN §4 `approval` pages; SPEC §4 "Reminder target by kind"): the work lists'
 * `open`, flow/info's `open` and the reminders' target all ask `approvalRouteOf`, so a row, a bell item and a
 * link of 发起申请 land on the same page.
 *
 * The routes an area declares (`routes: [{path, page}]`; v1 files are migrated on load) and a page's own `route`. An entity with no
 * approval page of its own — a form designed on /form/list, or a shipped entity whose area declares none — opens
 * on the generic approval page GENERIC_APPROVAL_ROUTE (schemas/flow/area.json), which renders any instance with
 * the form of its entity.
 */
import type { Registry } from '../../../../engine/schema/loader.js';
import type { ApprovalPageDef, AreaDef, FlowDef, FormPageDef, PageDef } from '../../../../engine/schema/types.js';

/** The generic approval page's route; `:id` is the flow instance id. */
export const GENERIC_APPROVAL_ROUTE = '/flow/approval/:id';

/** One route an area declares: its pattern and the page it renders (pages without `page` are left out). */
export interface AreaRoute {
  path: string;
  page: string;
}

/** The routes of `area` that render a page. */
export function areaRoutes(area: AreaDef): AreaRoute[] {
  return area.routes.flatMap((r) => (r.page ? [{ path: r.path, page: r.page }] : []));
}

/** Whether `page` is an approval page of one entity (the generic page has none). */
const isApprovalOf = (page: PageDef | undefined, entityId: string): page is ApprovalPageDef => page?.pageKind === 'approval' && page.entity === entityId;

const memo = new WeakMap<Registry, Map<string, string>>();

/**
 * The route pattern (with `:id`, the instance id) of the approval page of entity `entityId`: the first area route
 * whose page is an approval page of that entity, else such a page's own route, else GENERIC_APPROVAL_ROUTE (also for
 * a null entity). Remembered per registry (a registry is immutable; the schema store builds a new one on change).
 */
export function approvalRouteOf(registry: Registry, entityId: string | null | undefined): string {
  if (!entityId) return GENERIC_APPROVAL_ROUTE;
  let m = memo.get(registry);
  if (!m) memo.set(registry, (m = new Map()));
  let route = m.get(entityId);
  if (route === undefined) {
    const declared = registry
      .areas()
      .flatMap(areaRoutes)
      .find((r) => r.path.includes(':id') && isApprovalOf(registry.get('page', r.page), entityId));
    const own = registry.pages().find((p) => isApprovalOf(p, entityId) && !!p.route?.includes(':id'));
    route = declared?.path ?? own?.route ?? GENERIC_APPROVAL_ROUTE;
    m.set(entityId, route);
  }
  return route;
}

/** The approval route of an instance: by its entity, else by its flow's entity (an instance started without a record). */
export function instanceApprovalRoute(registry: Registry, entity: string | null | undefined, def: Pick<FlowDef, 'entity'> | undefined): string {
  return approvalRouteOf(registry, entity || def?.entity);
}

/**
 * The form page the generic approval page shows for an instance of flow `defId` over entity `entityId`: the form page
 * of that entity which starts the flow (`flow`), else `<entity>.form`, else the entity's first form page; undefined
 * when the entity has none.
 */
export function approvalFormOf(registry: Registry, entityId: string, defId: string): FormPageDef | undefined {
  const forms = registry.pages().filter((p): p is FormPageDef => p.pageKind === 'form' && p.entity === entityId);
  return forms.find((p) => p.flow === defId) ?? forms.find((p) => p.id === `${entityId}.form`) ?? forms[0];
}
