/**
 * Every route of SPEC §2.2 and §2.3, as one tree shared by the browser (router, guard, tabs, titles)
 * and the server (the menu seed of the demo organisation).
 *
 * Titles are not here: each node's title is the i18n key `route.<key>` in the locale files.
 */
export interface RouteNode {
  /** Absolute path; `:name` marks a parameter, `:name?` an optional one. */
  path: string;
  /** i18n key below `route.`, also the stable menu code. */
  key: string;
  /** antd icon name of a section (menu root). */
  icon?: string;
  /** Shown nowhere in the menu (menu auth `hidden`), but still allowed when the menu holds it. */
  hidden?: boolean;
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

function section(seg: string, icon: string, issue: number | null, children: Child[], extra: Partial<RouteNode> = {}): RouteNode {
  const planned = issue == null ? {} : { issue };
  return {
    path: `/${seg}`,
    key: seg,
    icon,
    ...planned,
    ...extra,
    children: children.map(([c, x]) => {
      const [name] = c.split('/');
      return { path: `/${seg}/${c}`, key: `${seg}.${name}`, ...planned, ...x };
    }),
  };
}

const H = { hidden: true } as const;
const NT = { hidden: true, newTab: true } as const;
const SA = { hidden: true, newTab: true, standalone: true } as const;

/** The sections of SPEC §2.3, in menu order. */
export const SECTIONS: RouteNode[] = [
  section('dashboard', 'DashboardOutlined', 2, [['console'], ['search', H]]),
  section('document', 'FileTextOutlined', 5, [
    ['new', SA], ['dbgw'], ['ybgw'], ['yfgw'], ['dfgw'], ['scgw'], ['gwdb'], ['gwqs'], ['gwsz'], ['ntko'],
    ['flow-log'], ['search'], ['show/:id?', NT], ['show-audit/:id', SA], ['gwqsshow/:id', SA], ['savepdf', SA],
    ['plsp'], ['plcl'], ['authquery'],
    ['new-new', SA], ['show1/:id?', SA], ['yfgw-new', SA], ['search-new', SA], ['ybgw-new', SA],
    ['dbgw-new', SA], ['dfgw-new', SA],
  ]),
  section('affair', 'AuditOutlined', 4, [
    ['new', SA], ['dbsw'], ['ybsw'], ['yfsw'], ['dfsw'], ['swdb'], ['swsz'], ['ntko'], ['flow-log'],
    ['show1/:id?', SA], ['show-audit/:id', SA],
  ], { redirect: '/affair/new' }),
  section('flow', 'ApartmentOutlined', 4, [['tree'], ['list'], ['view-flow', H], ['approval/:id', SA]], { redirect: '/flow/list', keepAlive: true }),
  section('flowset', 'BranchesOutlined', 6, [['list'], ['add', H]]),
  section('form', 'FormOutlined', 6, [['list'], ['new', H], ['add', SA]]),
  section('exchange', 'SwapOutlined', null, [['new'], ['list'], ['show/:id?', NT]], { redirect: '/exchange/list' }),
  section('smwexchange', 'SafetyOutlined', null, [['new'], ['list'], ['show/:id?', NT]], { redirect: '/smwexchange/list' }),
  section('notice', 'NotificationOutlined', null, [['add'], ['unread'], ['list']]),
  section('systemNotice', 'SoundOutlined', null, [['index'], ['approve'], ['query'], ['add'], ['queryapp']]),
  section('mail', 'MailOutlined', null, [['inbox/:id?'], ['send'], ['draftMail'], ['starMail'], ['statis'], ['authList']]),
  section('contact', 'ContactsOutlined', null, [['index'], ['write-mail']]),
  section('schedule', 'CalendarOutlined', null, [['index/:type?'], ['share']]),
  section('meeting', 'TeamOutlined', null, [
    ['room'], ['conference'], ['add'], ['conferenceflow'], ['setting'], ['applylist'], ['usestate'],
  ]),
  section('car', 'CarOutlined', null, [['list'], ['apply'], ['setting'], ['usestate']]),
  section('assets', 'DatabaseOutlined', null, [['list'], ['type'], ['logs']]),
  section('leave', 'ScheduleOutlined', null, [
    ['list'], ['detail'], ['yearlist'], ['manage'], ['remainder'], ['record', H], ['outlist'],
  ]),
  section('businessTrip', 'GlobalOutlined', null, [['index']]),
  section('receptions', 'CoffeeOutlined', 3, [['index']]),
  section('clock', 'FieldTimeOutlined', null, [['index'], ['add']]),
  section('attence', 'ClockCircleOutlined', null, [
    ['index'], ['total'], ['clock'], ['outside'], ['overwork'], ['sign'], ['log'], ['logshow'],
  ]),
  section('classes', 'TableOutlined', null, [['list'], ['scheduling']]),
  section('stamp', 'VerifiedOutlined', null, [
    ['list'], ['setting'], ['applylist'], ['list_ext'], ['applylist_ext'], ['test'], ['add'], ['sign'], ['seal'],
    ['lend'], ['info'],
  ], { redirect: '/stamp/list' }),
  section('proposal', 'BulbOutlined', null, [['list']], { redirect: '/proposal/list' }),
  section('sms', 'MessageOutlined', null, [['list'], ['mass']]),
  section('fileBox', 'CloudOutlined', null, [['index/:name?']]),
  section('file', 'FolderOpenOutlined', null, [['index']]),
  section('approval', 'CheckSquareOutlined', 4, [['index']]),
  section('message', 'BellOutlined', 4, [['index']]),
  section('stat', 'BarChartOutlined', 5, [
    ['total'], ['gwsyl'], ['ptdjl'], ['document'], ['syl', H], ['djl', H], ['dwfw', H],
  ]),
  section('organization', 'ClusterOutlined', 3, [
    ['account'], ['systemmanage'], ['user'], ['position'], ['department'], ['role'], ['menu'], ['permission', H],
  ]),
  section('acl', 'SafetyCertificateOutlined', 2, [['setting'], ['menu']]),
  section('examine', 'FileProtectOutlined', 3, [
    ['user'], ['role'], ['office'], ['resources'], ['system'], ['app'], ['codes'],
  ]),
  section('setting', 'SettingOutlined', 3, [['index'], ['holiday'], ['auths'], ['page', SA]]),
  section('codes', 'OrderedListOutlined', 3, [['index', { admin: true }]], { admin: true }),
  section('apps', 'AppstoreOutlined', 3, [['index', { admin: true }]], { admin: true }),
  section('outurl', 'LinkOutlined', 3, [['index']]),
  section('log', 'ProfileOutlined', 3, [['login'], ['sms-remind'], ['sms-mass'], ['action']], { bare: 'frontLog' }),
  section('index', 'HomeOutlined', 3, [['setting']], { redirect: '/dashboard/console' }),
  section('debug', 'BugOutlined', 5, [['index', { keepAlive: true }]]),
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
export function flattenRoutes(nodes: RouteNode[] = SECTIONS): RouteNode[] {
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
