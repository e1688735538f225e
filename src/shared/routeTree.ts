/**
 * The route tree of the areas (SPEC §2.3): each area definition's `section` (its menu root) and `routes` (menu pages,
 * detail and approval pages) as route nodes with their titles in one locale and the page each renders. Built by the
 * server from the definitions it reads at run time (src/server/engine/routeTree.ts) and sent to the browser after
 * sign-in (Menu/routes); both sides merge it with the shell's own sections (src/shared/routes.ts SHELL_SECTIONS).
 * Pure: no React, no Node.
 */
import type { AreaDef } from '../../engine/schema/types.js';
import type { RouteNode } from './routes.js';

/** Answer of Menu/routes: the areas' sections in menu order, every child with its title and page. */
export interface RouteTree {
  sections: RouteNode[];
}

/** Looks up an i18n key in one locale; undefined when no locale file has it. */
export type TextOf = (key: string) => string | undefined;

/** Route key of an area route: `<section>.<first segment after the section>` (`/affair/show-audit/:id` → `affair.show-audit`). */
export function routeKeyOf(path: string): string {
  const [, section = '', name = ''] = path.split('/');
  return `${section}.${name}`;
}

/**
 * The sections of `areas` with their routes, sorted by `section.order` (then path). A route is placed under the
 * section of its first path segment; when no area declares that section (a route added to a shell section such as
 * /acl), it comes in a bare stub `{path, key, children}` that `mergeSections` adds to the shell's section. Titles:
 * the node's Text in `textOf`'s locale, else its zh-CN default; a route without a title tries `<area>.route.<name>`,
 * else shows its route key. The first area declaring a section or a route path wins; later duplicates are left out
 * (the lint reports them).
 */
export function areaRouteTree(areas: readonly AreaDef[], textOf: TextOf): RouteTree {
  const sections = new Map<string, RouteNode>();
  for (const a of areas) {
    const s = a.section;
    if (!s) continue;
    const key = s.path.slice(1);
    if (sections.has(key)) continue;
    const title = s.title ?? a.title;
    sections.set(key, {
      path: s.path,
      key,
      icon: s.icon,
      order: s.order,
      title: textOf(title.t) ?? title.d,
      ...(s.redirect ? { redirect: s.redirect } : {}),
      ...(s.bare ? { bare: s.bare } : {}),
      ...(s.admin ? { admin: true } : {}),
      ...(s.keepAlive !== undefined ? { keepAlive: s.keepAlive } : {}),
      children: [],
    });
  }
  const seen = new Set<string>();
  for (const a of areas) {
    for (const r of a.routes) {
      if (seen.has(r.path)) continue;
      seen.add(r.path);
      const key = routeKeyOf(r.path);
      const sectionKey = key.split('.')[0];
      let section = sections.get(sectionKey);
      if (!section) sections.set(sectionKey, (section = { path: `/${sectionKey}`, key: sectionKey, children: [] }));
      const name = key.slice(sectionKey.length + 1);
      const title = r.title ? (textOf(r.title.t) ?? r.title.d) : (textOf(`${a.id}.route.${name}`) ?? key);
      section.children!.push({
        path: r.path,
        key,
        title,
        ...(r.page ? { page: r.page } : {}),
        ...(r.hidden ? { hidden: true } : {}),
        ...(r.newTab ? { newTab: true } : {}),
        ...(r.participants ? { participants: true } : {}),
        ...(r.standalone ? { standalone: true } : {}),
        ...(r.keepAlive !== undefined ? { keepAlive: r.keepAlive } : {}),
        ...(r.admin ? { admin: true } : {}),
        ...(r.redirect ? { redirect: r.redirect } : {}),
      });
    }
  }
  return { sections: sortSections([...sections.values()]) };
}

const sortSections = (list: RouteNode[]) =>
  list.sort((x, y) => (x.order ?? Number.MAX_SAFE_INTEGER) - (y.order ?? Number.MAX_SAFE_INTEGER) || x.path.localeCompare(y.path));

/**
 * `base` (the shell's sections) with `extra` (the areas' tree) merged in, in menu order: a section of `extra` that
 * `base` already has adds its children (paths `base` has are left out) and fills attributes `base` leaves unset;
 * the others are added. Neither input is changed.
 */
export function mergeSections(base: readonly RouteNode[], extra: readonly RouteNode[]): RouteNode[] {
  const out = new Map<string, RouteNode>();
  for (const s of base) out.set(s.key, { ...s, children: [...(s.children ?? [])] });
  for (const s of extra) {
    const cur = out.get(s.key);
    if (!cur) {
      out.set(s.key, { ...s, children: [...(s.children ?? [])] });
      continue;
    }
    const paths = new Set(cur.children!.map((c) => c.path));
    const merged: RouteNode = { ...s, ...cur, children: [...cur.children!, ...(s.children ?? []).filter((c) => !paths.has(c.path))] };
    out.set(s.key, merged);
  }
  return sortSections([...out.values()]);
}
