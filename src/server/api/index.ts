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
  () => import('./codes/index.js'),
  () => import('./menu/index.js'),
  () => import('./selector/index.js'),
  () => import('./groups/index.js'),
  () => import('./File/index.js'),
  // Organisation administration (issue 3): custom-storage entities of schemas/organization.
  () => import('./Users/index.js'),
  () => import('./department/index.js'),
  () => import('./position/index.js'),
  () => import('./role/index.js'),
  () => import('./account/index.js'),
  // Administration (issue 4): connected apps.
  () => import('./apps/index.js'),
  () => import('./systemmanage/index.js'),
  () => import('./Words/index.js'),
  // Generic entity API (issue 3): list/info/add/edit/del/actions of every entity definition.
  () => import('../engine/api.js'),
];

export async function registerApi(app: FastifyInstance): Promise<void> {
  for (const load of groups) {
    const mod = await load();
    await mod.register(app);
  }
}
