/**
 * How the bell learns about new reminders (SPEC §4 "Reminders"), free of React and of the browser so that
 * it can be tested with fake sockets and timers:
 *
 * - with a websocket URL: open it, announce the user id on open (`{type: 'login', uid}`), send a keepalive
 *   (`{type: 'ping'}`) every 50 s; a push of type 1, or type 2 when the platform is pc, refreshes the
 *   reminders; type 3 hands its print parameters to `onPrint`; the server's `bound` acknowledgement asks for a
 *   catch-up (`catchUp`, else `refresh`). When the socket closes (or cannot open),
 *   fall back to polling and try the socket again after 5 s; once it is open again polling stops.
 * - without one: poll `newMsg` with the last id at the rate the server answers (default 5000 ms) and
 *   refresh when it says `has_new`.
 */
import { DEFAULT_POLL_RATE_MS, WEBSOCKET_KEEPALIVE_MS, WEBSOCKET_RECONNECT_MS } from '@shared/constants';

/** This client's platform (SPEC §4: type 2 refreshes on pc). */
export const PLATFORM = 'pc';

/** The part of a browser WebSocket the channel uses. */
export interface SocketLike {
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

/** Answer of Msg/newMsg as far as the channel needs it. */
export interface PollAnswer {
  has_new: boolean;
  rate?: number;
  last_id?: number;
}

/** Timers (window's by default; fake ones in tests). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

export interface ChannelDeps {
  userId: number;
  /** Websocket URL, or null when no websocket is available (polling only). */
  socketUrl: string | null;
  /** Opens a socket; null or a throw when the browser cannot. */
  createSocket?: (url: string) => SocketLike | null;
  /** Msg/newMsg with the last id. */
  poll(lastId: number): Promise<PollAnswer>;
  /** The newest message id the bell knows. */
  lastId(): number;
  /** Reloads the reminders (Msg/list). */
  refresh(): void;
  /** The socket is bound: catch up on what may have come before (default: `refresh`). */
  catchUp?(): void;
  /** Type 3: print parameters for the user info. */
  onPrint?(data: unknown): void;
  platform?: string;
  timers?: Timers;
}

const windowTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
};

/** What a push asks for: refresh, print parameters, a catch-up (the socket is bound), or nothing. */
export function pushAction(data: unknown, platform: string = PLATFORM): { kind: 'refresh' } | { kind: 'catchUp' } | { kind: 'print'; data: unknown } | null {
  let parsed: unknown;
  try {
    parsed = typeof data === 'string' ? JSON.parse(data) : data;
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const m = parsed as { type?: unknown; data?: unknown };
  const type = Number(m.type);
  if (type === 1 || (type === 2 && platform === 'pc')) return { kind: 'refresh' };
  if (type === 3) return { kind: 'print', data: m.data };
  // The server's acknowledgement of the announcement: catch up on what came while disconnected.
  if (m.type === 'bound') return { kind: 'catchUp' };
  return null;
}

/** One user's reminder channel; `start()` once, `stop()` on sign-out or unmount. */
export class ReminderChannel {
  private readonly timers: Timers;
  private socket: SocketLike | null = null;
  private keepalive: unknown = null;
  private reconnect: unknown = null;
  private pollTimer: unknown = null;
  private polling = false;
  private stopped = false;
  /** The poll delay the server asked for last. */
  rate = DEFAULT_POLL_RATE_MS;

  constructor(private readonly deps: ChannelDeps) {
    this.timers = deps.timers ?? windowTimers;
  }

  /** 'socket' while a socket is open, 'polling' while polling, 'idle' otherwise. */
  get mode(): 'socket' | 'polling' | 'idle' {
    if (this.polling) return 'polling';
    return this.socket ? 'socket' : 'idle';
  }

  start(): void {
    this.stopped = false;
    if (this.deps.socketUrl && this.deps.createSocket) this.connect();
    else this.startPolling();
  }

  stop(): void {
    this.stopped = true;
    this.stopPolling();
    if (this.reconnect != null) this.timers.clearTimeout(this.reconnect);
    this.reconnect = null;
    this.clearKeepalive();
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = null;
      s.onmessage = null;
      s.onerror = null;
      try {
        s.close();
      } catch {
        /* already closed */
      }
    }
  }

  private connect(): void {
    if (this.stopped) return;
    let s: SocketLike | null = null;
    try {
      s = this.deps.createSocket!(this.deps.socketUrl!);
    } catch {
      s = null;
    }
    if (!s) {
      this.fallBack();
      return;
    }
    this.socket = s;
    let opened = false;
    s.onopen = () => {
      opened = true;
      s.send(JSON.stringify({ type: 'login', uid: this.deps.userId }));
      this.stopPolling();
      this.clearKeepalive();
      this.keepalive = this.timers.setInterval(() => {
        try {
          s.send(JSON.stringify({ type: 'ping' }));
        } catch {
          /* closing */
        }
      }, WEBSOCKET_KEEPALIVE_MS);
    };
    s.onmessage = (ev) => {
      const a = pushAction(ev.data, this.deps.platform ?? PLATFORM);
      if (a?.kind === 'refresh') this.deps.refresh();
      else if (a?.kind === 'catchUp') (this.deps.catchUp ?? this.deps.refresh)();
      else if (a?.kind === 'print') this.deps.onPrint?.(a.data);
    };
    s.onerror = () => {
      // A socket that never opened may not report close in every browser: treat the error as one.
      if (!opened && this.socket === s) this.onClosed(s);
    };
    s.onclose = () => this.onClosed(s);
  }

  private onClosed(s: SocketLike): void {
    if (this.socket !== s) return;
    s.onclose = null;
    s.onerror = null;
    s.onmessage = null;
    this.socket = null;
    this.clearKeepalive();
    this.fallBack();
  }

  /** Poll meanwhile; try the socket again after 5 s. */
  private fallBack(): void {
    if (this.stopped) return;
    this.startPolling();
    if (this.reconnect != null) return;
    this.reconnect = this.timers.setTimeout(() => {
      this.reconnect = null;
      this.connect();
    }, WEBSOCKET_RECONNECT_MS);
  }

  private clearKeepalive(): void {
    if (this.keepalive != null) this.timers.clearInterval(this.keepalive);
    this.keepalive = null;
  }

  private startPolling(): void {
    if (this.polling || this.stopped) return;
    this.polling = true;
    this.schedulePoll();
  }

  private stopPolling(): void {
    this.polling = false;
    if (this.pollTimer != null) this.timers.clearTimeout(this.pollTimer);
    this.pollTimer = null;
  }

  private schedulePoll(): void {
    if (!this.polling) return;
    this.pollTimer = this.timers.setTimeout(() => {
      this.pollTimer = null;
      void this.pollOnce();
    }, this.rate);
  }

  private async pollOnce(): Promise<void> {
    if (!this.polling) return;
    try {
      const a = await this.deps.poll(this.deps.lastId());
      if (Number(a.rate) > 0) this.rate = Number(a.rate);
      if (a.has_new && this.polling) this.deps.refresh();
    } catch {
      /* shown by the http layer when it matters (-99); keep polling */
    }
    this.schedulePoll();
  }
}
