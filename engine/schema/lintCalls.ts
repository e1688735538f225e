/**
 * Lint of entity `calls` (./entityCalls.ts) and of `tabs` pages (./tabsPage.ts), part of the definition lint (./lint.ts).
 * - calls: a declared name must be the one call of its group that serves the operation — it may not be the name of
 *   another operation's call, of a declared action or of a call of another entity of the same group (a table
 *   entity's generic calls list, info, add, edit, del, export, import, aggregate are its calls too; a custom entity
 *   without `calls` claims the generic names of list, info, add, edit, del);
 * - tabs: each tab names an existing page, keys are unique, `access` codes are declared, and no tab shows the page
 *   itself or a tabs page that (through its tabs) shows it.
 * Pure: no file system.
 */
import type { Registry } from './loader';
import type { EntityDef } from './types';
import { claimedCalls, type EntityCallOp } from './entityCalls';
import type { TabsPageDef } from './tabsPage';
import { checkPermission, type Ctx } from './lintContext';

/** Who serves a call name of a group: an entity's operation or declared action. */
interface Claim {
  entity: string;
  what: string;
}

/** Every call name of `group` with who claims it, as the server and the client use them. */
function claimsOf(registry: Registry, group: string): Map<string, Claim[]> {
  const out = new Map<string, Claim[]>();
  const claim = (name: string, c: Claim) => out.set(name, [...(out.get(name) ?? []), c]);
  for (const e of registry.entities().filter((x) => x.group.toLowerCase() === group.toLowerCase()))
    for (const c of claimedCalls(e)) claim(c.name, { entity: e.id, what: c.what });
  return out;
}

/** Lints the `calls` of entity `def` into `ctx` (see the module comment). */
export function lintEntityCalls(ctx: Ctx, def: EntityDef): void {
  if (!def.calls) return;
  const claims = claimsOf(ctx.registry, def.group);
  for (const op of Object.keys(def.calls) as EntityCallOp[]) {
    const name = def.calls[op];
    if (!name) continue;
    const mine = `operation "${op}"`;
    const others = (claims.get(name) ?? []).filter((c) => !(c.entity === def.id && c.what === mine));
    if (others.length) {
      const who = others.map((c) => (c.entity === def.id ? `its ${c.what}` : `${c.what} of ${c.entity}`)).join(', ');
      ctx.add(ctx.file, `/calls/${op}`, `call "${def.group}/${name}" is also ${who}`);
    }
  }
}

/** Lints a tabs page into `ctx` (see the module comment). */
export function lintTabsPage(ctx: Ctx, page: TabsPageDef): void {
  const { add, file, registry } = ctx;
  const keys = new Set<string>();
  page.tabs.forEach((tab, i) => {
    const base = `/tabs/${i}`;
    if (keys.has(tab.key)) add(file, `${base}/key`, `duplicate tab key "${tab.key}"`);
    keys.add(tab.key);
    (tab.access ?? []).forEach((code, j) => checkPermission(ctx, code, `${base}/access/${j}`));
    if (!registry.get('page', tab.page)) return add(file, `${base}/page`, `unknown page "${tab.page}"`);
    if (tab.page === page.id || showsPage(registry, tab.page, page.id, new Set()))
      add(file, `${base}/page`, `page "${tab.page}" shows this tabs page inside itself`);
  });
}

/** Whether tabs page `id` shows page `target` in a tab, directly or through nested tabs pages. */
function showsPage(registry: Registry, id: string, target: string, seen: Set<string>): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  const p = registry.get('page', id);
  if (!p || p.pageKind !== 'tabs') return false;
  return p.tabs.some((t) => t.page === target || showsPage(registry, t.page, target, seen));
}
