/**
 * Lint of area files (`schemas/<area>/area.json`): its menu icon (`section.icon`; routes carry none) is one of the
 * icons the shell ships (./menuIcons.ts MENU_ICONS; another name would show a file icon), an approval extra it declares
 * is no other area's; its default grants (its routes' pages and sections are checked in lint.ts)
 * (FORMATS.md "Area"): each grant names a known role (LintOptions.roles), permission codes the area itself declares and
 * routes the area itself declares (the `path` of its `routes`); the 三员 (LintOptions.sanyuan,
 * DESIGN §7 三员分立) are never granted a business code or route. Pure: no file system.
 */
import type { AreaDef } from './types';
import type { Ctx } from './lintContext';
import { isMenuIcon, MENU_ICONS } from './menuIcons';

/**
 * The route key (stable menu code) of a route pattern: `<section>.<first segment of the child>`, the section key for a
 * bare section path. `/affair/show-audit/:id` → `affair.show-audit`, `/receptions` → `receptions`.
 */
export function routeKeyOf(path: string): string {
  const [section, child] = path.replace(/^\//, '').split('/');
  return child && !child.startsWith(':') ? `${section}.${child}` : section;
}

/** The route patterns an area declares: the `path` of its `routes` (format v2; v1 `menus` are migrated on load). */
export function areaRoutes(def: AreaDef): string[] {
  return def.routes.map((r) => r.path);
}

/** The key a 三员 check looks at for a permission code: `<area>.<object>` of `<area>:<object>[:…]`, the area alone else. */
function codeKey(code: string): string {
  const [area, object] = code.split(':');
  return object ? `${area}.${object}` : area;
}

/** The lint message of a menu icon `name` the shell does not ship. */
export function unknownIconMessage(name: unknown): string {
  return `unknown menu icon "${String(name)}" (one of: ${MENU_ICONS.join(', ')})`;
}

/** Lints one area definition (see the module comment). */
export function lintArea(ctx: Ctx, def: AreaDef): void {
  const { add, file, opts, registry } = ctx;
  if (def.section && !isMenuIcon(def.section.icon)) add(file, '/section/icon', unknownIconMessage(def.section.icon));
  (def.approvalExtras ?? []).forEach((x, i) => {
    const other = registry.areas().find((a) => a.id !== def.id && a.approvalExtras?.includes(x));
    if (other) add(file, `/approvalExtras/${i}`, `approval extra "${x}" is also declared by area "${other.id}"`);
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
      else if (isSanyuan && !sanyuan!.mayHold(codeKey(code)))
        add(file, `${base}/permissions/${j}`, `business permission "${code}" granted to "${g.role}", one of the 三员 (they do no business)`);
    });
    (g.routes ?? []).forEach((route, j) => {
      if (!routes.has(route)) add(file, `${base}/routes/${j}`, `unknown route "${route}" (not a route of area "${def.id}")`);
      else if (isSanyuan && !sanyuan!.mayHold(routeKeyOf(route)))
        add(file, `${base}/routes/${j}`, `business route "${route}" granted to "${g.role}", one of the 三员 (they do no business)`);
    });
    if (!g.permissions?.length && !g.routes?.length) add(file, base, `grant to "${g.role}" gives neither permissions nor routes`);
  });
}
