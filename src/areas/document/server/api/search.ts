/**
 * 公文检索 call of API group `document` (SPEC /document/search "Search: Chinese full text (jieba) over
 * title, 发文字号, 正文 and the text of DOCX/PDF attachments, filters by year, organ, kind, 密级; only documents
 * the user may see"). SQL in search.
 *
 * - `search` {keyword?, year?, unit_id?, doc_type?, secret_level?, entity?: 'document.send' | 'document.receive',
 *   current?, pageSize? ≤ 50} → {list: [{entity, record_id, flow_id, title, doc_number, year, unit_name, doc_type,
 *   secret_level, snippet, open}], total, more}. Every word of the keyword must occur (jieba segmentation); an empty
 *   keyword lists by the filters alone. `snippet` is HTML whose only markup is <mark>; `open` is the route of the
 *   document's approval page. Newest first; `total` is counted up to 10,000 (`more`: there are more).
 *
 * Without a session -99; bad input -1 naming the field.
 */
import type { FastifyInstance } from 'fastify';
import { call } from '../../../../server/lib/route.js';
import { KEYWORD_MAX } from '../search/segment.js';
import { SEARCH_MAX_PAGE_SIZE, searchDocuments, type SearchQuery } from '../search/query.js';
import { RECEIVE_ENTITY, SEND_ENTITY } from '../search/visibility.js';

/** Registers the call of the module comment. */
export function register(app: FastifyInstance): void {
  const { db, dialect, config } = app.ctx;
  call<SearchQuery>(
    app,
    'document/search',
    {
      body: {
        type: 'object',
        properties: {
          keyword: { type: 'string', maxLength: KEYWORD_MAX, title: 'field.keyword' },
          year: { type: 'integer', minimum: 1900, maximum: 2999, title: 'field.year' },
          unit_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647, title: 'field.unitId' },
          doc_type: { type: 'string', maxLength: 10, pattern: '^[0-9A-Za-z_]*$', title: 'field.docType' },
          secret_level: { type: 'string', enum: ['', '0', '1', '2', '3'], title: 'field.secretLevel' },
          entity: { type: 'string', enum: ['', SEND_ENTITY, RECEIVE_ENTITY], title: 'field.docEntity' },
          current: { type: 'integer', minimum: 1, maximum: 100000, title: 'field.current' },
          pageSize: { type: 'integer', minimum: 1, maximum: SEARCH_MAX_PAGE_SIZE, title: 'field.pageSize' },
        },
      },
    },
    async (req) => {
      const b = req.body;
      return searchDocuments(db, dialect, config.dataDir, req.user.userId, {
        ...b,
        keyword: b.keyword?.trim() || undefined,
        doc_type: b.doc_type || undefined,
        secret_level: b.secret_level || undefined,
        entity: b.entity || undefined,
      });
    },
  );
}
