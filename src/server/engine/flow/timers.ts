/**
 * Flow timers (deadlines urged automatically, delay nodes), safe when several server processes
 * run: a process takes a due timer by writing its lease in one conditional UPDATE (`lease_until < now`);
 * only the process whose UPDATE changed the row fires it (FlowRuntime.fire, which removes the timer in the
 * same transaction as the instance change). A process that dies holding a lease loses it after
 * TIMER_LEASE_MS and another one fires the timer.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { now } from '../../lib/clock.js';
import type { FlowRuntime } from './runtime.js';

/** How long a taken timer stays reserved to its process (ms). */
export const TIMER_LEASE_MS = 60_000;
/** Most timers one sweep takes. */
export const TIMER_BATCH = 50;
/** Interval of the sweep in a running server (ms). */
export const TIMER_SWEEP_MS = 30_000;

/**
 * Fires the due timers (at ≤ now) this process can take, as `owner`; answers how many fired. A timer whose
 * action fails stays leased until the lease ends (then it is tried again), and the error is reported to `onError`.
 */
export async function sweepTimers(db: Kysely<DB>, runtime: FlowRuntime, owner: string, onError: (e: unknown) => void = () => {}): Promise<number> {
  const at = now();
  const due = await db
    .selectFrom('flow_timers')
    .select(['id', 'instance_id'])
    .where('at', '<=', at)
    .where('lease_until', '<', at)
    .orderBy('at')
    .limit(TIMER_BATCH)
    .execute();
  let fired = 0;
  for (const t of due) {
    const taken = await db
      .updateTable('flow_timers')
      .set({ lease_owner: owner, lease_until: at + TIMER_LEASE_MS })
      .where('id', '=', t.id)
      .where('lease_until', '<', at)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) continue;
    try {
      if (await runtime.fire(t.instance_id, t.id)) fired++;
    } catch (e) {
      onError(e);
    }
  }
  return fired;
}
