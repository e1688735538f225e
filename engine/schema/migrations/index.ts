/**
 * Format migrations (DESIGN §4): numbered pure functions, `MIGRATIONS[n]` takes a definition of
 * `schemaVersion` n to n + 1. A new format version adds one file `NNNN-name.ts`, appends it here and
 * raises SCHEMA_VERSION in ../types.ts, with a fixture test.
 */
import { SCHEMA_VERSION } from '../types';
import { migrate0001 } from './0001-page-kind';
import { migrate0002 } from './0002-area-routes';

/** A migration: a definition (plain JSON object) of version n → version n + 1. Pure. */
export type Migration = (def: Record<string, unknown>) => Record<string, unknown>;

/** The migration from version `i` to `i + 1` is `MIGRATIONS[i]`. */
export const MIGRATIONS: readonly Migration[] = [migrate0001, migrate0002];

/** The identity migration, for format changes that need no data change (only the version rises). */
export const identity: Migration = (def) => ({ ...def });

/**
 * Bring a definition from its `schemaVersion` (missing counts as 0) up to `target`.
 * Answers `{def}` or `{error}` for a version newer than the engine or a missing migration; never throws.
 */
export function migrate(
  def: Record<string, unknown>,
  target: number = SCHEMA_VERSION,
  migrations: readonly Migration[] = MIGRATIONS,
): { def: Record<string, unknown>; error?: undefined } | { def?: undefined; error: string } {
  const from = typeof def.schemaVersion === 'number' ? def.schemaVersion : 0;
  if (!Number.isInteger(from) || from < 0) return { error: `schemaVersion ${String(def.schemaVersion)} is not a version` };
  if (from > target) return { error: `schemaVersion ${from} is newer than this engine (${target})` };
  let cur = def;
  for (let v = from; v < target; v++) {
    const step = migrations[v];
    if (!step) return { error: `no migration from schemaVersion ${v} to ${v + 1}` };
    cur = { ...step(cur), schemaVersion: v + 1 };
  }
  return { def: cur };
}
