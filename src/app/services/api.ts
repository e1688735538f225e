/**
 * The calls of the shell (SPEC §7 "Login and account", "Department, home and messages"), all POST.
 */
import type { Envelope } from '@shared/codes';
import type { DepartmentsInfo, LoginResult, UserInfo } from '@shared/types';
import type { RouteTree } from '@shared/routeTree';
import { post, postRaw } from './http';

/** SMS code purposes of Login/getsmscode. */
export type SmsPurpose = 'login' | 'register' | 'repassword';

/** Payload of Login/index (SPEC §5: the password is SM2-encrypted, isStrongPassword computed client-side). */
export interface LoginPayload {
  username: string;
  password: string;
  isStrongPassword: 0 | 1;
  adminLogin: 0 | 1;
  captchaKey?: string;
  captcha?: string;
}

/** Registration payload of api/register (SPEC §3 "Account"). */
export interface RegisterPayload {
  mail: string;
  password: string;
  mobile: string;
  captcha: string;
  captchaKey: string;
  realname: string;
}

/** One search hit of home/search: a menu page (path, header, i18nKey, section) or a person (contact). */
export interface SearchHit {
  id?: number;
  path?: string;
  header?: string;
  i18nKey?: string;
  section?: string;
  title?: string;
  realname?: string;
  dept?: string;
  unit?: string;
  position?: string | null;
  mobile?: string | null;
  [k: string]: unknown;
}

export const api = {
  getPublicKey: () => post<{ publicKey: string }>('Login/getPublicKey'),
  captcha: () => post<{ captchaKey: string; image: string }>('Login/captcha', {}, { silent: true }),
  /** Whole envelope: -1 carries {needCaptcha}, -98 carries the LoginResult. */
  login: (p: LoginPayload) => postRaw<LoginResult & { needCaptcha?: boolean }>('Login/index', p),
  getSmsCode: (mobile: string, purpose: SmsPurpose) => post<{ countdown: number }>('Login/getsmscode', { mobile, purpose }),
  smsLogin: (mobile: string, sms_code: string) => postRaw<LoginResult>('Login/smsindex', { mobile, sms_code }),
  ssoLogin: (appid: string, secret: string, unionid: string) => postRaw<LoginResult>('Login/ssoindex', { appid, secret, unionid }),
  usso: (info: string) => postRaw<LoginResult>('Login/usso', { info }),
  getAppIds: () => post<{ list: Array<{ appid: string; name: string }> }>('Login/getappid'),
  rePassword: (mobile: string, sms_code: string, password: string) => post<unknown>('Login/repassword', { mobile, sms_code, password }),
  register: (p: RegisterPayload): Promise<Envelope<unknown>> => postRaw('api/register', p),
  logout: () => post<unknown>('Index/logout', {}, { silent: true }),
  getDepartments: () => post<DepartmentsInfo>('Index/getDepartments', {}, { silent: true }),
  changeDepartment: (department_id: number) => postRaw<unknown>('Index/changeCurrentDepartment', { department_id }),
  userInfo: () => post<UserInfo>('Person/userInfo'),
  /** The areas' route tree (sections, routes, titles in the UI language, pages) of the definitions the server runs. */
  routes: () => post<RouteTree>('menu/routes', {}, { silent: true }),
  saveUserInfo: (p: { realname: string; mobile: string; email: string; gender: number }) => postRaw<unknown>('Person/saveUserInfo', p),
  changePassword: (p: { oldPassword: string; newPassword: string; isStrongPassword: 0 | 1 }) => postRaw<unknown>('Person/changePassword', p),
  saveLayout: (layout: string) => postRaw<unknown>('Person/saveLayout', { layout }),
  saveTabs: (tabs: string) => post<unknown>('Person/saveTabs', { tabs }, { silent: true }),
  saveListSetting: (key: string, setting: unknown) => post<unknown>('Person/saveListSetting', { key, setting }),
  smsSetting: () => post<{ setting: Record<string, unknown> } | Record<string, unknown>>('Person/smsSetting'),
  saveSmsSetting: (setting: Record<string, unknown>) => postRaw<unknown>('Person/saveSmsSetting', { setting }),
  searchType: (keyword: string) => post<{ type: string }>('home/searchType', { keyword }),
  search: (type: string, keyword: string, current: number, pageSize: number) =>
    post<{ list: SearchHit[]; total: number }>('home/search', { type, keyword, current, pageSize }),
  cleanCache: () => postRaw<{ concurrent?: number }>('home/cleancache'),
};
