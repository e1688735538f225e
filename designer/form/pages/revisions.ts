/**
 * 版本记录 of a form ("Revisions") for the shared drawer (designer/shared/RevisionsDrawer): the published
 * revisions with the shipped base last as revision 0 (Template/revisions, named `第 n 版` and `内置版本`), the diff
 * between two as sentences in the reader's language (Template/diff, rendered here with engine/schema renderChange
 * and the `revisions` namespace; the flow a form starts is named by its title, see namedFlows), 恢复
 * (Template/restore) and the overlay conflicts the server reports.
 */
import { renderChange } from '../../../engine/schema/diffText';
import type { RevisionsAdapter } from '../../shared/RevisionsDrawer';
import { formsetApi, type FormChange, type FormRevisionRow } from './api';

/** The form revisions adapter (see the module comment). */
export const formRevisions: RevisionsAdapter<FormRevisionRow, FormChange> = {
  ns: 'formset',
  unit: 'revision',
  testid: 'form-revisions',
  prefix: 'form-rev',
  width: 760,
  numberWidth: 130,
  revisions: (id) => formsetApi.revisions(id),
  number: (r) => r.revision,
  label: (n, t) => (n === 0 ? t('rev.base') : t('rev.revisionTag', { revision: n })),
  noAuthor: (r, t) => (r.base ? t('rev.shipped') : ''),
  noComment: (r, t) => (r.restoredFrom != null ? t('rev.restoredFrom', { revision: r.restoredFrom }) : t('rev.noComment')),
  diff: (id, from, to) => formsetApi.diff(id, from, to).then((r) => namedFlows(r.changes, formsetApi.flows)),
  sentence: (c, t) => renderChange(c, (k, p) => t(k, { ...(p ?? {}), ns: 'revisions' })) || c.text || '',
  restore: (id, n) => formsetApi.restore(id, n).then((r) => r.revision),
};

const startsFlow = (c: FormChange) => c.target === 'form' && c.property === 'flow';

/**
 * `changes` with the flow a form starts (property `flow`, a flow id) named by the flow's title from `flows`
 * (Flowset/list) — “流程 无 → 事务审批”, not the id; an id no flow has, or no answer, leaves the id.
 */
export async function namedFlows(changes: FormChange[], flows: () => Promise<{ list: { id: string; title: { d: string } }[] }>): Promise<FormChange[]> {
  if (!changes.some(startsFlow)) return changes;
  const titles = await flows().then(
    (r) => new Map(r.list.map((f) => [f.id, f.title.d])),
    () => new Map<string, string>(),
  );
  const name = (v: unknown) => (typeof v === 'string' && titles.get(v)) || v;
  return changes.map((c) => (startsFlow(c) ? { ...c, before: name(c.before), after: name(c.after), text: undefined } : c));
}
