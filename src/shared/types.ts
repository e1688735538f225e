/**
 * Shapes exchanged between the browser and the server for the shell (SPEC §3).
 */
import type { Locale } from './constants.js';

/** Menu item of SPEC §3: path, header, children, auth, status. */
export interface MenuNode {
  id: number;
  path: string;
  /** zh-CN header; the client shows `t('route:' + i18nKey)` and falls back to this. */
  header: string;
  i18nKey: string;
  icon: string | null;
  /** '' or 'hidden' (hidden from the menu, still allowed). */
  auth: string;
  /** 1 shown, 0 hidden. */
  status: number;
  children: MenuNode[];
}

/** A department the user belongs to (id, title as SPEC §3 names them). */
export interface DepartmentRef {
  id: number;
  title: string;
}

/** Answer of /api/Index/getDepartments (SPEC §3 "Department list for the user"). */
export interface DepartmentsInfo {
  current: DepartmentRef | null;
  departments_other: DepartmentRef[];
  /** Unit administrator flag. */
  isdwgly: boolean;
  /** Disk-usage percent of DATA_DIR's file system (0–100). */
  concurrent: number;
}

/** An opened tab, persisted per user (SPEC §2.4). */
export interface OpenedTab {
  /** Full location: pathname + search. */
  path: string;
  /** Route key (title `route:<key>`). */
  key: string;
  /** Optional title suffix, e.g. a record name. */
  title?: string;
}

/** User info of SPEC §3, answered by /api/Person/userInfo and inside the login answer. */
export interface UserInfo {
  id: number;
  uuid: string;
  /** User name (login account). */
  name: string;
  realname: string;
  /** Current department name. */
  dept: string;
  dept_id: number | null;
  avatar: string;
  mobile: string | null;
  email: string | null;
  gender: number;
  /** Layout setting as a JSON string (SPEC §3). */
  layout: string;
  is_admin: boolean;
  /** Unit administrator flag. */
  isdwgly: boolean;
  /** 涉密等级 0–3. */
  clearance: number;
  /** Print parameters (set by websocket message type 3, SPEC §4). */
  document_print: Record<string, unknown> | null;
  menu: MenuNode[];
  /** Personal menu. */
  menu_my: MenuNode[];
  /** Permission codes. */
  access: string[];
  /** Permission codes per menu path. */
  menuaction: Record<string, string[]>;
  /** Role codes. */
  roles: string[];
  /** Positions in the current department. */
  positions: string[];
  tabs: OpenedTab[];
  /** Per-list column settings (saveListSetting), by list key. */
  list_settings: Record<string, unknown>;
  /** Days until the password expires (negative when expired). */
  password_expires_in_days: number;
  /** Attachment id of the handwritten signature image (Person/saveSignature), or null. */
  signature?: string | null;
  locale?: Locale;
  /** The organisation's IANA time zone (setting `time.zone`): every date and time is shown in it, never the browser's. */
  time_zone?: string;
}

/** Answer of the login calls (SPEC §3 "Login response"). */
export interface LoginResult {
  uuid: string;
  token: string;
  info: UserInfo;
  /** True for an SSO login whose cookies the client must not set (SPEC §4). */
  islogin: boolean;
}
