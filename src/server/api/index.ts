/**
 * Registers every API group of SPEC §7, one folder per group.
 */
import type { FastifyInstance } from 'fastify';

/** Each group module exports `register(app)`; add new groups here. */
const groups: Array<() => Promise<{ register(app: FastifyInstance): void | Promise<void> }>> = [];

export async function registerApi(app: FastifyInstance): Promise<void> {
  for (const load of groups) {
    const mod = await load();
    await mod.register(app);
  }
}
