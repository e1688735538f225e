/**
 * The 正式文件 of a 发文 (SPEC §7 exportPdf, getDoc "export to PDF laid out per GB/T 9704 … and to
 * DOCX; a seal image placed over the 成文日期 when 用印 is done"), API group `document`:
 *
 * - `exportPdf` {id} (a 发文 flow instance) → the PDF (application/pdf), `Content-Disposition: attachment` with
 *   the file name `<发文字号 or 标题>.pdf` (RFC 5987 `filename*`).
 * - `getDoc` {id} → the same document as DOCX (`<发文字号 or 标题>.docx`).
 *
 * Who may have it: exactly who may see the flow (engine/flow/runtime.ts `view`: a participant, an administrator
 * or a supervisor, cleared for its 密级) — and who may read it through an authorised 关联 (./extras.ts readableView,
 * document/authorizethgl), within their clearance too; anyone else -1 flow.notFound, as if it did not exist. Bad id → -1
 * naming the field. The record is read and rendered by services/pdfSource.ts and pdf.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { call } from '../../../../server/lib/route.js';
import { badInput } from '../../../../server/lib/errors.js';
import { flowRuntime } from '../../../../server/engine/flow/runtime.js';
import { contentDisposition } from '../../../../server/services/files.js';
import { renderOfficialDocx, renderOfficialPdf } from '../pdf/index.js';
import { loadSendDocument, type SendDocument } from '../services/pdfSource.js';
import { SEND_ENTITY } from '../services/flowServices.js';
import { flowCallerOf } from '../../../../server/engine/flow/caller.js';
import { readableView } from './extras.js';

/** Content type of a DOCX. */
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647, title: 'field.id' };
const body = { type: 'object' as const, required: ['id'], properties: { id } };

/** Sends `bytes` as a download named `name`. */
function download(reply: FastifyReply, bytes: Buffer, type: string, name: string): FastifyReply {
  return reply
    .header('content-type', type)
    .header('content-disposition', contentDisposition(name))
    .header('content-length', String(bytes.length))
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/** Registers the calls of the module comment. */
export function register(app: FastifyInstance): void {
  const runtime = flowRuntime(app.ctx.db, app.ctx.dialect, app.ctx);

  /** The 发文 of flow instance `id` if the caller may see that flow; -1 flow.notFound otherwise. */
  async function sendOf(req: FastifyRequest<{ Body: { id: number } }>): Promise<SendDocument> {
    const view = await readableView(runtime, req, await flowCallerOf(req), req.body.id);
    if (view.entity !== SEND_ENTITY || view.recordId == null) throw badInput(req.t('flow.notFound'));
    const send = await loadSendDocument(req.server.ctx.db, view.recordId);
    if (!send) throw badInput(req.t('flow.notFound'));
    return send;
  }

  call<{ id: number }>(app, 'document/exportPdf', { body }, async (req, reply) => {
    const { doc, fileName } = await sendOf(req);
    return download(reply, await renderOfficialPdf(doc), 'application/pdf', `${fileName}.pdf`);
  });

  call<{ id: number }>(app, 'document/getDoc', { body }, async (req, reply) => {
    const { doc, fileName } = await sendOf(req);
    return download(reply, await renderOfficialDocx(doc), DOCX_TYPE, `${fileName}.docx`);
  });
}
