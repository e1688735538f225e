/**
 * The route tree of the running definitions (SPEC §2.3): the areas' sections and routes with titles in a locale
 * and the page each renders (src/shared/routeTree.ts builds it), served to the browser after sign-in (Menu/routes)
 * and used for the menu table (src/server/db/seed/menus.ts). Definitions are read at run time: a new or changed
 * area shows after a restart (or, under `npm run dev`, after the definition reload), never needing a client build.
 */
import type { Locale } from '../../shared/constants.js';
import { SHELL_SECTIONS, type RouteNode } from '../../shared/routes.js';
import { areaRouteTree, mergeSections, type RouteTree } from '../../shared/routeTree.js';
import type { LocaleMessages } from '../../../engine/schema/text.js';
import type { Registry } from '../../../engine/schema/loader.js';
import { baseSchema, type EffectiveSchema } from './schemaStore.js';

/** The areas' route tree of `registry` with titles from `texts[locale]` (zh-CN defaults where a key is missing). */
export function routeTreeOf(registry: Registry, texts: LocaleMessages, locale: Locale): RouteTree {
  const messages = texts[locale] ?? {};
  return areaRouteTree(registry.areas(), (key) => messages[key]);
}

/** The route tree of an effective schema (Menu/routes), built once per schema and locale. */
export function schemaRouteTree(schema: EffectiveSchema, locale: Locale): RouteTree {
  const key = `routeTree:${locale}`;
  let tree = schema.memo.get(key) as RouteTree | undefined;
  if (!tree) schema.memo.set(key, (tree = routeTreeOf(schema.registry, schema.texts, locale)));
  return tree;
}

/**
 * Every section — the shell's (src/shared/routes.ts) and the areas' of the shipped definition files — in menu order,
 * area titles in `locale`; shell nodes carry no `title` (their title is `route.<key>` of the app's locale files).
 */
export function fullRouteTree(locale: Locale = 'zh-CN'): RouteNode[] {
  const { registry, texts } = baseSchema();
  return mergeSections(SHELL_SECTIONS, routeTreeOf(registry, texts, locale).sections);
}

const titleCache = new Map<string, Map<string, string>>();

/** The title in `locale` of every area route and section of the shipped definitions, by route key (read once per locale). */
export function areaRouteTitles(locale: Locale): Map<string, string> {
  let m = titleCache.get(locale);
  if (!m) {
    m = new Map();
    for (const s of fullRouteTree(locale)) for (const n of [s, ...(s.children ?? [])]) if (n.title) m.set(n.key, n.title);
    titleCache.set(locale, m);
  }
  return m;
}
