/**
 * API group `File` (engine/data/api.ts `files`; DESIGN §4 attachments): upload, download and info of
 * attachments. Storage, type checks and limits are in src/server/services/files.ts.
 *
 * Who may download: the uploader or anyone who can see a record referencing the file — for now any
 * signed-in user who holds the id (ids are random 128-bit, never listed to people who cannot see them).
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ApiError, call } from '../../lib/route.js';
import { attachmentsInfo, contentDisposition, findAttachment, storeUpload } from '../../services/files.js';

/** An attachment id: 16 random bytes in base64url (22 characters); a little slack for older ids. */
const attachmentId = { type: 'string', pattern: '^[A-Za-z0-9_-]{16,32}$', title: 'field.attachmentId' };

/**
 * Registers:
 * - `File/upload` (multipart, one part `file`) → Attachment {id, name, size, type}; -1 when no file is
 *   sent, its type is refused (named), its content does not fit its type, it is empty or larger than
 *   UPLOAD_MAX_BYTES (50 MB);
 * - `File/download` {id} → the bytes with their type and `Content-Disposition: attachment` (RFC 5987
 *   `filename*`); -1 "文件不存在" for an unknown id;
 * - `File/info` {ids: string[] (≤ 200)} → Attachment[] of the ids that exist, in the order asked.
 */
export function register(app: FastifyInstance): void {
  // a body that is not multipart is answered "请填写文件" below, whatever it holds
  call(app, 'File/upload', { multipart: true, body: { type: 'object', properties: { file: { title: 'field.file' } } } }, async (req) => {
    const { config, db } = req.server.ctx;
    const t = req.t.bind(req);
    if (!req.isMultipart()) throw new ApiError(t('validate.required', { field: t('field.file') }));
    let part;
    try {
      part = await req.file({ limits: { fileSize: config.uploadMaxBytes, files: 1 } });
    } catch {
      throw new ApiError(t('validate.required', { field: t('field.file') }));
    }
    if (!part || part.type !== 'file') throw new ApiError(t('validate.required', { field: t('field.file') }));
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw new ApiError(t('validate.additional', { field: part.fieldname }));
    }
    return storeUpload({
      db,
      dataDir: config.dataDir,
      t,
      filename: part.filename,
      stream: part.file,
      maxBytes: config.uploadMaxBytes,
      uploaderId: req.user.userId,
    });
  });

  call<{ id: string }>(app, 'File/download', { body: { type: 'object', required: ['id'], properties: { id: attachmentId } } }, async (req, reply) => {
    const { config, db } = req.server.ctx;
    const file = await findAttachment(db, config.dataDir, req.body.id, req.t.bind(req));
    reply
      .header('content-type', file.type)
      .header('content-disposition', contentDisposition(file.name))
      .header('content-length', String(file.size))
      .header('cache-control', 'private, no-store')
      .send(fs.createReadStream(file.path));
    return reply;
  });

  call<{ ids: string[] }>(
    app,
    'File/info',
    { body: { type: 'object', required: ['ids'], properties: { ids: { type: 'array', maxItems: 200, items: attachmentId, title: 'field.attachmentIds' } } } },
    async (req) => attachmentsInfo(req.server.ctx.db, req.body.ids),
  );
}
