/**
 * 版本记录 of a flow ("Revisions") for the shared drawer (designer/shared/RevisionsDrawer): the published
 * versions (Flowset/revisions, named `v<n>`), the diff between two as the server's sentences (Flowset/diff,
 * rendered with engine/schema renderChange) and 恢复 (Flowset/restore). A row without author shows its source.
 */
import type { RevisionsAdapter } from '../../shared/RevisionsDrawer';
import { flowsetApi, type FlowChange, type FlowRevisions } from './api';

/** The flow revisions adapter (see the module comment). */
export const flowRevisions: RevisionsAdapter<FlowRevisions['list'][number], FlowChange> = {
  ns: 'flowset',
  unit: 'version',
  testid: 'flowset-revisions',
  prefix: 'rev',
  width: 720,
  numberWidth: 110,
  revisions: (id) => flowsetApi.revisions(id),
  number: (r) => r.version,
  label: (n, t) => t('list.versionTag', { version: n }),
  noAuthor: (r, t) => t(`list.source.${r.source}`, { defaultValue: r.source }),
  noComment: (_r, t) => t('rev.noComment'),
  diff: (id, from, to) => flowsetApi.diff(id, from, to).then((r) => r.changes),
  sentence: (c) => c.text,
  restore: (id, n) => flowsetApi.restore(id, n).then((r) => r.version),
};
