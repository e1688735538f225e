/**
 * 0023 (公文设置 and 操作记录): the 通用设置 of documents live in the existing `settings` key/value table
 * (services/document/settings.ts, keys `document.*`), so no table is added. What is added is an index on
 * `audit_log.object`: document/getOperationLogs reads the audit rows of one record (`<entity>:<id>`), which
 * without it would scan the whole chain (kept at least 184 days, DESIGN §7).
 */
import type { Migration } from '../migrate.js';

export const migration: Migration = {
  name: '0023_document_settings',
  async up(_db, d) {
    await d.index('audit_log', ['object', 'id']);
  },
};
