/**
 * Registers every API group of SPEC §7, one folder per group.
 */
import type { FastifyInstance } from 'fastify';
import { areaServers } from '../areas.js';

/** One registered API route: method and URL as declared (original case, before BASE_PATH). */
export interface ApiRoute {
  method: string;
  url: string;
}

/** The routes each app registered through `registerApi`, keyed by the app's `ctx` (shared by its scopes). */
const registries = new WeakMap<object, ApiRoute[]>();

/**
 * Every route `registerApi` registered on `app` (or an app whose scope it was), in registration order — the
 * source of the per-route authorisation matrix in the tests, so that no route escapes classification.
 */
export function registeredRoutes(app: FastifyInstance): ApiRoute[] {
  return registries.get(app.ctx) ?? [];
}

/**
 * Each group module exports `register(app)`; add new groups here. The calls of business areas are not listed:
 * their area modules (src/areas/<area>/server, src/server/areas.ts) register them, before the generic entity API.
 */
const groups: Array<() => Promise<{ register(app: FastifyInstance): void | Promise<void> }>> = [
  () => import('./Login/index.js'),
  () => import('./api/index.js'),
  () => import('./Index/index.js'),
  () => import('./Person/index.js'),
  () => import('./home/index.js'),
  () => import('./Template/index.js'),
  () => import('./Form/index.js'),
  () => import('./menu/index.js'),
  () => import('./selector/index.js'),
  () => import('./groups/index.js'),
  () => import('./File/index.js'),
  // Reminders and the message centre: Msg/* and the websocket Msg/socket.
  () => import('./Msg/index.js'),
  // Approval runtime: start, act, lists, 委托.
  () => import('./flow/index.js'),
  () => import('./Flowset/index.js'),
  // 正文 versions of flows' records.
  () => import('./bodyVersions/index.js'),
  // The organisation's holiday calendar (/setting/holiday) behind working-day deadlines and WORKDAYS.
  () => import('./holiday/index.js'),
];

/** Generic entity API: list/info/add/edit/del/actions of every entity definition; registered after the areas' calls. */
const entityApi = () => import('../engine/api.js');

export async function registerApi(app: FastifyInstance): Promise<void> {
  const list: ApiRoute[] = [];
  registries.set(app.ctx, list);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) list.push({ method: String(method), url: r.url ?? r.path });
  });
  for (const load of groups) {
    const mod = await load();
    await mod.register(app);
  }
  for (const { module } of await areaServers()) await module.register?.(app);
  await (await entityApi()).register(app);
}
