/**
 * The server side of the 公文 area (SPEC §2.3 /document/*, §7 /api/*, /api/documentarchive/*,
 * /api/debug/*), found and loaded by src/server/areas.ts: its API calls (./api), the service nodes of its flows
 * (registered by ./api/gwqs.ts), reading a document through an authorised 关联文件 (flow/info, flow/log) and the
 * demo organisation's 发文字号 marks, 正文 templates and 公文 (./seed), and the background catch-up of the search index.
 */
import type { FastifyInstance } from 'fastify';
import type { AreaServer } from '../../../server/areas.js';
import { registerReadThrough } from '../../../server/api/flow/linkRead.js';
import { linkReaderFlows } from './services/links.js';
import { seedDocMarks } from './seed/docMarks.js';
import { seedDocTemplates } from './seed/docTemplates.js';
import { seedDocumentContent } from './seed/content.js';
import { catchUpInBackground, SEARCH_INDEX_MS } from './search/index.js';

/** The call groups of the area, in registration order (each module's comment lists its calls). */
const GROUPS: Array<() => Promise<{ register(app: FastifyInstance): void }>> = [
  // 发文字号: document/mark, editMark, deleteMark, markList and the numbering calls.
  () => import('./api/marks.js'),
  // 正文 templates per 公文种类: document/templateList, templateAdd, templateEdit, templateDelete.
  () => import('./api/templates.js'),
  // 公文分发与签收: gwqs*, signinfo; registers the service nodes of the document flows.
  () => import('./api/gwqs.js'),
  // 收藏, 关联文件, attachments: document/favorite…, listthgl…, getAttachList, mergeDownAttachs.
  () => import('./api/extras.js'),
  // 关联文件 details and authorisation: document/infothgl, authorizethgl.
  () => import('./api/links.js'),
  // 归档: documentarchive/list, add, delete, getlist.
  () => import('./api/archive.js'),
  // 公文统计: dbstat.
  () => import('./api/stats.js'),
  // 公文检索: document/search (jieba full text, 密级 and flow visibility).
  () => import('./api/search.js'),
  // 正式文件: document/exportPdf (GB/T 9704 PDF) and document/getDoc (DOCX) of a 发文.
  () => import('./api/export.js'),
  // 督办: gwdbList, saveDb, dbHistory, cbHistory, checkSupervision.
  () => import('./api/supervise.js'),
  // 办理记录 and 操作记录: document/getHandleLogs, getDepartmentHandleLogs, getOperationLogs, getOperationData.
  () => import('./api/logs.js'),
  // 公文设置 and 授权查询: document/getSetting, submitSetting, gwszCzsz*, gwszJdqx*, authQuery.
  () => import('./api/settings.js'),
  // Test-document generator (/debug/index): debug/generate, debug/status.
  () => import('./api/debug.js'),
];

const area: AreaServer = {
  async register(app) {
    registerReadThrough(linkReaderFlows);
    for (const load of GROUPS) (await load()).register(app);
  },
  async seed(trx, { deptIds, at }) {
    await seedDocMarks(trx, deptIds, at);
    await seedDocTemplates(trx, at);
  },
  // The 发文 and 收文 of the demo organisation at every step (./seed/content.ts), at its first start.
  async seedContent(c) {
    await seedDocumentContent(c);
  },
  // 公文检索: documents changed since they were indexed are indexed in the background as well (./search).
  tasks: [
    { name: 'search indexing', everyMs: SEARCH_INDEX_MS, run: async ({ db, dialect, dataDir }) => void (await catchUpInBackground(db, dialect, dataDir)) },
  ],
};

export default area;
