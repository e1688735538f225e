/**
 * A store of @fastify/rate-limit that counts in Redis while Redis answers and in this process while it does
 * not (DESIGN §2 scale-out): with REDIS_URL the counters are shared by every process behind the load balancer;
 * a Redis outage must not stop sign-in, so each count falls back to the plugin's own in-memory LocalStore, a
 * warning is logged once per outage, and the shared counters are used again as soon as Redis answers.
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Result) => void;

/** The two stores shipped with @fastify/rate-limit (CommonJS, no type declarations of their own). */
interface PluginStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
}
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => PluginStore;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => PluginStore;

/** Keys the in-process fallback remembers (least recently used beyond are forgotten). */
const LOCAL_CACHE = 10_000;

interface Logger {
  warn(obj: unknown, msg?: string): void;
  info(obj: unknown, msg?: string): void;
}

/** Whether the current outage was already logged; one per Redis connection, so every limiter logs it once. */
interface OutageState {
  down: boolean;
}
const outages = new WeakMap<Redis, OutageState>();

/**
 * The store class to pass as `store` to @fastify/rate-limit.
 * @param redis     the shared connection, or null (counts in this process only)
 * @param nameSpace prefix of the Redis keys (`<REDIS_PREFIX>rl:…`)
 * @param log       where the start and the end of an outage are reported (once each)
 */
export function fallbackStore(redis: Redis | null, nameSpace: string, log: Logger): FastifyRateLimitStoreCtor {
  let state: OutageState = { down: false };
  if (redis) {
    if (!outages.has(redis)) outages.set(redis, state);
    state = outages.get(redis)!;
  }
  class FallbackStore implements FastifyRateLimitStore {
    private readonly local: PluginStore;
    private readonly remote: PluginStore | null;

    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const ce = params.continueExceeding ?? false;
      const eb = params.exponentialBackoff ?? false;
      this.local = new LocalStore(ce, eb, LOCAL_CACHE);
      this.remote = redis ? new RedisStore(ce, eb, redis, nameSpace) : null;
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.run('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.run('read', key, cb, timeWindow, max);
    }

    /** Same counters for every route: keys already name the call (api/Login/common.ts). */
    child(): FastifyRateLimitStore {
      return this;
    }

    private run(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number): void {
      const local = () => this.local[method]!(key, cb, timeWindow, max);
      // While the connection is down, do not even queue the command: answer from this process at once.
      if (!this.remote || !redis || redis.status !== 'ready') {
        if (this.remote) outage(new Error(`redis ${redis?.status}`));
        return local();
      }
      this.remote[method]!(
        key,
        (err, res) => {
          if (err) {
            outage(err);
            return local();
          }
          if (state.down) {
            state.down = false;
            log.info({}, 'redis answers again: sign-in rate limits are shared again');
          }
          cb(null, res);
        },
        timeWindow,
        max,
      );
    }
  }

  function outage(err: Error): void {
    if (state.down) return;
    state.down = true;
    log.warn({ err }, 'redis unavailable: sign-in rate limits count in this process until it returns');
  }

  return FallbackStore as unknown as FastifyRateLimitStoreCtor;
}
