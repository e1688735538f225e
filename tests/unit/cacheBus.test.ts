/**
 * The cache bus within one process (src/server/services/cacheBus.ts): a registered cache forgets the entries of
 * the database it is given (one key or all), 清除缓存 ('*') reaches every cache, and the caches of definitions,
 * menus, scopes, user info, sessions, clearance, names, settings, flow titles and totals are all registered.
 * Across processes: tests/api/multiprocess.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/server/db/types.js';
import { ALL_CACHES, cacheNames, invalidate, registerCache } from '../../src/server/services/cacheBus.js';
import '../../src/server/engine/schemaStore.js';
import '../../src/server/engine/scope.js';
import '../../src/server/engine/refs.js';
import '../../src/server/engine/totals.js';
import '../../src/server/engine/flow/versions.js';
import '../../src/server/services/menu.js';
import '../../src/server/services/userInfo.js';
import '../../src/server/services/session.js';
import '../../src/server/services/clearance.js';
import '../../src/server/services/password.js';

/** A stand-in database handle: the bus only needs it as a key (and recognises it by `selectFrom`). */
const fakeDb = () => ({ selectFrom: () => undefined }) as unknown as Kysely<DB>;

describe('cache bus (one process)', () => {
  it('forgets one key or every entry of the database it is given, and nothing of another database', () => {
    const seen: [Kysely<DB>, string | undefined][] = [];
    registerCache('unitTestCache', (db, key) => seen.push([db, key]));
    const one = fakeDb();
    invalidate(one, 'unitTestCache', 42);
    invalidate({ db: one }, 'unitTestCache');
    expect(seen).toEqual([
      [one, '42'],
      [one, undefined],
    ]);
    seen.length = 0;
    invalidate(fakeDb(), 'otherCache');
    expect(seen).toEqual([]);
  });

  it('清除缓存 reaches every registered cache, without keys', () => {
    const names: string[] = [];
    registerCache('unitTestA', (_db, key) => names.push(`a:${key}`));
    registerCache('unitTestB', (_db, key) => names.push(`b:${key}`));
    invalidate({ ctx: { db: fakeDb() } }, ALL_CACHES, 7);
    expect(names).toEqual(['a:undefined', 'b:undefined']);
    expect(() => registerCache(ALL_CACHES, () => undefined)).toThrow();
  });

  it('has every cache of the server registered', () => {
    expect(cacheNames()).toEqual(
      expect.arrayContaining(['clearance', 'flows', 'menus', 'refs', 'schema', 'scopes', 'sessions', 'settings', 'totals', 'userInfo']),
    );
  });
});
