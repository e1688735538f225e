/**
 * 版本记录 of a form (designer/form/pages/revisions): a change of the flow the form starts names the flows by
 * their titles, not their ids; without an answer from the flow list the ids stay.
 */
import { describe, expect, it } from 'vitest';
import '@app/i18n';
import { i18n } from '@app/i18n';
import { formRevisions, namedFlows } from '../../designer/form/pages/revisions';
import type { FormChange } from '../../designer/form/pages/api';

const flows = async () => ({
  list: [
    { id: 'affair.default', title: { t: 'affair.flow.default', d: '事务审批' } },
    { id: 'document.send', title: { t: 'document.flow.send', d: '发文办理' } },
  ],
});

const changes: FormChange[] = [
  { kind: 'changed', target: 'form', id: 'affair.affair.form', label: '拟稿', property: 'flow', before: 'affair.default', after: 'document.send', text: 'x' },
  { kind: 'changed', target: 'field', id: 'title', label: '标题', property: 'label', before: '标题', after: '事务标题' },
];

describe('form revisions', () => {
  it('names the flows a form starts by their titles', async () => {
    const t = i18n.getFixedT('zh-CN', 'formset');
    const named = await namedFlows(changes, flows);
    const sentence = formRevisions.sentence(named[0], t);
    expect(sentence).toContain('事务审批');
    expect(sentence).toContain('发文办理');
    expect(sentence).not.toContain('affair.default');
    expect(sentence).not.toContain('document.send');
    expect(named[1]).toBe(changes[1]);
  });

  it('keeps the ids when the flow list does not answer, and asks nothing without a flow change', async () => {
    let asked = 0;
    const failing = async () => {
      asked++;
      throw new Error('offline');
    };
    const named = await namedFlows(changes, failing);
    expect(formRevisions.sentence(named[0], i18n.getFixedT('zh-CN', 'formset'))).toContain('document.send');
    expect(await namedFlows([changes[1]], failing)).toEqual([changes[1]]);
    expect(asked).toBe(1);
  });
});
