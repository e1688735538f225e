/**
 * Business constants and limits of SPEC §9, shared by the server and the browser.
 * Durations are in milliseconds unless the name says otherwise.
 */
export const REQUEST_TIMEOUT_MS = 50_000;
export const ERROR_TOAST_SECONDS = 3;
export const SESSION_EXPIRED_REDIRECT_MS = 1_500;
export const DEPARTMENT_SWITCH_RELOAD_MS = 1_000;
/** Session and cookie lifetime: 1 day (SPEC §3 Session, §9). */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const COOKIE_PREFIX = 'admin-';
export const TOKEN_COOKIE = `${COOKIE_PREFIX}token`;
export const UUID_COOKIE = `${COOKIE_PREFIX}uuid`;
/** Cookie set once a -99 has been shown, so the message appears once per session (SPEC §8). */
export const LOGOUT_MARK_COOKIE = `${COOKIE_PREFIX}logout-mark`;
export const CAPTCHA_COUNTDOWN_SECONDS = 60;
export const PASSWORD_MIN_LENGTH = 8;
export const MOBILE_PATTERN = /^1\d{10}$/;
/** A pragmatic e-mail check: one @, a dot in the domain, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const WEBSOCKET_KEEPALIVE_MS = 50_000;
export const WEBSOCKET_RECONNECT_MS = 5_000;
export const DEFAULT_POLL_RATE_MS = 5_000;
export const HEADER_HIDE_THRESHOLD_PX = 300;
export const SIDE_MENU_WIDTH = 210;
export const SIDE_MENU_COLLAPSED_WIDTH = 80;
export const TAB_LABEL_MAX_WIDTH = 200;
export const MAIN_MENU_COLOUR_CLASSES = 6;
/** The top menu slides in two steps once it holds this many top-level items. */
export const TOP_MENU_SLIDE_THRESHOLD = 16;
export const TOP_MENU_SLIDE_STEPS = 2;
export const RESIZE_THROTTLE_MS = 100;
export const DEBOUNCE_MS = 1_000;
export const BADGE_OVERFLOW = 99;
export const LAYOUT_STYLES = [1, 2, 3, 4, 5, 6] as const;
export const MOBILE_MAX_WIDTH = 600;
export const TABLET_MAX_WIDTH = 992;
export const DEFAULT_DEPARTMENT_ID = 999_999_999;
export const DEFAULT_LIST_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 20;
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PRODUCTION_BASE_PATH = '/zwoa/';
/** Initial document list types (SPEC §9). */
export const DOCUMENT_LIST_TYPES = ['all_db', 'all_yb', 'yf', 'qb_sw', 'dq'] as const;

/** Security settings / DESIGN §7. */
export const SM2_CIPHER_MAX_AGE_MS = 5 * 60 * 1000;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LOCK_AFTER_FAILURES = 5;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
export const LOGIN_CAPTCHA_AFTER_FAILURES = 3;
export const CAPTCHA_LIFETIME_MS = 5 * 60 * 1000;
export const SMS_CODE_LIFETIME_MS = 5 * 60 * 1000;
export const SMS_RESEND_INTERVAL_MS = 60 * 1000;
export const DEFAULT_PASSWORD_MAX_AGE_DAYS = 90;

/** Menu layouts of SPEC §3 "Layout setting"; the default is the left sidebar (SPEC §4). */
export const MENU_LAYOUTS = ['mix', 'mix2', 'top', 'left'] as const;
export type MenuLayout = (typeof MENU_LAYOUTS)[number];

/** Layout setting of SPEC §3, stored per user as a JSON string. */
export interface LayoutSetting {
  menuSetting: MenuLayout;
  menubgcolor: string;
  menubgimg: string;
  topbgcolor: string;
  topfontcolor: string;
  menufontcolor: string;
  menunum: number;
  bodybgcolor: string;
  bodybgimg: string;
  setlayoutStyle: (typeof LAYOUT_STYLES)[number];
  /** Tabs on (SPEC §4 defaults). */
  tabs: boolean;
  fixedHeader: boolean;
  fixedSider: boolean;
  /** Hide the header on scroll down past 300 px. */
  hideHeaderOnScroll: boolean;
  /** Ask before logging out (on by default, SPEC §4). */
  logoutConfirm: boolean;
  collapsed: boolean;
}

export const DEFAULT_LAYOUT: LayoutSetting = {
  menuSetting: 'left',
  menubgcolor: '#001529',
  menubgimg: '',
  topbgcolor: '#ffffff',
  topfontcolor: '#1f1f1f',
  menufontcolor: '#ffffffa6',
  menunum: 8,
  bodybgcolor: '#f0f2f5',
  bodybgimg: '',
  setlayoutStyle: 1,
  tabs: true,
  fixedHeader: true,
  fixedSider: true,
  hideHeaderOnScroll: false,
  logoutConfirm: true,
  collapsed: false,
};

/**
 * Password strength as SPEC §5 defines it: at least 8 characters with an upper-case letter,
 * a lower-case letter and a digit. Computed by the client and recomputed by the server.
 */
export function isStrongPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /[A-Z]/.test(password) && /[a-z]/.test(password) && /\d/.test(password);
}
