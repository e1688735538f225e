/**
 * Roles of the demo organisation and their permission codes (DESIGN §4 "Permissions", §7 三员分立).
 *
 * Permission codes are `<area>:<action>` or `<area>:<object>:<action>`. By convention the area is a
 * menu section key (`document`, `organization`, `log`…) so the menu service can attach a code to the
 * menu it belongs to (menuaction); codes of no section (`system:cache`) only appear in `access`.
 * The codes of areas that declare default grants (schemas/<area>/area.json `grants`: receptions, outurl, affair) are
 * not here: src/server/services/areaGrants.ts gives them, once per database.
 */

/** A role row: code, name, data scope (own | department | unit | all), 三员 group, permissions. */
export interface RoleSpec {
  code: string;
  name: string;
  data_scope: 'own' | 'department' | 'unit' | 'all';
  builtin: 0 | 1;
  exclusive_group: string | null;
  remark: string;
  permissions: string[];
}

const STAFF_PERMISSIONS = ['document:draft', 'document:read', 'mail:send', 'schedule:edit', 'meeting:apply', 'car:apply', 'leave:apply'];

const APPROVE = ['document:approve', 'leave:approve'];

/** Every role, in display order. */
export const ROLES: RoleSpec[] = [
  {
    code: 'sysadmin',
    name: '系统管理员',
    data_scope: 'all',
    builtin: 1,
    exclusive_group: 'sanyuan',
    remark: '三员之一：负责用户、机构、角色、菜单与系统配置，变更须经安全保密管理员审核',
    permissions: [
      'organization:view',
      'organization:edit',
      'organization:user:edit',
      'organization:department:edit',
      'organization:position:edit',
      'organization:role:edit',
      'organization:menu:edit',
      'acl:menu:edit',
      'setting:edit',
      'codes:edit',
      'apps:edit',
      'flowset:edit',
      'form:edit',
      'debug:generate',
      'system:cache',
    ],
  },
  {
    code: 'secadmin',
    name: '安全保密管理员',
    data_scope: 'all',
    builtin: 1,
    exclusive_group: 'sanyuan',
    remark: '三员之一：审核系统管理员的变更，管理用户密级与权限分配',
    permissions: [
      'examine:approve',
      'organization:view',
      'organization:user:review',
      'organization:role:review',
      'organization:permission:review',
      'log:action:read',
    ],
  },
  {
    code: 'auditor',
    name: '安全审计员',
    data_scope: 'all',
    builtin: 1,
    exclusive_group: 'sanyuan',
    remark: '三员之一：查阅与核验审计日志',
    permissions: ['log:read', 'log:export', 'log:verify'],
  },
  {
    code: 'leader',
    name: '市领导',
    data_scope: 'all',
    builtin: 0,
    exclusive_group: null,
    remark: '市长、副市长、秘书长、副秘书长',
    permissions: [...APPROVE, 'document:sign', 'document:supervise', 'flow:supervise', 'stat:read'],
  },
  {
    code: 'office_director',
    name: '办公室主任',
    data_scope: 'unit',
    builtin: 0,
    exclusive_group: null,
    remark: '市政府办公室主任：全部业务菜单',
    permissions: [
      ...APPROVE,
      'document:review',
      'document:sign',
      'document:number',
      'document:distribute',
      'document:supervise',
      'flow:supervise',
      'document:setting',
      'notice:publish',
      'systemNotice:publish',
      'meeting:manage',
      'car:manage',
      'assets:manage',
      'stamp:manage',
      'stat:read',
    ],
  },
  {
    code: 'dept_leader',
    name: '部门负责人',
    data_scope: 'department',
    builtin: 0,
    exclusive_group: null,
    remark: '局长、主任、科长等部门负责人',
    permissions: [...APPROVE, 'document:review', 'notice:publish', 'stat:read'],
  },
  {
    code: 'clerk',
    name: '文书收发员',
    data_scope: 'department',
    builtin: 0,
    exclusive_group: null,
    remark: '公文签收、编号、分发与公文交换',
    permissions: ['document:receive', 'document:number', 'document:distribute', 'exchange:send'],
  },
  {
    code: 'unit_admin',
    name: '单位管理员',
    data_scope: 'unit',
    builtin: 0,
    exclusive_group: null,
    remark: '维护本单位的人员与科室',
    permissions: ['organization:view', 'organization:user:edit', 'organization:department:edit'],
  },
  {
    code: 'staff',
    name: '普通用户',
    data_scope: 'own',
    builtin: 1,
    exclusive_group: null,
    remark: '所有工作人员',
    permissions: STAFF_PERMISSIONS,
  },
];
