/**
 * Starts the reminders of a signed-in user (SPEC §4 "Reminders"): loads the unread list, asks the server
 * where its websocket is (Msg/socket) and runs the reminder channel — the websocket when the server and
 * the browser offer one, else polling Msg/newMsg. Answers the stop function (sign-out, unmount), which
 * also empties the bell.
 */
import { appStore } from '../../stores/store';
import { clearReminders, loadReminders, msgApi, noticesAtom, setPrintParameters } from '../../stores/notices';
import { basePath } from '../../utils/basePath';
import { ReminderChannel, type SocketLike } from './reminderChannel';

/** The ws:// or wss:// URL of a server path below the base path (e.g. 'api/Msg/socket'). */
export function socketUrlOf(path: string, loc: { protocol: string; host: string } = window.location, base: string = basePath()): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}${base}${path.replace(/^\/+/, '')}`;
}

/** A refresh that never runs twice at once: a request made while loading runs once more afterwards. */
export function singleFlight(load: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void load()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return run;
}

/** Longest wait for the socket's acknowledgement before the bell loads its list anyway, ms. */
export const FIRST_LOAD_WAIT_MS = 3000;

export function startReminders(userId: number): () => void {
  let stopped = false;
  let channel: ReminderChannel | null = null;
  const load = singleFlight(loadReminders);
  let loaded = false;
  const refresh = () => {
    loaded = true;
    load();
  };
  let safety: ReturnType<typeof setTimeout> | undefined;
  void msgApi
    .socket()
    .then((info) => (info.enabled && typeof WebSocket !== 'undefined' ? socketUrlOf(info.path) : null))
    .catch(() => null)
    .then((socketUrl) => {
      if (stopped) return;
      // One Msg/list per page load: with a socket, the list is loaded when the server acknowledges the binding
      // (nothing can be missed between the two); without one, or when no acknowledgement comes, at once.
      if (!socketUrl) refresh();
      else safety = setTimeout(() => !loaded && !stopped && refresh(), FIRST_LOAD_WAIT_MS);
      channel = new ReminderChannel({
        userId,
        socketUrl,
        createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
        poll: (lastId) => msgApi.newMsg(lastId),
        lastId: () => appStore.get(noticesAtom).lastId,
        refresh,
        onPrint: setPrintParameters,
      });
      channel.start();
    });
  return () => {
    stopped = true;
    clearTimeout(safety);
    channel?.stop();
    clearReminders();
  };
}
