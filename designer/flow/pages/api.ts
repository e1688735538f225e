/**
 * The Flowset calls of the flow-setting pages (server: src/server/api/Flowset/index.ts and
 * revisions.ts, SPEC §7) and the Template calls they need for a flow's entity (src/server/api/Template).
 * Through the engine host: a -1 answer toasts its message and rejects with the server's message (`silent` calls
 * leave the message to the caller).
 */
import type { FlowDef } from '../../../engine/flow/types';
import type { Text } from '../../../engine/schema/types';
import { host, type HostCallOptions } from '../../../engine/host';

const post = <T>(api: string, body?: object, opts?: HostCallOptions): Promise<T> => host().call<T>(api, body, opts);

/** A row of Flowset/list: a flow's newest published version; `createdAt` epoch ms; `hasDraft`: it has a draft. */
export interface FlowsetRow {
  id: string;
  title: Text;
  version: number;
  source: string;
  createdAt: number;
  entity: string | null;
  hasDraft: boolean;
}

/** Flowset/revisions: the published versions, newest first, and the draft marker. */
export interface FlowRevisions {
  id: string;
  current: number;
  draft: { updatedAt: number; authorId: number | null } | null;
  list: { version: number; source: string; author: string | null; authorId: number | null; comment: string | null; createdAt: number }[];
}

/** One change of Flowset/diff, with its sentence in the caller's language (`text`). */
export interface FlowChange {
  kind: string;
  target: string;
  id: string;
  label: string;
  property?: string;
  text: string;
}

/** A form template of Template/list: the entity it edits and its page id. */
export interface FormTemplate {
  id: string;
  title: string;
  entity: string;
  route?: string;
}

/** The export file of Flowset/export (kept whole for download). */
export interface FlowExportFile {
  $schema: string;
  schemaVersion: number;
  kind: 'flow';
  id: string;
  revision: number;
  definition: FlowDef;
  [key: string]: unknown;
}

/** The calls (see the module comment). */
export const flowsetApi = {
  list: (params: { current?: number; pageSize?: number; keyword?: string } = {}) => post<{ list: FlowsetRow[]; total: number }>('Flowset/list', params),
  /** The newest published version of `id`. */
  info: (id: string) => post<{ id: string; version: number; definition: FlowDef }>('Flowset/getInfo', { id }, { silent: true }),
  revisions: (id: string) => post<FlowRevisions>('Flowset/revisions', { id }),
  /** The changes from revision `from` to `to` (a version, 'draft' or 'current'). */
  diff: (id: string, from: number | 'draft' | 'current', to: number | 'draft' | 'current') =>
    post<{ from: number | 'draft'; to: number | 'draft'; changes: FlowChange[] }>('Flowset/diff', { id, from, to }),
  draft: (id: string) => post<{ id: string; definition: FlowDef; updatedAt: number; authorId: number | null } | null>('Flowset/draft', { id }),
  saveDraft: (def: FlowDef) => post<{ id: string; updatedAt: number }>('Flowset/saveDraft', { id: def.id, definition: def }),
  deleteDraft: (id: string) => post<{ deleted: number }>('Flowset/deleteDraft', { id }),
  /** Publishes the draft; a refusal (format, lint) is the caller's to show. */
  publish: (id: string, comment: string) => post<{ id: string; version: number }>('Flowset/publish', { id, comment }, { silent: true }),
  restore: (id: string, version: number) => post<{ id: string; version: number; restoredFrom: number }>('Flowset/restore', { id, version }),
  exportFile: (id: string, version?: number) => post<FlowExportFile>('Flowset/export', version ? { id, version } : { id }),
  /** Imports an export file's text; a refusal (e.g. a newer format) is the caller's to show. */
  importFile: (file: string) => post<{ id: string; version?: number; draft?: boolean }>('Flowset/import', { file }, { silent: true }),
  /** The form templates (entity → form page), for a flow's entity model. */
  forms: () => post<FormTemplate[]>('Template/list', {}),
  /** The fields of entity `entity` (labels in the caller's language). */
  fields: (entity: string) =>
    post<{ field: string; label: string; kind: string; type: string; required: boolean; dict?: string }[]>('Template/fieldinfo', { entity }, { silent: true }),
};
