/**
 * 三员分立 (DESIGN §7, 等保 2.0 三级 "安全管理中心"): the system administrator (sysadmin), the security administrator
 * (secadmin) and the auditor administer and audit the system; they never read or do the business (公文, 事务, 接待,
 * 流程…). This module says which API calls are business calls, and who is one of the 三员.
 *
 * Rule: a caller holding a 三员 role (SANYUAN_ROLES) — or marked `users.is_admin` — is refused every business call with
 * -1 `error.sanyuanBusiness`, before the body is validated, even when an administrator also gave them a business role.
 * Business calls are the calls of the groups and entity groups in BUSINESS_GROUPS, the calls of designer-made forms
 * (`/api/custom_<key>/…`) and flow runtime calls except those the shell makes for every signed-in person (SELF_CALLS).
 */

/** Role codes of the three mutually exclusive administrators (roles.exclusive_group 'sanyuan'). */
export const SANYUAN_ROLES: readonly string[] = ['sysadmin', 'secadmin', 'auditor'];

/**
 * API groups (the first path segment, lower case) whose calls are business: the 公文 calls, archives, the flow runtime,
 * the 正文 versions and the entity groups of the business areas (affair, 收文 `receive`, 发文 `document`, receptions).
 */
export const BUSINESS_GROUPS: readonly string[] = ['document', 'documentarchive', 'flow', 'affair', 'receive', 'receptions'];

/** Calls of a business group the shell makes for everyone signed in (menu badge counts): not business. */
export const SELF_CALLS: readonly string[] = ['flow/badges'];

/** Whether the call `path` (`<group>/<action>`, no leading `/api/`) is a business call (see the module rule). */
export function isBusinessCall(path: string): boolean {
  const p = path.replace(/^\/?(api\/)?/, '').toLowerCase();
  if (SELF_CALLS.some((s) => s.toLowerCase() === p)) return false;
  const group = p.split('/')[0];
  return BUSINESS_GROUPS.includes(group) || group.startsWith('custom_');
}

/** Whether a person with role codes `roles` (and `isAdmin`, users.is_admin) is one of the 三员. */
export function isSanyuan(roles: readonly string[], isAdmin = false): boolean {
  return isAdmin || roles.some((r) => SANYUAN_ROLES.includes(r));
}
