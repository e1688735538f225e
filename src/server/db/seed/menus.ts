/**
 * Menu rows (one per node of the SPEC §2.3 route tree: the shell's sections and the areas' of the definitions,
 * src/server/engine/routeTree.ts) and which menus each role opens.
 *
 * Grants are written as route keys: a section key (`contact`) grants every child of the section, a
 * child key (`document.dbgw`) grants that child. A role that holds any child of a section also gets
 * the section's hidden children (detail pages such as `document.show-audit`), except those listed in
 * NOT_WITH_SECTION. Only children are stored in role_menus; the menu service adds their sections.
 */
import { flattenRoutes, menuPathOf } from '../../../shared/routes.js';
import { fullRouteTree } from '../../engine/routeTree.js';
import zhRoutes from '../../../app/locales/zh-CN/route.json' with { type: 'json' };
import { SANYUAN_ROLES } from '../../lib/business.js';

/** One `menus` row before insertion; `parentKey` names the section (null for a section). */
export interface MenuSpec {
  key: string;
  parentKey: string | null;
  path: string;
  header: string;
  icon: string | null;
  auth: '' | 'hidden';
  admin_only: 0 | 1;
  sort: number;
}

const titles = zhRoutes as Record<string, string>;

/**
 * Every menu row in tree order: each section followed by its children (SPEC §2.3), from the route tree of the
 * definitions read at run time. A section sorts by its `order`, a child by its place in the section.
 */
export function menuSpecs(): MenuSpec[] {
  const out: MenuSpec[] = [];
  fullRouteTree('zh-CN').forEach((section, i) => {
    for (const node of flattenRoutes([section])) {
      const isSection = node === section;
      const header = node.title ?? titles[node.key];
      if (!header) throw new Error(`seed: route ${node.key} has no zh-CN title`);
      out.push({
        key: node.key,
        parentKey: isSection ? null : section.key,
        path: menuPathOf(node.path),
        header,
        icon: node.icon ?? null,
        auth: node.hidden ? 'hidden' : '',
        admin_only: node.admin ? 1 : 0,
        sort: isSection ? (section.order ?? (i + 1) * 10) : (section.children!.indexOf(node) + 1) * 10,
      });
    }
  });
  return out;
}

/** Hidden children that do not come along with their section (granted only explicitly). */
const NOT_WITH_SECTION = new Set(['organization.permission']);

/** Sections that are administration, not business (SPEC §2.3): never part of office_director. */
const ADMIN_SECTIONS = ['organization', 'examine', 'codes', 'apps', 'log', 'debug', 'outurl'];
const ADMIN_CHILDREN = ['acl.menu', 'setting.index', 'setting.auths'];

/**
 * What the 三员 (sysadmin, secadmin, auditor; src/server/lib/business.ts) may hold: the administration sections and
 * the ones every account needs without touching the business (the console, own settings, system settings, the
 * designers); never a business menu (公文, 事务, 接待, 统计, filling a designed form…), whatever ROLE_MENU_GRANTS says, so
 * that a route added later is never granted to them by syncMenus.
 */
const SANYUAN_SECTIONS = [...ADMIN_SECTIONS, 'dashboard', 'acl', 'setting', 'index', 'flowset', 'form'];
const SANYUAN_NEVER = ['form.add'];

/** Whether one of the 三员 may hold the menu of route key `key` (a child `section.name`). */
export function sanyuanMayHold(key: string): boolean {
  return SANYUAN_SECTIONS.includes(key.split('.')[0]) && !SANYUAN_NEVER.includes(key);
}

const DEPT_LEADER = [
  'document.gwdb',
  'document.plsp',
  'document.plcl',
  'notice.add',
  'mail.statis',
  'leave.list',
  'leave.yearlist',
  'leave.outlist',
  'attence.total',
  'attence.outside',
  'attence.overwork',
  'meeting.conferenceflow',
  'car.list',
  'stat.total',
  'stat.gwsyl',
  'stat.ptdjl',
  'stat.document',
];

/**
 * Menu grants per role code (see the header comment for the notation). The menus of areas that declare default grants
 * (receptions, outurl, affair: schemas/<area>/area.json `grants`) come from those, through src/server/services/areaGrants.ts.
 */
export const ROLE_MENU_GRANTS: Record<string, string[] | 'business'> = {
  staff: [
    'dashboard.console',
    'document.new',
    'document.dbgw',
    'document.ybgw',
    'document.yfgw',
    'document.dfgw',
    'document.scgw',
    'document.gwdb',
    'document.ntko',
    'document.flow-log',
    'document.search',
    'document.new-new',
    'document.dbgw-new',
    'document.ybgw-new',
    'document.yfgw-new',
    'document.dfgw-new',
    'document.search-new',
    'flow.tree',
    'flow.list',
    'notice.unread',
    'notice.list',
    'systemNotice.index',
    'systemNotice.query',
    'mail.inbox',
    'mail.send',
    'mail.draftMail',
    'mail.starMail',
    'contact',
    'schedule',
    'meeting.room',
    'meeting.conference',
    'meeting.add',
    'meeting.applylist',
    'meeting.usestate',
    'car.apply',
    'car.usestate',
    'leave.detail',
    'leave.remainder',
    'businessTrip',
    'attence.index',
    'attence.clock',
    'attence.sign',
    'fileBox',
    'file',
    'approval',
    'message',
    'acl.setting',
    'index.setting',
    'proposal',
    'form.add',
  ],
  clerk: ['document.gwqs', 'exchange', 'smwexchange'],
  dept_leader: DEPT_LEADER,
  leader: [...DEPT_LEADER, 'document.authquery', 'systemNotice.approve', 'stat'],
  office_director: 'business',
  unit_admin: ['organization.user', 'organization.department', 'organization.position'],
  sysadmin: [
    'dashboard',
    'organization',
    'acl',
    'setting',
    'codes',
    'apps',
    'index',
    'flowset',
    'form.list',
    'form.new',
    'debug',
    'log.login',
    'log.sms-remind',
    'log.sms-mass',
  ],
  secadmin: ['dashboard', 'examine', 'organization.user', 'organization.role', 'organization.permission', 'log.action', 'acl.setting'],
  auditor: ['dashboard', 'log', 'acl.setting'],
};

/**
 * The child menu keys a role opens, expanded from ROLE_MENU_GRANTS; for the 三员 only those `sanyuanMayHold` allows.
 * Throws on an unknown key so a renamed route cannot silently drop a grant.
 */
export function grantedMenuKeys(roleCode: string, specs: MenuSpec[] = menuSpecs()): Set<string> {
  const keys = expandGrants(roleCode, specs);
  if (SANYUAN_ROLES.includes(roleCode)) for (const k of [...keys]) if (!sanyuanMayHold(k)) keys.delete(k);
  return keys;
}

function expandGrants(roleCode: string, specs: MenuSpec[]): Set<string> {
  const grants = ROLE_MENU_GRANTS[roleCode] ?? [];
  const children = specs.filter((m) => m.parentKey !== null);
  const out = new Set<string>();
  if (grants === 'business') {
    for (const m of children) {
      if (!ADMIN_SECTIONS.includes(m.parentKey!) && !ADMIN_CHILDREN.includes(m.key)) out.add(m.key);
    }
    return out;
  }
  const known = new Set(specs.map((m) => m.key));
  for (const g of grants) {
    if (!known.has(g)) throw new Error(`seed: role ${roleCode} grants unknown menu ${g}`);
    if (g.includes('.')) out.add(g);
    else for (const m of children) if (m.parentKey === g) out.add(m.key);
  }
  const sections = new Set(children.filter((m) => out.has(m.key)).map((m) => m.parentKey));
  for (const m of children) {
    if (m.auth === 'hidden' && sections.has(m.parentKey) && !NOT_WITH_SECTION.has(m.key)) out.add(m.key);
  }
  return out;
}

/** Personal menu (menu_my) shortcuts of the `demo` account, by route key. */
export const DEMO_PERSONAL_MENU = ['document.dbgw', 'document.new', 'schedule.index', 'meeting.room', 'mail.inbox'];
