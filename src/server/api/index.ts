/**
 * Registers every API group of SPEC §7, one folder per group.
 */
import type { FastifyInstance } from 'fastify';

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
  // Reminders and the message centre (issue 4): Msg/* and the websocket Msg/socket.
  () => import('./Msg/index.js'),
  // Approval runtime (issue 4): start, act, lists, 委托.
  () => import('./flow/index.js'),
  () => import('./Flowset/index.js'),
  // 正文 versions of flows' records (issue 5).
  () => import('./bodyVersions/index.js'),
  // The organisation's holiday calendar (/setting/holiday) behind working-day deadlines and WORKDAYS.
  () => import('./holiday/index.js'),
  // 发文字号 (issue 5): document/mark, editMark, deleteMark, markList and the numbering calls.
  () => import('./document/marks.js'),
  // 正文 templates per 公文种类 (issue 5): document/templateList, templateAdd, templateEdit, templateDelete.
  () => import('./document/templates.js'),
  // 公文分发与签收 (issue 5): gwqs*, signinfo; registers the service nodes of the document flows.
  () => import('./document/gwqs.js'),
  // 收藏, 关联文件, attachments (issue 5): document/favorite…, listthgl…, getAttachList, mergeDownAttachs.
  () => import('./document/extras.js'),
  // 关联文件 details and authorisation (issue 5): document/infothgl, authorizethgl.
  () => import('./document/links.js'),
  // 归档 (issue 5): documentarchive/list, add, delete, getlist.
  () => import('./documentarchive/index.js'),
  // 公文统计 (issue 5): dbstat.
  () => import('./document/stats.js'),
  // 公文检索 (issue 5): document/search (jieba full text, 密级 and flow visibility).
  () => import('./document/search.js'),
  // 正式文件 (issue 5): document/exportPdf (GB/T 9704 PDF) and document/getDoc (DOCX) of a 发文.
  () => import('./document/export.js'),
  // 督办 of official documents (issue 5): gwdbList, saveDb, dbHistory, cbHistory, checkSupervision.
  () => import('./document/supervise.js'),
  // 办理记录 and 操作记录 (issue 5): document/getHandleLogs, getDepartmentHandleLogs, getOperationLogs, getOperationData.
  () => import('./document/logs.js'),
  // 公文设置 and 授权查询 (issue 5): document/getSetting, submitSetting, gwszCzsz*, gwszJdqx*, authQuery.
  () => import('./document/settings.js'),
  // Test-document generator (issue 5, /debug/index): debug/generate, debug/status.
  () => import('./debug/index.js'),
  // Generic entity API (issue 3): list/info/add/edit/del/actions of every entity definition.
  () => import('../engine/api.js'),
];

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
}
