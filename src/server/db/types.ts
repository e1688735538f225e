/**
 * Kysely table types of the platform's own tables (migrations in ./migrations).
 * Times are epoch milliseconds (bigint columns, read back as numbers); flags are 0/1 integers.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AttachmentTable, SelectorRecentTable, UserGroupTable, UserGroupMemberTable } from './fileTypes.js';
export type { AttachmentTable, SelectorRecentTable, UserGroupTable, UserGroupMemberTable };
import type { AreaTables } from './areaTables.js';
export type {
  FlowVersionTable,
  FlowInstanceTable,
  FlowTaskTable,
  FlowEventTable,
  FlowTimerTable,
  FlowDelegationTable,
  MessageTable,
  MessageSettingTable,
} from './flowTypes.js';
export type { DocMarkTable, DocMarkNumberTable } from './documentTypes.js';

export interface DepartmentTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  short_name: string | null;
  /** 'unit' (机关/单位) or 'dept' (内设科室/部门). */
  kind: string;
  /** 机关代字 used in 发文字号, e.g. 市政办. */
  code: string | null;
  sort: number;
  /** 1 open, 0 closed. */
  status: number;
  leader_id: number | null;
  phone: string | null;
  created_at: number;
  updated_at: number;
}

export interface PositionTable {
  id: Generated<number>;
  name: string;
  /** Rank for leader chains: smaller is more senior. */
  level: number;
  sort: number;
}

export interface UserTable {
  id: Generated<number>;
  /** Public identifier sent as X-uuid / admin-uuid. */
  uuid: string;
  username: string;
  realname: string;
  password_hash: string;
  password_changed_at: number;
  /** 1 while the password is one an administrator set (Users/add, import): the next sign-in must change it. */
  password_initial: Generated<number>;
  mobile: string | null;
  email: string | null;
  avatar: string | null;
  gender: number;
  /** 1 enabled, 0 disabled. */
  status: number;
  is_admin: number;
  /** 涉密等级: 0 非涉密, 1 一般(秘密), 2 重要(机密), 3 核心(绝密). */
  clearance: number;
  current_dept_id: number | null;
  /** Layout setting JSON string (SPEC §3). */
  layout: string | null;
  list_settings: string | null;
  /** Opened tabs JSON (SPEC §2.4: persisted per user). */
  tabs: string | null;
  sms_setting: string | null;
  unionid: string | null;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface UserDepartmentTable {
  user_id: number;
  dept_id: number;
  position_id: number | null;
  is_primary: number;
  is_leader: number;
  sort: number;
}

export interface RoleTable {
  id: Generated<number>;
  code: string;
  name: string;
  /** Built-in roles (三员, 普通用户) cannot be deleted. */
  builtin: number;
  /** Roles in the same exclusive group cannot be held together (三员分立, DESIGN §7). */
  exclusive_group: string | null;
  /** Data scope for the generic API: own | department | unit | all. */
  data_scope: string;
  sort: number;
  status: number;
  remark: string | null;
}

export interface UserRoleTable {
  user_id: number;
  role_id: number;
}

export interface MenuTable {
  id: Generated<number>;
  parent_id: number | null;
  /** Route path, unique (the menu path of SPEC §2.3). */
  path: string;
  /** zh-CN header (SPEC §3 Menu item). */
  header: string;
  /** i18n key of the header. */
  i18n_key: string;
  icon: string | null;
  /** '' or 'hidden' (SPEC §3: auth hidden hides it from the menu). */
  auth: string;
  /** 1 shown, 0 hidden (SPEC §3). */
  status: number;
  admin_only: number;
  sort: number;
}

export interface RoleMenuTable {
  role_id: number;
  menu_id: number;
}

export interface RolePermissionTable {
  role_id: number;
  /** Permission code such as `document:sign` (DESIGN §4). */
  code: string;
}

export interface UserMenuTable {
  user_id: number;
  menu_id: number;
}

export interface SessionTable {
  id: Generated<number>;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  dept_id: number | null;
  ip: string | null;
  user_agent: string | null;
  /** Set when the password is weak or expired: every call but the allowed few answers -98. */
  must_change_password: number;
  admin_login: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** Epoch ms of the session's last request, written at most once a minute (idle timeout, migration 0030). */
  last_active_at: number | null;
}

export interface LoginAttemptTable {
  id: Generated<number>;
  /** The name as typed (lower-cased), whether or not such a user exists. */
  username: string;
  user_id: number | null;
  ip: string | null;
  user_agent: string | null;
  success: number;
  /** password | sms | sso | usso | admin */
  method: string;
  reason: string | null;
  created_at: number;
}

export interface CaptchaTable {
  key: string;
  answer_hash: string;
  expires_at: number;
}

export interface UsedNonceTable {
  /** SHA-256 of a consumed SM2 ciphertext (replay guard). */
  hash: string;
  expires_at: number;
}

export interface SmsCodeTable {
  id: Generated<number>;
  mobile: string;
  purpose: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  attempts: number;
}

export interface SmsLogTable {
  id: Generated<number>;
  mobile: string;
  content: string;
  /** login | register | repassword | remind | mass */
  purpose: string;
  provider: string;
  /** 1 sent, 0 failed. */
  status: number;
  user_id: number | null;
  created_at: number;
}

export interface AppTable {
  id: Generated<number>;
  appid: string;
  name: string;
  /** SHA-256 of the app secret. */
  secret_hash: string;
  status: number;
  remark: string | null;
  created_at: number;
}

export interface AccountTable {
  id: Generated<number>;
  mail: string;
  mobile: string;
  password_hash: string;
  realname: string | null;
  /** 0 waiting for approval, 1 approved, 2 refused. */
  status: number;
  user_id: number | null;
  created_at: number;
  updated_at: number;
  /** Optimistic-concurrency version (migration 0006), 1 on insert. */
  version: Generated<number>;
  /** Why the account was refused (migration 0006). */
  remark: string | null;
  /** Department of the user an approval created (migration 0006). */
  dept_id: number | null;
}

export interface SettingTable {
  key: string;
  value: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  created_at: number;
  user_id: number | null;
  username: string | null;
  ip: string | null;
  event: string;
  object: string | null;
  result: string;
  detail: string | null;
  /** HMAC-SM3 chain (DESIGN §7): hash of this row keyed with the audit key, over prev_hash + row. */
  prev_hash: string | null;
  hash: string;
}

/** Designer changes to a definition, one row per revision (migration 0002, DESIGN §4 Overlays). */
export interface DefinitionOverlayTable {
  id: Generated<number>;
  /** Kind of the changed definition: page, entity, dict, area. */
  target_kind: string;
  target_id: string;
  /** 1, 2, 3… per target (unique with it). */
  revision: number;
  /** 'draft' (never applied) or 'published' (immutable; the newest published revision applies). */
  status: 'draft' | 'published';
  /** JSON text of the OverlayOp[] (engine/schema/types.ts). */
  ops: string;
  /** hashDefinition of the base the ops were made against. */
  base_hash: string;
  author_id: number | null;
  comment: string | null;
  created_at: number;
  published_at: number | null;
}

/** Every table: the platform's (here) and the business areas' (./areaTables.ts). */
export interface DB extends AreaTables {
  departments: DepartmentTable;
  positions: PositionTable;
  users: UserTable;
  user_departments: UserDepartmentTable;
  roles: RoleTable;
  user_roles: UserRoleTable;
  menus: MenuTable;
  role_menus: RoleMenuTable;
  role_permissions: RolePermissionTable;
  user_menus: UserMenuTable;
  sessions: SessionTable;
  login_attempts: LoginAttemptTable;
  captchas: CaptchaTable;
  used_nonces: UsedNonceTable;
  sms_codes: SmsCodeTable;
  sms_log: SmsLogTable;
  apps: AppTable;
  accounts: AccountTable;
  settings: SettingTable;
  audit_log: AuditLogTable;
  definition_overlays: DefinitionOverlayTable;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Department = Selectable<DepartmentTable>;
export type Session = Selectable<SessionTable>;
export type Menu = Selectable<MenuTable>;

/** Tables of migration 0003 (./fileTypes.ts), merged into DB. */
export interface DB {
  attachments: AttachmentTable;
  selector_recent: SelectorRecentTable;
  user_groups: UserGroupTable;
  user_group_members: UserGroupMemberTable;
}

/** 职级 (migration 0004; SPEC §7 Users/getRanks). */
export interface RankTable {
  id: Generated<number>;
  name: string;
  sort: number;
}

/** 人员类别 (migration 0004; SPEC §7 Users/getPersonCategory). */
export interface PersonCategoryTable {
  id: Generated<number>;
  name: string;
  sort: number;
}

/** Tables of migration 0004 (merged into DB by declaration merging). */
export interface DB {
  ranks: RankTable;
  person_categories: PersonCategoryTable;
}

/** Columns migration 0004 adds to platform tables (optimistic concurrency, 职级 and 人员类别 of users). */
export interface UserTable {
  /** Optimistic-concurrency version (migration 0004), 1 on insert. */
  version: Generated<number>;
  rank_id: number | null;
  category_id: number | null;
}

/** Column migration 0011 adds to `users`: the attachment id of the handwritten signature, or null. */
export interface UserTable {
  signature_file_id: string | null;
}
export interface DepartmentTable {
  version: Generated<number>;
}
export interface PositionTable {
  version: Generated<number>;
}
export interface RoleTable {
  version: Generated<number>;
}

/** Columns migration 0005 adds to `apps` (apps/edit concurrency and last change time). */
export interface AppTable {
  /** Optimistic-concurrency version (migration 0005), 1 on insert. */
  version: Generated<number>;
  /** Last edit (ms); null until edited. */
  updated_at: number | null;
}
