/**
 * The tables of the business areas (flows, messages, 公文, designers), by the migration that made them; the
 * Kysely `DB` of ./types.ts extends this. Their column types live beside them in ./*Types.ts.
 */
import type {
  FlowVersionTable,
  FlowInstanceTable,
  FlowTaskTable,
  FlowEventTable,
  FlowTimerTable,
  FlowDelegationTable,
  MessageTable,
  MessageSettingTable,
} from './flowTypes.js';
import type { DocMarkTable, DocMarkNumberTable, DocBodyTemplateTable } from './documentTypes.js';
import type { BodyVersionTable, DocReceiptTable } from './receiptTypes.js';
import type { DocSearchTable } from './searchTypes.js';
import type { DocSupervisionTable } from './superviseTypes.js';
import type { DocArchiveTable, DocFavoriteTable, DocRelationTable } from './extrasTypes.js';
import type { DocRelationGrantTable, DocRelationKindTable } from './documentLinkTypes.js';
import type { DefinitionDraftTable, DefinitionRevisionTable } from './revisionTypes.js';
import type { DesignedFormTable } from './designedFormTypes.js';
import type { AreaGrantTable } from './areaGrantTypes.js';

/** Tables of the business areas (see the module comment). */
export interface AreaTables {
  // Tables of migrations 0008 and 0009 (./flowTypes.ts)
  flow_versions: FlowVersionTable;
  flow_instances: FlowInstanceTable;
  flow_tasks: FlowTaskTable;
  flow_events: FlowEventTable;
  flow_timers: FlowTimerTable;
  flow_delegations: FlowDelegationTable;
  messages: MessageTable;
  message_settings: MessageSettingTable;
  // Tables of migration 0013 (./documentTypes.ts: 发文字号 marks and numbers)
  doc_marks: DocMarkTable;
  doc_mark_numbers: DocMarkNumberTable;
  // Tables of migrations 0014 and 0018 (./receiptTypes.ts: distribution and sign-for, 正文 versions)
  doc_receipts: DocReceiptTable;
  body_versions: BodyVersionTable;
  // Tables of migration 0015 (./searchTypes.ts: 公文检索)
  doc_search: DocSearchTable;
  // Tables of migration 0017 (./superviseTypes.ts: 督办 of official documents)
  doc_supervisions: DocSupervisionTable;
  // Tables of migration 0019 (./extrasTypes.ts: 收藏, 关联文件, 归档 of official documents)
  doc_favorites: DocFavoriteTable;
  doc_relations: DocRelationTable;
  doc_archives: DocArchiveTable;
  // Tables of migration 0022 (./documentTypes.ts: 正文 templates of official documents)
  doc_body_templates: DocBodyTemplateTable;
  // Tables of migration 0024 (./revisionTypes.ts: designers' revisions and drafts)
  definition_revisions: DefinitionRevisionTable;
  definition_drafts: DefinitionDraftTable;
  // Tables of migration 0026 (./documentLinkTypes.ts: 关联类型, authorisations of 关联文件)
  doc_relation_kinds: DocRelationKindTable;
  doc_relation_grants: DocRelationGrantTable;
  // Table of migration 0027 (./designedFormTypes.ts: designer-made forms)
  designed_forms: DesignedFormTable;
  // Table of migration 0045 (./areaGrantTypes.ts: default grants of the areas already given)
  area_grants: AreaGrantTable;
}
