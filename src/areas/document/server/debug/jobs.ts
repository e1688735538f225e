/**
 * Background runs of the test-document generator (/debug/index): a large `count` takes minutes (about a thousand
 * documents a second), longer than an API request may last (REQUEST_TIMEOUT_MS), so it runs after the answer and
 * debug/status reports its progress. One run per database at a time; the state lives in this process.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../../../../server/db/index.js';
import type { DB } from '../../../../server/db/types.js';
import { now } from '../../../../server/lib/clock.js';
import { generateDocuments, type GenerateReport } from './generate.js';

/** Largest count generated within the request (larger ones run in the background). */
export const INLINE_MAX = 5_000;

/** The state of the latest background run of a database. */
export interface GenerateJob {
  running: boolean;
  count: number;
  /** Documents written so far. */
  done: number;
  startedAt: number;
  endedAt: number | null;
  report: GenerateReport | null;
  /** Why it stopped early, if it did. */
  error: string | null;
}

const jobs = new WeakMap<object, GenerateJob>();

/** The latest background run of `db`, or null. */
export function currentJob(db: Kysely<DB>): GenerateJob | null {
  return jobs.get(db) ?? null;
}

/**
 * Starts a background run of `count` documents (`seed` as generateDocuments) and answers its state at once;
 * `onError` is told why a run failed. Answers null when a run of `db` is still going (nothing started).
 */
export function startJob(db: Kysely<DB>, dialect: Dialect, count: number, seed: number | undefined, onError: (e: unknown) => void): GenerateJob | null {
  if (jobs.get(db)?.running) return null;
  const job: GenerateJob = { running: true, count, done: 0, startedAt: now(), endedAt: null, report: null, error: null };
  jobs.set(db, job);
  generateDocuments(db, dialect, { count, seed, onChunk: (n) => void (job.done = n) })
    .then((report) => {
      job.report = report;
    })
    .catch((e) => {
      job.error = e instanceof Error ? e.message : String(e);
      onError(e);
    })
    .finally(() => {
      job.running = false;
      job.endedAt = now();
    });
  return { ...job };
}
