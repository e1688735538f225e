/**
 * 正文 templates of API group `document` ("正文: rich-text editing (tiptap) with templates per 公文种类"):
 * SQL in services/docTemplates.ts.
 *
 * - `templateList` {doc_type?, status?} → TemplateView[]: the templates the caller may use — those of the unit of
 *   the session's department and the common ones (unit_id null), enabled only; holders of `document:setting` may
 *   pass status 0 to see the disabled ones too. Ordered by 公文种类 (dictionary order), sort, id; each row carries
 *   `doc_type_label` in the caller's locale (the 拟稿 form's 「套用模板」 groups by it).
 * - `templateAdd` {doc_type, name, body, unit_id?, sort?, status?} → TemplateView; `templateEdit` {id, …the same
 *   fields, all optional} → TemplateView; `templateDelete` {id} → {deleted}. These need `document:setting`.
 *
 * Without a session -99; bad input -1 naming the field; without the permission -1 error.forbidden. Every write is
 * one transaction with its audit row.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { call } from '../../../../server/lib/route.js';
import { badInput } from '../../../../server/lib/errors.js';
import { userMenus } from '../../../../server/services/menu.js';
import { unitOf } from '../../../../server/engine/scope.js';
import { SORT_MAX } from '../services/docMarks.js';
import type { NumberCaller } from '../services/docNumbers.js';
import {
  createTemplate,
  deleteTemplate,
  editTemplate,
  listTemplates,
  TEMPLATE_BODY_MAX,
  TEMPLATE_NAME_MAX,
  type TemplateInput,
} from '../services/docTemplates.js';
import { DOCUMENT_SETTING } from './marks.js';

const id = (title: string) => ({ type: 'integer', minimum: 1, maximum: 2_147_483_647, title });
const templateFields = {
  doc_type: { type: 'string', maxLength: 20, title: 'field.docType' },
  name: { type: 'string', maxLength: TEMPLATE_NAME_MAX, title: 'field.templateName' },
  body: { type: 'string', maxLength: TEMPLATE_BODY_MAX, title: 'field.templateBody' },
  unit_id: { type: ['integer', 'null'], minimum: 1, maximum: 2_147_483_647, title: 'field.unitId' },
  sort: { type: 'integer', minimum: 0, maximum: SORT_MAX, title: 'field.sort' },
  status: { type: 'integer', enum: [0, 1], title: 'field.status' },
};

function callerOf(req: FastifyRequest): NumberCaller {
  return { userId: req.user.userId, username: req.user.username, ip: req.ip, locale: req.locale };
}

async function holdsSetting(req: FastifyRequest): Promise<boolean> {
  return (await userMenus(req.server.ctx.db, req.user.userId)).access.includes(DOCUMENT_SETTING);
}

async function must(req: FastifyRequest): Promise<void> {
  if (!(await holdsSetting(req))) throw badInput(req.t('error.forbidden'));
}

/** The template fields of a body (without `id`). */
function templateInput(b: TemplateInput): TemplateInput {
  const { doc_type, name, body, unit_id, sort, status } = b;
  return { doc_type, name, body, unit_id, sort, status };
}

/** Registers the calls of the module comment. */
export function register(app: FastifyInstance): void {
  const db = app.ctx.db;

  call<{ doc_type?: string; status?: number }>(
    app,
    'document/templateList',
    { body: { type: 'object', properties: { doc_type: templateFields.doc_type, status: templateFields.status } } },
    async (req) => {
      const all = req.body.status === 0 && (await holdsSetting(req));
      const unitId = await unitOf(db, req.user.deptId);
      return listTemplates(db, { docType: req.body.doc_type || undefined, unitId, all, locale: req.locale });
    },
  );

  call<TemplateInput>(
    app,
    'document/templateAdd',
    { guard: must, body: { type: 'object', required: ['doc_type', 'name', 'body'], properties: templateFields } },
    async (req) => {
      return createTemplate(db, callerOf(req), templateInput(req.body));
    },
  );

  call<TemplateInput & { id: number }>(
    app,
    'document/templateEdit',
    { guard: must, body: { type: 'object', required: ['id'], properties: { id: id('field.templateId'), ...templateFields } } },
    async (req) => {
      return editTemplate(db, callerOf(req), req.body.id, templateInput(req.body));
    },
  );

  call<{ id: number }>(
    app,
    'document/templateDelete',
    { guard: must, body: { type: 'object', required: ['id'], properties: { id: id('field.templateId') } } },
    async (req) => {
      return deleteTemplate(db, callerOf(req), req.body.id);
    },
  );
}
