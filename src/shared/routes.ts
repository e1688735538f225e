/**
 * The shell's own routes (SPEC §2.1, §2.2, §2.3): public and standalone pages, the console, messages and personal
 * settings, shared by the browser (router, guard, tabs, titles) and the server (menu seed). Every business and
 * administration section comes from its area definition (`schemas/<area>/area.json` `section` and `routes`), read by
 * the server at run time and sent to the browser after sign-in (src/shared/routeTree.ts builds the tree).
 *
 * Titles are not here: a shell node's title is the i18n key `route.<key>` in the app's locale files; an area route
 * carries its title (`title`, in the caller's locale) in the tree the server sends.
 */
export interface RouteNode {
  /** Absolute path; `:name` marks a parameter, `:name?` an optional one. */
  path: string;
  /** i18n key below `route.`, also the stable menu code. */
  key: string;
  /** antd icon name of a section (menu root). */
  icon?: string;
  /** Menu order of a section among sections (SPEC §2.3, steps of 10). */
  order?: number;
  /** Title in the caller's locale (area routes, from the area's locale files); shell routes use `route.<key>`. */
  title?: string;
  /** The page definition an area route renders through the page engine (`schemas/<area>/pages`). */
  page?: string;
  /** Shown nowhere in the menu (menu auth `hidden`), but still allowed when the menu holds it. */
  hidden?: boolean;
  /** An item route of a flow instance: any signed-in user passes the guard, the page's calls decide (area route `participants`). */
  participants?: boolean;
  /** Only administrators may open it (SPEC §2.1: codes, apps). */
  admin?: boolean;
  /** No login needed (login, register, SSO, exception pages). */
  public?: boolean;
  /** Rendered outside the shell: no menu, no header, no tabs (SPEC §2.2). */
  standalone?: boolean;
  /** Detail and draft pages opened in a new browser tab from a list page (SPEC §2.2). */
  newTab?: boolean;
  /** Kept alive in its tab; true unless set to false. */
  keepAlive?: boolean;
  /** Bare section path that redirects to a child (SPEC §2.3). */
  redirect?: string;
  /** Bare section path that is a page of its own: the i18n/page key it renders (/log → front-end log). */
  bare?: string;
  /** The open issue that builds this page, when one does; until then the page says it is being built. */
  issue?: number;
  children?: RouteNode[];
}

type Child = [seg: string, extra?: Partial<RouteNode>];

function section(seg: string, icon: string, order: number, issue: number, children: Child[]): RouteNode {
  return {
    path: `/${seg}`,
    key: seg,
    icon,
    order,
    issue,
    children: children.map(([c, x]) => {
      const [name] = c.split('/');
      return { path: `/${seg}/${c}`, key: `${seg}.${name}`, issue, ...x };
    }),
  };
}

/** The sections the shell renders itself (console, messages, personal settings), with their menu order. */
export const SHELL_SECTIONS: RouteNode[] = [
  section('dashboard', 'DashboardOutlined', 10, 2, [['console'], ['search', { hidden: true }]]),
  section('message', 'BellOutlined', 290, 4, [['index']]),
  section('acl', 'SafetyCertificateOutlined', 320, 2, [['setting'], ['menu']]),
];

/** Public and standalone routes outside the sections (SPEC §2.1, §2.2). */
export const TOP_ROUTES: RouteNode[] = [
  { path: '/login', key: 'login', public: true, standalone: true },
  { path: '/ssologin', key: 'ssologin', public: true, standalone: true },
  { path: '/ussologin', key: 'ussologin', public: true, standalone: true },
  { path: '/register', key: 'register', public: true, standalone: true },
  { path: '/register/result', key: 'registerResult', public: true, standalone: true },
  { path: '/scan', key: 'scan', public: true, standalone: true },
  { path: '/test', key: 'test', public: true, standalone: true },
  { path: '/403', key: 'exception403', public: true, standalone: true },
  { path: '/500', key: 'exception500', public: true, standalone: true },
  { path: '/refresh', key: 'refresh', hidden: true },
  { path: '/redirect/*', key: 'redirect', hidden: true },
];

/** Depth-first list of every route node (sections and children, then top routes). */
export function flattenRoutes(nodes: RouteNode[]): RouteNode[] {
  const out: RouteNode[] = [];
  const walk = (list: RouteNode[]) => {
    for (const n of list) {
      out.push(n);
      if (n.children) walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

/** The menu path of a route: its pattern without parameters (`/document/show-audit/:id` → `/document/show-audit`). */
export function menuPathOf(pattern: string): string {
  return pattern.replace(/\/:[^/]+\??/g, '').replace(/\/\*$/, '');
}

/** Routes every signed-in user may open whatever the menu says (utility and personal pages). */
export const ALWAYS_ALLOWED = ['/dashboard/console', '/index', '/log', '/refresh', '/redirect', '/acl/setting', '/message/index'];

/**
 * A route pattern with its `:id` (or optional `:id?`) parameter filled in: `/document/show/:id?`, 7 →
 * `/document/show/7`. A pattern without `:id` comes back unchanged.
 */
export function routeWithId(route: string, id: number | string): string {
  return route.replace(/:id\??/, String(id));
}
