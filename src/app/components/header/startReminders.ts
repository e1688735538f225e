/**
 * Starts the reminders of a signed-in user (SPEC §4 "Reminders"): loads the unread list at once (one Msg/list per
 * page load, not waiting for the socket), asks the server where its websocket is (Msg/socket) and runs the
 * reminder channel — the websocket when the server and the browser offer one, else polling Msg/newMsg. When the
 * socket is bound, one Msg/newMsg after the first list tells whether anything came in between (then the list is
 * loaded again). Answers the stop function (sign-out, unmount), which also empties the bell.
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

export function startReminders(userId: number): () => void {
  let stopped = false;
  let channel: ReminderChannel | null = null;
  const refresh = singleFlight(loadReminders);
  // the bell's first list, without waiting for the socket
  const first = loadReminders().catch(() => undefined);
  // once bound: whatever arrived after the first list (or while the socket was away) by one newMsg, not a new list
  const catchUp = () =>
    void first
      .then(() => msgApi.newMsg(appStore.get(noticesAtom).lastId))
      .then((a) => {
        if (a.has_new && !stopped) refresh();
      })
      .catch(() => undefined);
  void msgApi
    .socket()
    .then((info) => (info.enabled && typeof WebSocket !== 'undefined' ? socketUrlOf(info.path) : null))
    .catch(() => null)
    .then((socketUrl) => {
      if (stopped) return;
      channel = new ReminderChannel({
        userId,
        socketUrl,
        createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
        poll: (lastId) => msgApi.newMsg(lastId),
        lastId: () => appStore.get(noticesAtom).lastId,
        refresh,
        catchUp,
        onPrint: setPrintParameters,
      });
      channel.start();
    });
  return () => {
    stopped = true;
    channel?.stop();
    clearReminders();
  };
}
