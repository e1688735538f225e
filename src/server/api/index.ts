/**
 * Registers every API group of SPEC §7, one folder per group.
 */
import type { FastifyInstance } from 'fastify';

/** Each group module exports `register(app)`; add new groups here. */
const groups: Array<() => Promise<{ register(app: FastifyInstance): void | Promise<void> }>> = [
  () => import('./Login/index.js'),
  () => import('./api/index.js'),
  () => import('./Index/index.js'),
  () => import('./Person/index.js'),
  () => import('./home/index.js'),
  () => import('./Template/index.js'),
  () => import('./Form/index.js'),
  // Generic entity API (issue 3): list/info/add/edit/del/actions of every entity definition.
  () => import('../engine/api.js'),
];

export async function registerApi(app: FastifyInstance): Promise<void> {
  for (const load of groups) {
    const mod = await load();
    await mod.register(app);
  }
}
