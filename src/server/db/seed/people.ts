/**
 * The people of the demo organisation: fixed accounts used by README, tests and later scenarios, and
 * about 300 generated staff with plausible Chinese names, made the same on every run by a seeded PRNG.
 *
 * Fixed accounts — every seeded account's password is `Demo@2026`:
 *
 * | username | realname       | department                         | position | roles                          | clearance |
 * |----------|----------------|------------------------------------|----------|--------------------------------|-----------|
 * | admin    | 系统管理员     | 市政府办公室 / 信息科              | —        | sysadmin (is_admin)            | 2 |
 * | secadmin | 安全保密管理员 | 市政府办公室 / 信息科              | —        | secadmin                       | 3 |
 * | auditor  | 安全审计员     | 市政府办公室 / 信息科              | —        | auditor                        | 2 |
 * | demo     | 周明远         | 市政府办公室                       | 主任     | office_director, staff         | 3 |
 * | liqiang  | 李强           | 市人民政府                         | 市长     | leader, staff                  | 3 |
 * | zhaolei  | 赵磊           | 市人民政府                         | 副市长   | leader, staff                  | 3 |
 * | chenjing | 陈静           | 市人民政府                         | 秘书长   | leader, staff (签发)           | 3 |
 * | liuyang  | 刘洋           | 市政府办公室                       | 副主任   | dept_leader, staff (核稿)      | 2 |
 * | lina     | 李娜           | 市政府办公室 / 秘书科              | 科长     | dept_leader, staff             | 2 |
 * | zhangwei | 张伟           | 市政府办公室 / 秘书科              | 科员     | staff (拟稿)                   | 1 |
 * | wangfang | 王芳           | 市政府办公室 / 文电科              | 科长     | dept_leader, clerk, staff (编号/分发) | 2 |
 * | zhengmin | 郑敏           | 市政府办公室 / 人事科              | 科长     | dept_leader, unit_admin, staff | 2 |
 * | hechao   | 何超           | 市政府办公室 / 信息科 (primary) and 市发展和改革委员会 / 办公室 | 科员 | staff | 1 |
 * | zhoujie  | 周杰           | 市财政局                           | 局长     | dept_leader, staff             | 2 |
 * | sunli    | 孙丽           | 市财政局 / 办公室                  | 科员     | clerk, staff (收发员)          | 1 |
 * | wuhao    | 吴昊           | 市教育局 / 办公室                  | 科员     | clerk, staff (收发员)          | 1 |
 *
 * Mobiles of the fixed accounts are 138000000xx (demo: 13800138000, see FIXED_PEOPLE); generated staff
 * never use the 1380000 range. E-mails are `<username>@city.gov.example`.
 */
import { SANYUAN_ROLES } from '../../lib/business.js';

/** One membership of a person: department key (see `deptKey`), position name, whether they lead it. */
export interface Membership {
  dept: string;
  position: string | null;
  leader: boolean;
}

/** A person to insert: account fields, memberships (the first is primary) and role codes. */
export interface PersonPlan {
  username: string;
  realname: string;
  /** 0 unknown, 1 male, 2 female. */
  gender: 0 | 1 | 2;
  mobile: string;
  email: string;
  /** 涉密等级 0–3. */
  clearance: number;
  is_admin: 0 | 1;
  memberships: Membership[];
  roles: string[];
}

/** The department key of the root unit, a unit (`drc`) or an office inside it (`drc/办公室`). */
export function deptKey(unitKey: string | null, office?: string): string {
  if (!unitKey) return 'root';
  return office ? `${unitKey}/${office}` : unitKey;
}

/** A fixed account: its person plan fields and the slot of the organisation it fills. */
export interface FixedPerson extends Omit<PersonPlan, 'email'> {
  /** A second membership (people in two departments). */
  second?: Membership;
}

const fixed = (
  username: string,
  realname: string,
  gender: 0 | 1 | 2,
  mobile: string,
  clearance: number,
  dept: string,
  position: string | null,
  leader: boolean,
  roles: string[],
  extra: Partial<FixedPerson> = {},
): FixedPerson => ({
  username,
  realname,
  gender,
  mobile,
  clearance,
  is_admin: 0,
  memberships: [{ dept, position, leader }],
  // every member of staff holds `staff`; the 三员 administer and audit and hold no business role (DESIGN §7)
  roles: roles.some((r) => SANYUAN_ROLES.includes(r)) ? roles : [...roles, 'staff'],
  ...extra,
});

const GO = 'gov_office';

/** The fixed accounts of the table above, by user name. */
export const FIXED_PEOPLE: Record<string, FixedPerson> = Object.fromEntries(
  [
    fixed('admin', '系统管理员', 0, '13800000001', 2, deptKey(GO, '信息科'), null, false, ['sysadmin'], { is_admin: 1 }),
    fixed('secadmin', '安全保密管理员', 0, '13800000002', 3, deptKey(GO, '信息科'), null, false, ['secadmin']),
    fixed('auditor', '安全审计员', 0, '13800000003', 2, deptKey(GO, '信息科'), null, false, ['auditor']),
    fixed('demo', '周明远', 1, '13800138000', 3, deptKey(GO), '主任', true, ['office_director']),
    fixed('liqiang', '李强', 1, '13800000022', 3, 'root', '市长', true, ['leader']),
    fixed('zhaolei', '赵磊', 1, '13800000016', 3, 'root', '副市长', false, ['leader']),
    fixed('chenjing', '陈静', 2, '13800000015', 3, 'root', '秘书长', false, ['leader']),
    fixed('liuyang', '刘洋', 1, '13800000013', 2, deptKey(GO), '副主任', false, ['dept_leader']),
    fixed('lina', '李娜', 2, '13800000012', 2, deptKey(GO, '秘书科'), '科长', true, ['dept_leader']),
    fixed('zhangwei', '张伟', 1, '13800000011', 1, deptKey(GO, '秘书科'), '科员', false, []),
    fixed('wangfang', '王芳', 2, '13800000014', 2, deptKey(GO, '文电科'), '科长', true, ['dept_leader', 'clerk']),
    fixed('zhengmin', '郑敏', 2, '13800000020', 2, deptKey(GO, '人事科'), '科长', true, ['dept_leader', 'unit_admin']),
    fixed('hechao', '何超', 1, '13800000021', 1, deptKey(GO, '信息科'), '科员', false, [], {
      second: { dept: deptKey('drc', '办公室'), position: '科员', leader: false },
    }),
    fixed('zhoujie', '周杰', 1, '13800000018', 2, deptKey('finance'), '局长', true, ['dept_leader']),
    fixed('sunli', '孙丽', 2, '13800000017', 1, deptKey('finance', '办公室'), '科员', false, ['clerk']),
    fixed('wuhao', '吴昊', 1, '13800000019', 1, deptKey('education', '办公室'), '科员', false, ['clerk']),
  ].map((p) => [p.username, p]),
);

/** E-mail domain of the demo organisation (a reserved `.example` name: nothing is ever delivered). */
export const EMAIL_DOMAIN = 'city.gov.example';
