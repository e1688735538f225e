/**
 * One dedicated Redis subscriber connection per application (DESIGN §2 scale-out), shared by the buses
 * that listen to other processes: the reminder pushes (./messageBus.ts) and the cache invalidations
 * (./cacheBus.ts). A subscribed connection takes no other commands, hence a duplicate of `ctx.redis`.
 *
 * Redis away never breaks a caller: `listen` logs and resolves when the subscription cannot be made, and the
 * connection subscribes to every channel again whenever it becomes ready. After a lost connection comes back,
 * the `onRecovered` callbacks run (messages published meanwhile were lost: a cache bus forgets everything).
 *
 * One subscriber per application context (`app.ctx`), so two apps in one process (tests) behave like two
 * processes: each hears the other only through Redis.
 */
import type { Redis } from 'ioredis';
import type { ServerContext } from '../lib/context.js';

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

/** Longest wait for a subscription at start-up (ms): a Redis that does not answer must not hold the start. */
export const SUBSCRIBE_WAIT_MS = 3_000;

/** The subscriber connection of one application and the handlers of its channels. */
export class RedisSubscriber {
  private conn: Redis | null = null;
  private readonly handlers = new Map<string, (text: string) => void>();
  private readonly recovered = new Set<() => void>();
  /** Set when the connection was lost (or never made): the next `ready` means messages may have been missed. */
  private lost = false;
  /** Whether the current outage was logged. */
  private warned = false;
  log: Logger = { warn: () => undefined };

  constructor(private readonly ctx: ServerContext) {}

  /** Whether a Redis is configured (without one every bus stays within its process). */
  get enabled(): boolean {
    return !!this.ctx.redis;
  }

  /**
   * Calls `handler` with the text of every message on `channel` (one handler per channel). Resolves once
   * subscribed, or after logging why not (Redis away, or no answer within SUBSCRIBE_WAIT_MS); the
   * subscription is then made when Redis returns. Without Redis it does nothing.
   */
  async listen(channel: string, handler: (text: string) => void): Promise<void> {
    if (!this.ctx.redis) return;
    this.handlers.set(channel, handler);
    const conn = this.connection();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        conn.subscribe(channel),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer from redis within ${SUBSCRIBE_WAIT_MS} ms`)), SUBSCRIBE_WAIT_MS);
        }),
      ]);
    } catch (err) {
      this.lost = true;
      this.log.warn({ err, channel }, 'redis subscription failed: messages of other processes wait until redis returns');
    } finally {
      clearTimeout(timer);
    }
  }

  /** Registers `fn`, run when the connection comes back after a loss; answers a function that removes it. */
  onRecovered(fn: () => void): () => void {
    this.recovered.add(fn);
    return () => this.recovered.delete(fn);
  }

  /** Stops listening to `channel`; the connection is closed when no channel is left. */
  async unlisten(channel: string): Promise<void> {
    this.handlers.delete(channel);
    const conn = this.conn;
    if (!conn || this.handlers.size) {
      if (conn) await conn.unsubscribe(channel).catch(() => undefined);
      return;
    }
    this.conn = null;
    await conn.quit().catch(() => conn.disconnect());
  }

  private connection(): Redis {
    if (this.conn) return this.conn;
    const conn = this.ctx.redis!.duplicate();
    this.conn = conn;
    conn.on('error', (err) => {
      // Once per outage: a Redis that stays away would otherwise log at every reconnection attempt.
      if (!this.warned) this.log.warn({ err }, "redis subscriber lost: other processes' messages wait until redis returns");
      this.warned = true;
      this.lost = true;
    });
    conn.on('close', () => {
      if (this.conn === conn) this.lost = true;
    });
    conn.on('ready', () => {
      this.warned = false;
      if (!this.lost) return;
      this.lost = false;
      if (this.handlers.size) conn.subscribe(...this.handlers.keys()).catch((err) => this.log.warn({ err }, 'redis resubscription failed'));
      for (const fn of this.recovered) fn();
    });
    conn.on('message', (channel: string, text: string) => this.handlers.get(channel)?.(text));
    return conn;
  }
}

const subscribers = new WeakMap<ServerContext, RedisSubscriber>();

/** The subscriber of an application (`app.ctx`), created on first use. */
export function subscriberOf(ctx: ServerContext): RedisSubscriber {
  let s = subscribers.get(ctx);
  if (!s) subscribers.set(ctx, (s = new RedisSubscriber(ctx)));
  return s;
}
