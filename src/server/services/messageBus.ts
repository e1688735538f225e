/**
 * The reminder bus (SPEC §4 "Reminders", DESIGN §2 scale-out): pushes a websocket message to the open
 * sockets of some users — those connected to this process directly, and, with REDIS_URL, those
 * connected to any other process through Redis pub/sub on `<REDIS_PREFIX>msg:push`.
 *
 * A push is a JSON text `{type, data?}` (SPEC §4): 1 refreshes the reminders, 2 refreshes them on the pc
 * platform, 3 carries print parameters (`data`) for the user info.
 *
 * One bus per application (keyed by its `app.ctx`), so two apps in one process (tests) behave like two
 * processes: each reaches the other only through Redis.
 */
import type { ServerContext } from '../lib/context.js';
import { newUuid } from '../lib/clock.js';
import { subscriberOf } from './redisSubscriber.js';

/** A push of SPEC §4: type 1 refresh, 2 refresh on pc, 3 print parameters in `data`. */
export interface PushMessage {
  type: 1 | 2 | 3;
  data?: unknown;
}

/** What the bus needs of a websocket (a `ws` WebSocket satisfies it). */
export interface PushSocket {
  readonly readyState: number;
  send(data: string): void;
}

/** What travels over Redis. */
interface Envelope {
  origin: string;
  userIds: number[];
  message: PushMessage;
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

const OPEN = 1;

/** The open sockets of one application and its Redis subscription. */
export class MessageBus {
  /** Identifies this application on the Redis channel (its own publications are not delivered twice). */
  readonly origin = newUuid();
  private readonly sockets = new Map<number, Set<PushSocket>>();
  private subscribed = false;
  log: Logger = { warn: () => undefined };

  constructor(private readonly ctx: ServerContext) {}

  /** The Redis channel of pushes. */
  get channel(): string {
    return `${this.ctx.config.redisPrefix}msg:push`;
  }

  /** Registers an open socket of `userId`. */
  add(userId: number, socket: PushSocket): void {
    let set = this.sockets.get(userId);
    if (!set) this.sockets.set(userId, (set = new Set()));
    set.add(socket);
  }

  /** Forgets a socket (on close). */
  remove(userId: number, socket: PushSocket): void {
    const set = this.sockets.get(userId);
    if (!set) return;
    set.delete(socket);
    if (!set.size) this.sockets.delete(userId);
  }

  /** Open sockets of this process (of `userId` when given). */
  count(userId?: number): number {
    if (userId != null) return this.sockets.get(userId)?.size ?? 0;
    let n = 0;
    for (const s of this.sockets.values()) n += s.size;
    return n;
  }

  /** Sends `message` to the sockets of `userIds` connected to this process; answers how many got it. */
  deliver(userIds: number[], message: PushMessage): number {
    const text = JSON.stringify(message);
    let n = 0;
    for (const u of new Set(userIds)) {
      const set = this.sockets.get(u);
      if (!set) continue;
      for (const s of set) {
        if (s.readyState !== OPEN) continue;
        try {
          s.send(text);
          n++;
        } catch (err) {
          this.log.warn({ err }, 'websocket send failed');
        }
      }
    }
    return n;
  }

  /**
   * Publishes to the other processes (no-op without Redis, and while Redis is not connected: an action must not
   * wait for a cache that is away; the other processes' clients find the reminder at their next poll).
   */
  async publish(userIds: number[], message: PushMessage): Promise<void> {
    if (!this.ctx.redis || this.ctx.redis.status !== 'ready') return;
    const env: Envelope = { origin: this.origin, userIds, message };
    await this.ctx.redis.publish(this.channel, JSON.stringify(env));
  }

  /**
   * Listens to the channel on the application's subscriber connection (./redisSubscriber.ts). Without Redis,
   * or while Redis does not answer, reminders stay within this process.
   */
  async subscribe(): Promise<void> {
    if (!this.ctx.redis || this.subscribed) return;
    this.subscribed = true;
    const sub = subscriberOf(this.ctx);
    await sub.listen(this.channel, (text) => {
      try {
        const env = JSON.parse(text) as Envelope;
        if (env.origin === this.origin || !Array.isArray(env.userIds)) return;
        this.deliver(env.userIds, env.message);
      } catch (err) {
        this.log.warn({ err }, 'bad reminder push on redis');
      }
    });
  }

  /** Drops the subscription (application close). */
  async close(): Promise<void> {
    this.sockets.clear();
    if (!this.subscribed) return;
    this.subscribed = false;
    await subscriberOf(this.ctx).unlisten(this.channel);
  }
}

const buses = new WeakMap<ServerContext, MessageBus>();

/** The bus of an application (`app.ctx`), created on first use. */
export function busOf(ctx: ServerContext): MessageBus {
  let bus = buses.get(ctx);
  if (!bus) buses.set(ctx, (bus = new MessageBus(ctx)));
  return bus;
}

/** An application (`app`, `req.server`: anything with `ctx`) or its context (`app.ctx`). */
export type BusTarget = ServerContext | { ctx: ServerContext };

function ctxOf(target: BusTarget): ServerContext {
  return 'ctx' in target ? target.ctx : target;
}

/**
 * Pushes `message` (default `{type: 1}`: refresh the reminders) to every open websocket of `userIds` —
 * on this process at once, and with REDIS_URL on every other process through Redis. Call it AFTER the
 * transaction that added the messages committed (`addMessages` answers the recipients). Never throws:
 * a failed push only means the clients find the message at their next refresh or poll.
 *
 * @param target  `app`, `req.server` or `app.ctx` (the bus is per application context)
 * @param userIds recipients (duplicates ignored; an empty list does nothing)
 * @param message SPEC §4 push: `{type: 1}` refresh, `{type: 2}` refresh on pc, `{type: 3, data}` print parameters
 * @returns how many sockets of THIS process received it
 */
export async function notifyUsers(target: BusTarget, userIds: number[], message: PushMessage = { type: 1 }): Promise<number> {
  const ids = [...new Set(userIds.filter((u) => Number.isInteger(u) && u > 0))];
  if (!ids.length) return 0;
  const bus = busOf(ctxOf(target));
  const n = bus.deliver(ids, message);
  try {
    await bus.publish(ids, message);
  } catch (err) {
    bus.log.warn({ err }, 'reminder publish failed');
  }
  return n;
}
