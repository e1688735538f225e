/**
 * The reminder websocket (SPEC §4 "Reminders"): `GET <base>api/Msg/socket`, upgraded.
 *
 * Protocol (JSON texts):
 * - client → `{"type":"login","uid":<user id>}` right after open (optionally with `token` and `uuid` when
 *   the socket lives on another host and carries no cookies). The announced id is only accepted when it
 *   is the user of a live session: the `admin-token` / `admin-uuid` cookies (or X-Token / X-uuid headers)
 *   of the upgrade request, else the token and uuid of the announcement. Otherwise the server answers
 *   `{"type":"error","code":-99,"msg":…}` and closes with 4001. Without an announcement within 10 s the
 *   socket is closed (4000).
 * - server → `{"type":"bound","uid":…}` once accepted; then pushes `{"type":1}` (refresh the reminders),
 *   `{"type":2}` (refresh on pc) or `{"type":3,"data":{…}}` (print parameters), see services/messageBus.ts.
 * - client → `{"type":"ping"}` every 50 s (keepalive); the server checks the session is still live and
 *   answers `{"type":"pong"}`, or closes with 4001 when it is not. A socket silent for 110 s is closed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { Code } from '../../../shared/codes.js';
import { WEBSOCKET_KEEPALIVE_MS } from '../../../shared/constants.js';
import type { AuthUser } from '../../lib/context.js';
import { credentialsOf } from '../../plugins/auth.js';
import { findSession } from '../../services/session.js';
import { busOf } from '../../services/messageBus.js';

/** Path of the websocket below `<base>`. */
export const SOCKET_PATH = 'api/Msg/socket';

/** Close codes: no announcement in time; refused (no live session for the announced id). */
export const CLOSE_NO_ANNOUNCE = 4000;
export const CLOSE_REFUSED = 4001;

/** How long a new socket may stay without announcing its user. */
export const ANNOUNCE_TIMEOUT_MS = 10_000;
/** A socket that sends nothing (not even keepalives) this long is closed. */
export const IDLE_TIMEOUT_MS = WEBSOCKET_KEEPALIVE_MS * 2 + 10_000;

/** Largest client message (announcements and keepalives are tiny). */
const MAX_PAYLOAD = 4096;

interface ClientMessage {
  type?: unknown;
  uid?: unknown;
  user_id?: unknown;
  token?: unknown;
  uuid?: unknown;
}

function parse(data: unknown): ClientMessage | null {
  const text = String(data);
  if (text === 'ping') return { type: 'ping' };
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as ClientMessage) : null;
  } catch {
    return null;
  }
}

/** Registers @fastify/websocket (unless the app already has it) and the socket route. */
export async function registerSocket(app: FastifyInstance): Promise<void> {
  if (!app.hasDecorator('websocketServer')) await app.register(websocket, { options: { maxPayload: MAX_PAYLOAD } });
  const bus = busOf(app.ctx);
  bus.log = app.log;
  // With REDIS_URL, pushes published by other processes reach the sockets of this one.
  app.addHook('onReady', async () => {
    try {
      await bus.subscribe();
    } catch (err) {
      app.log.warn({ err }, 'reminder subscription failed: reminders stay within this process');
    }
  });
  app.addHook('onClose', async () => bus.close());

  app.get(`/${SOCKET_PATH}`, { websocket: true }, (socket: WebSocket, req: FastifyRequest) => {
    const db = req.server.ctx.db;
    const cookieCreds = credentialsOf(req);
    let creds: { token: string; uuid: string } | null = cookieCreds.token && cookieCreds.uuid ? { token: cookieCreds.token, uuid: cookieCreds.uuid } : null;
    let user: AuthUser | null = null;
    // Messages are handled one after the other (an announcement and a keepalive may arrive together).
    let chain: Promise<void> = Promise.resolve();

    const send = (m: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
    };
    const refuse = () => {
      send({ type: 'error', code: Code.SESSION_EXPIRED, msg: req.t('error.sessionExpired') });
      socket.close(CLOSE_REFUSED, 'refused');
    };
    const announceTimer = setTimeout(() => {
      if (!user) socket.close(CLOSE_NO_ANNOUNCE, 'no announcement');
    }, ANNOUNCE_TIMEOUT_MS);
    let idleTimer = setTimeout(() => socket.close(), IDLE_TIMEOUT_MS);

    const live = async (): Promise<AuthUser | null> => (creds ? findSession(db, creds.token, creds.uuid) : null);

    socket.on('message', (data) => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => socket.close(), IDLE_TIMEOUT_MS);
      const msg = parse(data);
      if (!msg) return;
      chain = chain.then(async () => {
        try {
          if (msg.type === 'login' || msg.type === 'bind') {
            if (user) return;
            const uid = Number(msg.uid ?? msg.user_id);
            if (!creds && typeof msg.token === 'string' && typeof msg.uuid === 'string') creds = { token: msg.token, uuid: msg.uuid };
            const found = await live();
            if (!found || !Number.isInteger(uid) || found.userId !== uid) return refuse();
            user = found;
            clearTimeout(announceTimer);
            bus.add(uid, socket);
            send({ type: 'bound', uid });
          } else if (msg.type === 'ping') {
            if (user && !(await live())) return refuse();
            send({ type: 'pong' });
          }
        } catch (err) {
          req.log.warn({ err }, 'websocket message failed');
        }
      });
    });

    socket.on('close', () => {
      clearTimeout(announceTimer);
      clearTimeout(idleTimer);
      if (user) bus.remove(user.userId, socket);
    });
  });
}
