/**
 * 发起流程 (SPEC §2.3 /flow/tree): the flows a user may start, and the instances a user took part
 * in (流程日志, /affair/flow-log).
 *
 * A flow is started from the form page whose `flow` names it (DESIGN §4 action startFlow); its route is the
 * area's route entry of that page (`schemas/<area>/area.json`), or for a form designed on /form/list the fill
 * page /form/add?id=<form>. A user may start the flow when that route is in their menus (roles and personal menu,
 * SPEC §2.1: the guard lets nobody open a page outside them) and they may add records of the form's entity.
 * Flows without such a form (designed only in the flow designer, bound to no form) are not listed: nothing could
 * start them.
 */
import type { Kysely } from 'kysely';
import type { Registry } from '../../../../engine/schema/loader.js';
import type { FlowDef, FormPageDef, Text } from '../../../../engine/schema/types.js';
import { menuPathOf } from '../../../shared/routes.js';
import { DESIGNED_AREA } from '../designed.js';
import type { DB } from '../../db/types.js';
import type { StartableFlow } from '../../../shared/flow.js';
import { instanceItem, type InstanceItem } from './lists.js';
import { keywordOf, like, paging, type ListBody } from './listBody.js';

export type { StartableFlow };

/** Where staff fill a form designed on /form/list (designer/form/pages/FormFillPage, `?id=<form page id>`). */
export const DESIGNED_FILL_ROUTE = '/form/add';

/**
 * The route of the form page that starts flow `defId`: its area's route entry (`routes`), else the
 * page's own route, else — for a form designed on /form/list (area `custom`, no route of its own) — the fill page
 * with its id (`/form/add?id=custom.<key>.form`); undefined when no form starts it.
 */
export function startRouteOf(registry: Registry, defId: string): string | undefined {
  const forms = registry.pages().filter((p): p is FormPageDef => p.pageKind === 'form' && p.flow === defId);
  if (!forms.length) return undefined;
  const ids = new Set(forms.map((p) => p.id));
  for (const a of registry.areas()) {
    const m = a.routes.find((x) => x.page && ids.has(x.page) && !x.path.includes(':'));
    if (m) return m.path;
  }
  const routed = forms.find((p) => p.route && !p.route.includes(':'));
  if (routed) return routed.route;
  const designed = forms.find((p) => p.id.startsWith(`${DESIGNED_AREA}.`));
  return designed ? `${DESIGNED_FILL_ROUTE}?id=${designed.id}` : undefined;
}

/** Who asks for the startable flows: the menu paths they may open and the permission codes they hold. */
export interface Starter {
  /** Menu paths (menu ∪ personal menu), as menuPathOf gives them. */
  allowed: ReadonlySet<string>;
  /** Permission codes of their roles. */
  codes: ReadonlySet<string>;
  admin?: boolean;
}

/**
 * The flows of `flows` (current versions) that `who` may start, by area then title: those whose start route is in
 * their menus (SPEC §2.1: the guard lets nobody open a page outside them) and, when the starting form's entity guards
 * adding records with a permission code (a designed form's `custom:<key>:edit`, granted to staff when first
 * published — everyone in the unit by default), who hold that code. `text` gives a Text in the caller's language.
 */
export function startableFlows(
  registry: Registry,
  flows: { id: string; version: number; def: FlowDef }[],
  who: Starter,
  text: (t: Text | undefined) => string,
): StartableFlow[] {
  const out: StartableFlow[] = [];
  for (const f of flows) {
    const route = startRouteOf(registry, f.id);
    if (!route || !who.allowed.has(menuPathOf(route.split('?')[0]))) continue;
    const add = f.def.entity ? registry.get('entity', f.def.entity)?.permissions?.add : undefined;
    if (add && !who.admin && !who.codes.has(add)) continue;
    const area = f.id.split('.')[0];
    out.push({
      id: f.id,
      version: f.version,
      title: text(f.def.title),
      description: text(f.def.description),
      area,
      areaTitle: text(registry.get('area', area)?.title) || area,
      route,
    });
  }
  return out.sort((a, b) => a.area.localeCompare(b.area) || a.title.localeCompare(b.title, 'zh-CN'));
}

/**
 * The instances `userId` took part in: started (drafts included) or held any task of (approve, handle,
 * 签收, 抄送, 传阅, also on someone's behalf) — the instances flow/info shows them. Newest first, `{list, total}`;
 * body as the work lists (paging, keyword on the title, `flows` or `area`).
 */
export async function involvedList(db: Kysely<DB>, userId: number, body: ListBody): Promise<{ list: InstanceItem[]; total: number }> {
  const { current, pageSize } = paging(body);
  const keyword = keywordOf(body);
  const flows = (Array.isArray(body.flows) ? body.flows : []).filter((x): x is string => typeof x === 'string' && x.length > 0 && x.length <= 128).slice(0, 50);
  const area = typeof body.area === 'string' && /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/.test(body.area) ? body.area : null;
  let q = db.selectFrom('flow_instances as i').where((eb) =>
    eb.or([
      eb('i.initiator_id', '=', userId),
      eb(
        'i.id',
        'in',
        eb
          .selectFrom('flow_tasks as t')
          .select('t.instance_id')
          .where((w) => w.or([w('t.assignee_id', '=', userId), w('t.on_behalf_of', '=', userId)])),
      ),
    ]),
  );
  if (flows.length) q = q.where('i.def_id', 'in', flows);
  if (area) q = q.where('i.def_id', 'like', `${area}.%`);
  if (keyword) q = q.where('i.title', 'like', like(keyword));
  const [rows, count] = await Promise.all([
    q
      .select(['i.id', 'i.title', 'i.def_id', 'i.status', 'i.initiator_id', 'i.created_at', 'i.started_at', 'i.ended_at', 'i.updated_at'])
      .orderBy('i.updated_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(pageSize)
      .offset((current - 1) * pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { total: Number(count?.n ?? 0), list: rows.map(instanceItem) };
}
