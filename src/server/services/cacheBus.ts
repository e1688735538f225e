/**
 * The cache bus (DESIGN §2 scale-out): every in-process cache of definitions, menus, scopes, user info,
 * sessions, settings and totals registers a name and a function that forgets its entries of one database;
 * a change calls `invalidate(target, name, key?)`, which forgets them in this process at once and, with
 * REDIS_URL, in every other process through Redis pub/sub on `<REDIS_PREFIX>cache:invalidate` (the
 * application's subscriber connection, ./redisSubscriber.ts).
 *
 * Without Redis the bus is local (one process). With Redis away, invalidations stay local, a warning is
 * logged once, and the caches' own short lifetimes bring the other processes round; when the subscriber's
 * connection comes back every cache of the process is forgotten (messages published meanwhile were lost).
 *
 * The buses are per application (found by its database handle `app.ctx.db`), so two apps in one process
 * (tests) behave like two processes: each reaches the other's caches only through Redis.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import type { ServerContext } from '../lib/context.js';
import { newUuid } from '../lib/clock.js';
import { subscriberOf } from './redisSubscriber.js';

/** Forgets the entries of database `db` (all of them, or those of `key` when given). Must not throw. */
export type CacheInvalidator = (db: Kysely<DB>, key?: string) => void;

/** Name that forgets every registered cache (清除缓存, home/cleancache). */
export const ALL_CACHES = '*';

/** The channel suffix of invalidations (after REDIS_PREFIX). */
export const CACHE_CHANNEL = 'cache:invalidate';

/** What travels over Redis: the sending bus, the cache names and an optional key. */
interface Envelope {
  o: string;
  n: string[];
  k?: string;
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

const registry = new Map<string, CacheInvalidator[]>();

/**
 * Registers cache `name` (called once at module load of the cache's module); several functions may share a
 * name (caches derived from the same rows). Names are lower-case words: schema, menus, scopes, userInfo…
 */
export function registerCache(name: string, fn: CacheInvalidator): void {
  if (name === ALL_CACHES) throw new Error(`registerCache: '${ALL_CACHES}' is reserved`);
  registry.set(name, [...(registry.get(name) ?? []), fn]);
}

/** The registered cache names, sorted (for tests and the administrators' log). */
export function cacheNames(): string[] {
  return [...registry.keys()].sort();
}

function clearLocal(db: Kysely<DB>, names: string[], key?: string): void {
  const all = names.includes(ALL_CACHES);
  for (const [name, fns] of registry) {
    if (!all && !names.includes(name)) continue;
    for (const fn of fns) fn(db, all ? undefined : key);
  }
}

/** The bus of one application. */
class CacheBus {
  readonly origin = newUuid();
  log: Logger = { warn: () => undefined };
  /** Whether the last publication failed (a warning is logged once per outage). */
  private failing = false;

  constructor(readonly ctx: ServerContext) {}

  get channel(): string {
    return `${this.ctx.config.redisPrefix}${CACHE_CHANNEL}`;
  }

  publish(names: string[], key?: string): void {
    const redis = this.ctx.redis;
    if (!redis) return;
    const env: Envelope = key === undefined ? { o: this.origin, n: names } : { o: this.origin, n: names, k: key };
    redis.publish(this.channel, JSON.stringify(env)).then(
      () => {
        this.failing = false;
      },
      (err: unknown) => {
        if (!this.failing) this.log.warn({ err }, 'cache invalidation not published: other processes catch up when their caches expire');
        this.failing = true;
      },
    );
  }

  receive(text: string): void {
    try {
      const env = JSON.parse(text) as Envelope;
      if (env.o === this.origin || !Array.isArray(env.n)) return;
      clearLocal(this.ctx.db, env.n.map(String), typeof env.k === 'string' ? env.k : undefined);
    } catch (err) {
      this.log.warn({ err }, 'bad cache invalidation on redis');
    }
  }
}

const buses = new WeakMap<object, CacheBus>();

/** A database handle, an application context (`app.ctx`, `{db}`), an application or a request (`{server}`). */
export type CacheTarget = Kysely<DB> | { db: Kysely<DB> } | { ctx: { db: Kysely<DB> } } | { server: { ctx: { db: Kysely<DB> } } };

function dbOf(target: CacheTarget): Kysely<DB> {
  if (typeof (target as Kysely<DB>).selectFrom === 'function') return target as Kysely<DB>;
  if ('server' in target) return target.server.ctx.db;
  if ('ctx' in target) return target.ctx.db;
  return (target as { db: Kysely<DB> }).db;
}

/**
 * Forgets cache(s) `name` of the target's database in this process at once and publishes the invalidation to
 * the other processes (with REDIS_URL; fire and forget, never throws). Call it AFTER the transaction that
 * changed the rows committed, with the application's database handle (not a transaction: it finds the bus).
 *
 * @param name a registered name, several, or ALL_CACHES ('*', 清除缓存)
 * @param key  the entry to forget (a user id, a table…) when the cache supports it; all entries otherwise
 */
export function invalidate(target: CacheTarget, name: string | string[], key?: string | number): void {
  const db = dbOf(target);
  const names = Array.isArray(name) ? name : [name];
  const k = key === undefined ? undefined : String(key);
  clearLocal(db, names, k);
  buses.get(db)?.publish(names, k);
}

/**
 * Starts the cache bus of `app` (call once from buildApp, before `ready`): invalidations reach this app's
 * caches from other processes once the app is ready; the subscription ends when the app closes. Never delays
 * the start for longer than the subscriber's wait (./redisSubscriber.ts SUBSCRIBE_WAIT_MS).
 */
export function startCacheBus(app: FastifyInstance): void {
  const bus = new CacheBus(app.ctx);
  bus.log = app.log;
  buses.set(app.ctx.db, bus);
  const sub = subscriberOf(app.ctx);
  sub.log = app.log;
  let off: (() => void) | undefined;
  app.addHook('onReady', async () => {
    if (!sub.enabled) return;
    off = sub.onRecovered(() => clearLocal(app.ctx.db, [ALL_CACHES]));
    await sub.listen(bus.channel, (text) => bus.receive(text));
  });
  app.addHook('onClose', async () => {
    off?.();
    buses.delete(app.ctx.db);
    if (sub.enabled) await sub.unlisten(bus.channel);
  });
}
