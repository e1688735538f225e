/**
 * Which database errors mean "the database cannot answer now" (db/index.ts isDatabaseUnavailable), answered
 * -1 "数据库暂时不可用，请稍后再试" instead of 500: PostgreSQL timeouts and lost connections, SQLite busy.
 */
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/server/db/index.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises timeouts, lost connections and a busy SQLite file', () => {
    for (const err of [
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('25P03', 'terminating connection due to idle-in-transaction timeout'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('53300', 'sorry, too many clients already'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Query read timeout'),
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      Object.assign(new AggregateError([withCode('ECONNREFUSED')], ''), {}),
      withCode('SQLITE_BUSY', 'database is locked'),
      new Error('wrapped', { cause: withCode('ECONNRESET') }),
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    }
  });

  it('leaves faults of the request or the code alone', () => {
    for (const err of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('42P01', 'relation "x" does not exist'),
      withCode('SQLITE_CONSTRAINT_UNIQUE'),
      withCode('SQLITE_ERROR', 'no such column: x'),
      new TypeError('x is undefined'),
      null,
      'text',
    ]) {
      expect(isDatabaseUnavailable(err), String(err)).toBe(false);
    }
  });
});
