/**
 * API group `Form` (SPEC §7 "Templates, forms and flows"): form definitions for the renderer and the
 * designer's field-key helper. Session required. saveJson and getFiles come with the designer
 * and attachments.
 *
 * - info {id} → {page, entity, schema, etag}: the same answer as Template/forminfo; unknown id → -1 naming it
 * - getpinyin {text} → {pinyin, first}: 请假事由 → {pinyin: 'qingjiashiyou', first: 'qjsy'} (lower case,
 *   no tones, letters and digits only), used to make field keys from labels
 */
import type { FastifyInstance } from 'fastify';
import { call } from '../../lib/route.js';
import { notFound, schemasOf } from '../Template/index.js';
import { formAnswer, pinyinKey } from '../Template/service.js';

/** Registers the Form calls on `app`. */
export function register(app: FastifyInstance): void {
  call<{ id: string }>(
    app,
    'Form/info',
    { body: { type: 'object', required: ['id'], properties: { id: { type: 'string', title: 'field.definitionId', minLength: 1, maxLength: 200 } } } },
    async (req) => {
      const a = formAnswer(await schemasOf(req), req.locale, req.body.id);
      if (!a) throw notFound(req, req.body.id);
      return a;
    },
  );

  call<{ text: string }>(
    app,
    'Form/getpinyin',
    { body: { type: 'object', required: ['text'], properties: { text: { type: 'string', title: 'field.text', minLength: 1, maxLength: 200 } } } },
    async (req) => pinyinKey(req.body.text),
  );
}
