/**
 * Lint of area files (`schemas/<area>/area.json`): the pages of its menus and their routes, and its default grants
 * (FORMATS.md "Area"): each grant names a known role (LintOptions.roles), permission codes the area itself declares and
 * routes the area itself declares (its menus' `route`, or the `path` of its `routes`); the 三员 (LintOptions.sanyuan,
 * DESIGN §7 三员分立) are never granted a business code or route. Pure: no file system.
 */
import type { AreaDef } from './types';
import { checkRoute, type Ctx } from './lintContext';

/**
 * The route key (stable menu code) of a route pattern: `<section>.<first segment of the child>`, the section key for a
 * bare section path. `/affair/show-audit/:id` → `affair.show-audit`, `/receptions` → `receptions`.
 */
export function routeKeyOf(path: string): string {
  const [section, child] = path.replace(/^\//, '').split('/');
  return child && !child.startsWith(':') ? `${section}.${child}` : section;
}

/** The route patterns an area declares: its menus' routes (format v1) and its `routes` (format v2). */
export function areaRoutes(def: AreaDef): string[] {
  const v2 = (def as { routes?: { path?: unknown }[] }).routes ?? [];
  return [...(def.menus ?? []).map((m) => m.route), ...v2.map((r) => r.path).filter((p): p is string => typeof p === 'string')];
}

/** The key a 三员 check looks at for a permission code: `<area>.<object>` of `<area>:<object>[:…]`, the area alone else. */
function codeKey(code: string): string {
  const [area, object] = code.split(':');
  return object ? `${area}.${object}` : area;
}

/** Lints one area definition (see the module comment). */
export function lintArea(ctx: Ctx, def: AreaDef): void {
  const { add, file, registry, opts } = ctx;
  (def.menus ?? []).forEach((m, i) => {
    if (!registry.get('page', m.page)) add(file, `/menus/${i}/page`, `unknown page "${m.page}"`);
    checkRoute(ctx, m.route, `/menus/${i}/route`);
  });
  const codes = new Set(def.permissions.map((p) => p.code));
  const routes = new Set(areaRoutes(def));
  const roles = opts.roles ? new Set(opts.roles) : null;
  const sanyuan = opts.sanyuan;
  (def.grants ?? []).forEach((g, i) => {
    const base = `/grants/${i}`;
    if (roles && !roles.has(g.role)) add(file, `${base}/role`, `unknown role "${g.role}" (not one of ${[...roles].join(', ')})`);
    const isSanyuan = !!sanyuan?.roles.includes(g.role);
    (g.permissions ?? []).forEach((code, j) => {
      if (!codes.has(code)) add(file, `${base}/permissions/${j}`, `permission "${code}" is not declared by area "${def.id}"`);
      else if (isSanyuan && !sanyuan!.mayHold(codeKey(code))) add(file, `${base}/permissions/${j}`, `business permission "${code}" granted to "${g.role}", one of the 三员 (they do no business)`);
    });
    (g.routes ?? []).forEach((route, j) => {
      if (!routes.has(route)) add(file, `${base}/routes/${j}`, `unknown route "${route}" (not a route of area "${def.id}")`);
      else if (isSanyuan && !sanyuan!.mayHold(routeKeyOf(route))) add(file, `${base}/routes/${j}`, `business route "${route}" granted to "${g.role}", one of the 三员 (they do no business)`);
    });
    if (!g.permissions?.length && !g.routes?.length) add(file, base, `grant to "${g.role}" gives neither permissions nor routes`);
  });
}
