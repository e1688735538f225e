/**
 * The route tree of the shipped area definitions (`schemas/<area>/area.json`, format v2, with their locale files), as
 * the server's Menu/routes sends it, for tests that need the areas' routes without a server: built with the same
 * builder (src/shared/routeTree.ts) from the files read directly.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AreaDef } from '../../engine/schema/types';
import { SHELL_SECTIONS, type RouteNode } from '../../src/shared/routes';
import { areaRouteTree, mergeSections, type RouteTree } from '../../src/shared/routeTree';

const ROOT = join(import.meta.dirname, '../..');

/** The shipped areas and the merged texts of their locale files, by locale. */
function shipped(): { areas: AreaDef[]; texts: Record<string, Record<string, string>> } {
  const dir = join(ROOT, 'schemas');
  const areas: AreaDef[] = [];
  const texts: Record<string, Record<string, string>> = {};
  for (const name of readdirSync(dir).sort()) {
    const file = join(dir, name, 'area.json');
    if (existsSync(file)) areas.push(JSON.parse(readFileSync(file, 'utf8')) as AreaDef);
    for (const locale of ['zh-CN', 'en-US']) {
      const lf = join(dir, name, 'locales', `${locale}.json`);
      if (existsSync(lf)) Object.assign((texts[locale] ??= {}), JSON.parse(readFileSync(lf, 'utf8')));
    }
  }
  return { areas, texts };
}

/** The areas' route tree in `locale` (answer of Menu/routes for the shipped definitions). */
export function shippedRouteTree(locale = 'zh-CN'): RouteTree {
  const { areas, texts } = shipped();
  return areaRouteTree(areas, (key) => texts[locale]?.[key]);
}

/** Every section (shell and areas) in menu order, area titles in `locale`. */
export function shippedSections(locale = 'zh-CN'): RouteNode[] {
  return mergeSections(SHELL_SECTIONS, shippedRouteTree(locale).sections);
}
