/**
 * The area file (`schemas/<area>/area.json`, format v2; FORMATS.md "Area"): the menu section an area owns, its routes
 * and the pages they render, its permission codes and its default grants. Pure types: no React, no Node.
 */
import type { Text, DefinitionBase } from './types';
import type { AreaProvides } from './areaProvides';

/**
 * The menu root (SPEC §2.3) an area owns: its path `/<section>` (the route key of the section is the path without the
 * slash), antd icon name and menu order among sections (steps of 10).
 */
export interface AreaSection {
  path: string;
  icon: string;
  order: number;
  /** Menu title of the section; default: the area's title. */
  title?: Text;
  /** The bare section path redirects there. */
  redirect?: string;
  /** The bare section path renders this page / route key instead (`frontLog` on /log). */
  bare?: string;
  /** Only administrators may open it (SPEC §2.1). */
  admin?: boolean;
  /** Its pages are kept alive in their tabs (default true). */
  keepAlive?: boolean;
}

/**
 * A route an area declares (menu pages and the `:id` routes of detail and approval pages). Its route key — also the
 * stable menu code — is `<section>.<first segment after the section>` (`/affair/show-audit/:id` → `affair.show-audit`).
 * Without `page` it renders the component an area module registers for the route key, or the under-construction page.
 */
export interface AreaRoute {
  /** Absolute pattern; `:name` a parameter, `:name?` an optional one. */
  path: string;
  /** The page definition it renders. */
  page?: string;
  /** Menu and tab title; default key `<area>.route.<name>`, else the route key. */
  title?: Text;
  /** Not shown in the menu (still allowed when the menu holds it). */
  hidden?: boolean;
  /** Opened in a new browser tab from a list page (SPEC §2.2). */
  newTab?: boolean;
  /** Rendered outside the shell: no menu, header or tabs (SPEC §2.2). */
  standalone?: boolean;
  /** Kept alive in its tab; true unless false. */
  keepAlive?: boolean;
  /**
   * An item route (with `:id`) of a flow instance — an approval page, a 阅办单: whoever the flow involves (drafter,
   * handlers, 抄送 / 传阅 readers) opens it without holding its menu; the page's calls decide (flow/info refuses others).
   */
  participants?: boolean;
  /** Only administrators may open it. */
  admin?: boolean;
  /** Goes to this path instead of rendering a page. */
  redirect?: string;
}

/** An area (`schemas/<area>/area.json`, format v2): its section, routes → pages, permission codes, default grants. */
export interface AreaDef extends DefinitionBase, AreaProvides {
  kind: 'area';
  title: Text;
  section?: AreaSection;
  routes: AreaRoute[];
  permissions: { code: string; label: Text }[];
  /** Default grants, applied once when the area first appears in a database (src/server/services/areaGrants.ts). */
  grants?: AreaGrant[];
}

/**
 * A default grant of an area: role `role` (a role code) gets the area's permission codes `permissions` and the menus of
 * its routes `routes` (route patterns of the area). Applied once per item; an administrator's later removal stands.
 */
export interface AreaGrant {
  role: string;
  permissions?: string[];
  routes?: string[];
}
