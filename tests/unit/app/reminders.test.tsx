/**
 * Reminders in the browser (SPEC §4 "Reminders"): the channel announces the user on open, keeps the socket
 * alive every 50 s, refreshes on type 1 (and type 2 on pc), hands type 3 print parameters on, falls back to
 * polling on close and reconnects after 5 s; without a socket it polls with last_id at the server's rate.
 * The bell loads the unread list at once (one Msg/list per page load, not waiting for the socket; once the socket
 * is bound one Msg/newMsg tells whether anything came in between). The bell's own list is ./bell.test.tsx.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import '@app/i18n';
import './shellHost';
import { pushAction, ReminderChannel, type PollAnswer, type SocketLike } from '@app/components/header/reminderChannel';
import { singleFlight, socketUrlOf, startReminders } from '@app/components/header/startReminders';

const posts: Array<{ url: string; data: any }> = [];
let answers: Record<string, (data: any) => unknown> = {};
vi.mock('@app/services/http', () => ({
  post: vi.fn(async (url: string, data: any = {}) => {
    posts.push({ url, data });
    const a = answers[url];
    if (!a) throw new Error(`unexpected call ${url}`);
    return a(data);
  }),
}));

class FakeSocket implements SocketLike {
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  sent: any[] = [];
  closed = false;
  constructor(public url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.({});
  }
  push(m: unknown) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
  drop() {
    this.onclose?.({});
  }
}

function setup(opts: { socketUrl?: string | null; platform?: string; pollAnswer?: () => PollAnswer; createThrows?: boolean } = {}) {
  const sockets: FakeSocket[] = [];
  const polls: number[] = [];
  const refresh = vi.fn();
  const onPrint = vi.fn();
  let lastId = 7;
  const ch = new ReminderChannel({
    userId: 42,
    socketUrl: opts.socketUrl === undefined ? 'ws://h/api/Msg/socket' : opts.socketUrl,
    createSocket: (url) => {
      if (opts.createThrows) throw new Error('no websocket');
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    poll: async (id) => {
      polls.push(id);
      return opts.pollAnswer ? opts.pollAnswer() : { has_new: false, rate: 5000, last_id: id };
    },
    lastId: () => lastId,
    refresh,
    onPrint,
    platform: opts.platform,
  });
  return { ch, sockets, polls, refresh, onPrint, setLast: (n: number) => (lastId = n) };
}

describe('reminder channel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announces the user on open and sends a keepalive every 50 s', async () => {
    const { ch, sockets, polls } = setup();
    ch.start();
    expect(sockets).toHaveLength(1);
    expect(sockets[0].url).toBe('ws://h/api/Msg/socket');
    sockets[0].open();
    expect(sockets[0].sent).toEqual([{ type: 'login', uid: 42 }]);
    await vi.advanceTimersByTimeAsync(49_999);
    expect(sockets[0].sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets[0].sent[1]).toEqual({ type: 'ping' });
    await vi.advanceTimersByTimeAsync(50_000);
    expect(sockets[0].sent).toHaveLength(3);
    expect(polls).toEqual([]);
    expect(ch.mode).toBe('socket');
    ch.stop();
  });

  it('refreshes on type 1, on type 2 only on pc, and passes type 3 print parameters', () => {
    const pc = setup();
    pc.ch.start();
    pc.sockets[0].open();
    pc.sockets[0].push({ type: 1 });
    pc.sockets[0].push({ type: 2 });
    pc.sockets[0].push({ type: 'pong' });
    expect(pc.refresh).toHaveBeenCalledTimes(2);
    pc.sockets[0].push({ type: 3, data: { printer: 'A4' } });
    expect(pc.onPrint).toHaveBeenCalledWith({ printer: 'A4' });
    pc.ch.stop();

    const mobile = setup({ platform: 'mobile' });
    mobile.ch.start();
    mobile.sockets[0].open();
    mobile.sockets[0].push({ type: 2 });
    expect(mobile.refresh).not.toHaveBeenCalled();
    mobile.sockets[0].push({ type: 1 });
    expect(mobile.refresh).toHaveBeenCalledTimes(1);
    mobile.ch.stop();
  });

  it('falls back to polling on close, reconnects after 5 s and stops polling once open again', async () => {
    const { ch, sockets, polls, setLast } = setup();
    ch.start();
    sockets[0].open();
    sockets[0].drop();
    expect(ch.mode).toBe('polling');
    setLast(11);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    // Both 5 s timers are due: the poll with the last id and the reconnection.
    expect(polls).toEqual([11]);
    expect(sockets).toHaveLength(2);
    // The reconnection fails too: keep polling, try again after 5 s.
    sockets[1].drop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(polls).toEqual([11, 11]);
    expect(sockets).toHaveLength(3);
    sockets[2].open();
    expect(ch.mode).toBe('socket');
    expect(sockets[2].sent[0]).toEqual({ type: 'login', uid: 42 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(polls).toEqual([11, 11]);
    ch.stop();
  });

  it('polls without a socket at the rate the server gives, refreshing on has_new', async () => {
    let n = 0;
    const { ch, sockets, polls, refresh } = setup({ socketUrl: null, pollAnswer: () => ({ has_new: ++n === 2, rate: 8000 }) });
    ch.start();
    expect(sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(polls).toHaveLength(1);
    expect(ch.rate).toBe(8000);
    await vi.advanceTimersByTimeAsync(7_999);
    expect(polls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls).toHaveLength(2);
    expect(refresh).toHaveBeenCalledTimes(1);
    ch.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(polls).toHaveLength(2);
    expect(ch.mode).toBe('idle');
  });

  it('polls when the browser cannot open a socket, and keeps trying it', async () => {
    const { ch, polls } = setup({ createThrows: true });
    ch.start();
    expect(ch.mode).toBe('polling');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(polls).toHaveLength(1);
    ch.stop();
  });

  it('stop closes the socket and cancels the reconnection', async () => {
    const { ch, sockets } = setup();
    ch.start();
    sockets[0].drop();
    ch.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sockets).toHaveLength(1);
  });
});

describe('reminder helpers', () => {
  it('reads pushes', () => {
    expect(pushAction('{"type":1}')).toEqual({ kind: 'refresh' });
    expect(pushAction('{"type":2}', 'mobile')).toBeNull();
    expect(pushAction('{"type":3,"data":{"a":1}}')).toEqual({ kind: 'print', data: { a: 1 } });
    expect(pushAction('{"type":"bound","uid":1}')).toEqual({ kind: 'catchUp' });
    expect(pushAction('not json')).toBeNull();
  });

  it('builds the socket URL under the base path', () => {
    expect(socketUrlOf('api/Msg/socket', { protocol: 'https:', host: 'oa.gov.cn' }, '/zwoa/')).toBe('wss://oa.gov.cn/zwoa/api/Msg/socket');
    expect(socketUrlOf('/api/Msg/socket', { protocol: 'http:', host: '127.0.0.1:8080' }, '/')).toBe('ws://127.0.0.1:8080/api/Msg/socket');
  });

  it('never refreshes twice at once', async () => {
    let resolve!: () => void;
    const load = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    const run = singleFlight(load);
    run();
    run();
    run();
    expect(load).toHaveBeenCalledTimes(1);
    resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(load).toHaveBeenCalledTimes(2);
    resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('starting the reminders', () => {
  const sockets: FakeSocket[] = [];
  let socketAnswer: (v: unknown) => void = () => undefined;
  beforeEach(() => {
    sockets.length = 0;
    posts.length = 0;
    vi.stubGlobal(
      'WebSocket',
      class extends FakeSocket {
        constructor(url: string) {
          super(url);
          sockets.push(this);
        }
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  async function started(hasNew: boolean) {
    const { appStore } = await import('@app/stores/store');
    const { noticesAtom } = await import('@app/stores/notices');
    answers = {
      'Msg/list': () => ({ list: [], total: 0, unread: 4, last_id: 9, current: 1, pageSize: 10 }),
      // the socket's address comes late: the bell does not wait for it
      'Msg/socket': () => new Promise((r) => (socketAnswer = r)),
      'Msg/newMsg': (d: { last_id: number }) => ({ has_new: hasNew, rate: 5000, last_id: d.last_id + (hasNew ? 1 : 0), unread: 5, list: [] }),
    };
    const stop = startReminders(5);
    await waitFor(() => expect(appStore.get(noticesAtom).unread).toBe(4));
    expect(posts.map((p) => p.url)).toEqual(['Msg/list', 'Msg/socket']);
    socketAnswer({ enabled: true, path: 'api/Msg/socket', uid: 5, keepalive: 50000, reconnect: 5000 });
    await waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0].open();
    sockets[0].push({ type: 'bound', uid: 5 });
    await waitFor(() => expect(posts.filter((p) => p.url === 'Msg/newMsg').map((p) => p.data)).toEqual([{ last_id: 9 }]));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    return stop;
  }

  it('loads the bell at once, before the socket is up, and once only when nothing came before it was bound', async () => {
    const stop = await started(false);
    expect(posts.filter((p) => p.url === 'Msg/list')).toHaveLength(1);
    stop();
  });

  it('loads the list again when a reminder came before the socket was bound', async () => {
    const stop = await started(true);
    expect(posts.filter((p) => p.url === 'Msg/list')).toHaveLength(2);
    stop();
  });
});
