/**
 * The engine host: everything the engine, the designer and the widgets need from the application that embeds
 * them — calls, files, feedback, navigation, identity, reminders, badges and the locale — as one injected object
 * (react-admin's dataProvider / authProvider / useNotify are the model). The shell (src/app) provides it once at
 * start with `provideHost`; engine/, designer/ and widgets/ reach the shell only through `host()` and never
 * import src/app, so that they stay generic and testable with a host of their own (tests/unit).
 *
 * Pure TypeScript: no React and no shell import here; the hooks of the interface are implemented by the shell.
 */
import type { i18n as I18n } from 'i18next';
import type { UserInfo } from '../src/shared/types';

/** Options of one call (see `EngineHost.call`). */
export interface HostCallOptions {
  /** Resolve with the whole envelope `{code, msg, data}` whatever the code (except -99, which signs out). */
  raw?: boolean;
  /** Do not toast a refusal (code -1 or another non-zero code): the caller shows its own message. */
  silent?: boolean;
  /** Timeout override in milliseconds (default: SPEC §9 request timeout). */
  timeout?: number;
}

/** A file answered by the server: its bytes and the file name of its Content-Disposition. */
export interface HostFile {
  blob: Blob;
  filename: string;
}

/** The last reminders of the header bell, as far as pages follow them (a page reloads when `lastId` grows). */
export interface HostReminders {
  unread: number;
  lastId: number;
}

/** What the shell gives the engine. Every member is required; a test host may implement them with stubs of its own. */
export interface EngineHost {
  /**
   * POSTs `body` to `/api/<api>` (SPEC §7, e.g. `flow/todo`) and resolves with the envelope's `data`.
   * A refusal (code ≠ 0) is toasted (unless `silent`) and rejects with an error whose message is the server's;
   * -99 signs out (SPEC §8).
   */
  call<T = unknown>(api: string, body?: object, opts?: HostCallOptions): Promise<T>;
  /** POSTs `body` and resolves with the binary answer (exports, attachments); an envelope answer rejects like `call`. */
  download(api: string, body?: object): Promise<HostFile>;
  /** POSTs a multipart form (uploads, imports: field `file` plus text fields) and resolves with `data`. */
  upload<T = unknown>(api: string, form: FormData, opts?: HostCallOptions): Promise<T>;
  /** Saves a downloaded file through the browser. */
  saveFile(file: HostFile): void;
  /** Short messages (SPEC §9 durations): success, info, warning, error. */
  notify: {
    success(text: string): void;
    info(text: string): void;
    warning(text: string): void;
    error(text: string): void;
  };
  /** Navigates this tab to an app path (`/affair/dbsw`, base path excluded). */
  navigate(to: string, opts?: { replace?: boolean }): void;
  /** The current app location (base path excluded). */
  location(): { pathname: string; search: string };
  /**
   * Opens a record's page (`/affair/show-audit/7`): a new browser tab when coming from a list page and the
   * route opens in one, the same tab otherwise (SPEC §2.2). `from`: the path deciding it (default: current).
   */
  openRecord(path: string, from?: string): void;
  /** React hook answering `openRecord` bound to the component's location. */
  useOpenRecord(): (path: string) => void;
  /**
   * For a record whose path is known only after a call: reserves its browser tab now (while the click's user
   * activation lasts) and answers a function that sends the tab to the path, or closes it when given null.
   */
  reserveRecordTab(samplePath: string): (path: string | null) => void;
  /** The absolute href of an app path (base path included), for links and `window.open`. */
  href(path: string): string;
  /** React hook: the signed-in user (null before sign-in). */
  useIdentity(): UserInfo | null;
  /** React hook: a setter that replaces the signed-in user's info in the shell (after the user saved a preference). */
  useSetIdentity(): (next: UserInfo) => void;
  /** React hook: the header bell's reminders. */
  useReminders(): HostReminders;
  /** Reloads the menu badges (SPEC §3) after an action changed the counts. */
  refreshBadges(): Promise<void>;
  /** The i18next instance of the app (language, texts of the shell's namespaces). */
  i18n: I18n;
  /** The session headers of the signed-in user, for URLs the browser fetches itself (previews, websockets). */
  session(): { token?: string; uuid?: string };
}

let current: EngineHost | null = null;

/** Installs the host (the shell calls it once at start; tests call it with their own). */
export function provideHost(next: EngineHost | null): void {
  current = next;
}

/**
 * The host the shell provided.
 * @throws Error when no host was provided (a test or an entry point forgot `provideHost`).
 */
export function host(): EngineHost {
  if (!current) throw new Error('engine host not provided: call provideHost() before rendering engine pages');
  return current;
}
