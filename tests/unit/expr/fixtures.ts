import type { EntityModel, ModelProperty } from '@engine/schema/types';

const p = (kind: ModelProperty['x-kind'], type: string, extra: Record<string, unknown> = {}): ModelProperty => ({
  type,
  'x-kind': kind,
  'x-title': { t: `test.${kind}`, d: String(kind) },
  ...extra,
});

/** A sample model with every field kind (an expense claim). */
export const sampleModel: EntityModel = {
  type: 'object',
  required: ['title'],
  properties: {
    title: p('text', 'string'),
    remark: p('textarea', 'string'),
    body: p('richtext', 'string'),
    count: p('integer', 'integer'),
    rate: p('number', 'number'),
    amount: p('money', 'number'),
    urgent: p('boolean', 'boolean'),
    applyDate: p('date', 'string'),
    submittedAt: p('datetime', 'string'),
    period: p('daterange', 'array', { items: { type: 'string' } }),
    level: p('dict', 'string', { 'x-dict': 'common.urgency' }),
    tags: p('dict', 'array', { 'x-dict': 'common.tags', items: { type: 'string' } }),
    owner: p('user', 'integer'),
    members: p('users', 'array', { items: { type: 'integer' } }),
    dept: p('dept', 'integer'),
    depts: p('depts', 'array', { items: { type: 'integer' } }),
    files: p('attachments', 'array'),
    items: p('subtable', 'array', {
      items: {
        type: 'object',
        properties: {
          name: p('text', 'string'),
          qty: p('integer', 'integer'),
          price: p('money', 'number'),
        },
      },
    }),
    plain: { type: 'number', 'x-title': { t: 'test.plain', d: 'plain' } },
    'not-an-identifier': p('text', 'string'),
  },
};
