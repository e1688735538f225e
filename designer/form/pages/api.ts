/**
 * The server calls of the form pages (server: src/server/api/Template/index.ts, revisionCalls.ts,
 * designedCalls.ts and src/server/api/Form/index.ts, SPEC §7). Through the engine host: a -1 answer
 * toasts its message and rejects with the server's message (`silent` calls leave the message to the caller).
 *
 * A form definition as the revision calls take it: `{page, entity: {model}, dicts?, texts?}` — `dicts` are the
 * dictionaries the form owns (typed options), kept in the draft; `texts` `{'en-US': {key: text}}`.
 */
import type { DictDef, EntityModel, FormPageDef } from '../../../engine/schema/types';
import type { LocaleMessages } from '../../../engine/schema/text';
import type { Change } from '../../../engine/schema/diff';
import type { PageBundle } from '../../../engine/schema/bundle';
import { host, type HostCallOptions } from '../../../engine/host';

const post = <T>(api: string, body?: object, opts?: HostCallOptions): Promise<T> => host().call<T>(api, body, opts);

/** A form of Template/list; designer-made forms carry `designed: true` and their status. */
export interface FormRow {
  id: string;
  title: string;
  entity: string;
  route?: string;
  designed?: boolean;
  status?: 'draft' | 'published';
}

/** A stored form version (draft, revision, export): page, entity (at least its model), owned dicts, texts. */
export interface FormDefinition {
  page: FormPageDef;
  entity: { id?: string; model: EntityModel; [key: string]: unknown };
  dicts?: DictDef[];
  texts?: LocaleMessages;
}

/** One row of Template/revisions; revision 0 is the shipped base (`base: true`, no author or time). */
export interface FormRevisionRow {
  revision: number;
  base: boolean;
  author: string | null;
  authorId: number | null;
  comment: string | null;
  createdAt: number | null;
  restoredFrom: number | null;
}

/** Template/revisions: newest first; `current` the revision served (0: the shipped base or never published). */
export interface FormRevisions {
  id: string;
  current: number;
  draft: { updatedAt: number; authorId: number | null } | null;
  list: FormRevisionRow[];
  conflicts?: { targetKind: string; targetId: string; message?: string; [key: string]: unknown }[];
  designed?: boolean;
  status?: 'draft' | 'published';
}

/** One change of Template/diff (engine/schema/diff.ts) with the server's sentence (`text`). */
export type FormChange = Change & { text?: string };

/** The export file of Template/export. */
export interface FormExportFile {
  $schema: string;
  schemaVersion: number;
  kind: 'form';
  id: string;
  revision: number;
  definition: FormDefinition;
  [key: string]: unknown;
}

/** Answer of Template/add: the new form's ids and its empty draft. */
export interface NewForm {
  id: string;
  key: string;
  entity: string;
  group: string;
  definition: FormDefinition;
}

/**
 * Texts of page `id` in `locale` (Template/page answers them in the request's language, so this one call
 * sets its own X-Lang); {} when the page is not served (a designer-made form never published).
 */
async function pageTextsIn(id: string, locale: 'zh-CN' | 'en-US'): Promise<Record<string, string>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Lang': locale };
  const { token, uuid } = host().session();
  if (token) headers['X-Token'] = token;
  if (uuid) headers['X-uuid'] = uuid;
  try {
    const res = await fetch(host().href('/api/Template/page'), { method: 'POST', headers, body: JSON.stringify({ id }) });
    const env = (await res.json()) as { code: number; data?: PageBundle };
    return env.code === 0 && env.data?.texts ? env.data.texts : {};
  } catch {
    return {};
  }
}

/** The calls (see the module comment). */
export const formsetApi = {
  list: () => post<FormRow[]>('Template/list', {}),
  /** The page bundle of form `id` in the caller's language (shared dicts, texts); rejects silently. */
  bundle: (id: string) => post<PageBundle>('Template/page', { id }, { silent: true }),
  pageTextsIn,
  revisions: (id: string) => post<FormRevisions>('Template/revisions', { id }),
  revision: (id: string, revision: number) => post<{ id: string; revision: number; definition: FormDefinition }>('Template/revision', { id, revision }),
  /** The changes from `from` to `to` (a revision, 'draft' or 'current'). */
  diff: (id: string, from: number | 'draft' | 'current', to: number | 'draft' | 'current') =>
    post<{ from: number | 'draft'; to: number | 'draft'; changes: FormChange[] }>('Template/diff', { id, from, to }),
  draft: (id: string) => post<{ id: string; definition: FormDefinition; updatedAt: number; authorId: number | null } | null>('Template/draft', { id }),
  /** Saves the draft as it is (no check; Template/formedit). */
  saveDraft: (id: string, definition: FormDefinition) => post<{ id: string; updatedAt: number }>('Template/formedit', { id, definition }),
  deleteDraft: (id: string) => post<{ deleted: number }>('Template/formdelete', { id }),
  /** Publishes `definition` (checked by the server; a refusal is the caller's to show). */
  publish: (id: string, definition: FormDefinition, comment: string) =>
    post<{ id: string; revision: number }>('Template/set', { id, definition, comment }, { silent: true }),
  restore: (id: string, revision: number) => post<{ id: string; revision: number; restoredFrom: number }>('Template/restore', { id, revision }),
  /** The export file of the current revision (the server answers the file itself, not an envelope). */
  exportFile: (id: string) => post<FormExportFile>('Template/export', { id }),
  /** Imports an export file's text and publishes it; a refusal (e.g. a newer format) is the caller's to show. */
  importFile: (file: string) => post<{ id: string; revision?: number; draft?: boolean }>('Template/importform', { file }, { silent: true }),
  /** Creates a designer-made form (Template/add); a refusal is the caller's to show. */
  add: (title: string) => post<NewForm>('Template/add', { title }, { silent: true }),
  /** Deletes a designer-made form no record uses (Template/delete). */
  remove: (id: string) => post<{ id: string; deleted: true }>('Template/delete', { id }),
  /** Pinyin of a label (Form/getpinyin). */
  pinyin: (text: string) => post<{ pinyin: string; first: string }>('Form/getpinyin', { text }),
  /** Published flows (Flowset/list), to bind a form to the flow its submit starts. */
  flows: () =>
    post<{ list: { id: string; title: { t: string; d: string }; entity: string | null }[]; total: number }>(
      'Flowset/list',
      { current: 1, pageSize: 200 },
      { silent: true },
    ),
};
