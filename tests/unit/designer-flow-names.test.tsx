/**
 * The flow designer's nodes name the chosen people (designer/flow assigneeNames): users, roles and positions of a
 * node's rules are resolved through the organisation data and shown on the canvas instead of the rule kind
 * (指定成员); a long list is shortened with a count; a name the server does not know falls back to the kind.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import '@app/i18n';
import { i18n } from '@app/i18n';
import { FlowDesigner } from '../../designer/flow';
import type { FlowDef } from '../../engine/flow';
import type { EntityModel } from '../../engine/schema/types';
import { approve, flow, text } from './flow/helpers';

const USERS: Record<string, string> = { '7': '张三', '8': '李四', '9': '王五', '10': '赵六' };
const asked: number[][] = [];

vi.mock('../../engine/data/api', () => ({
  resource: () => ({
    list: () =>
      Promise.resolve({
        list: [
          { id: 1, code: 'office_head', name: '办公室主任' },
          { id: 2, code: 'secretary', name: '秘书' },
        ],
        total: 2,
      }),
  }),
  selector: {
    position: () => Promise.resolve([{ id: 3, name: '科员', count: 4 }]),
    getlist: ({ users }: { users: number[] }) => {
      asked.push(users);
      return Promise.resolve({ users: Object.fromEntries(users.filter((u) => USERS[u]).map((u) => [String(u), USERS[u]])), depts: {} });
    },
    search: () => Promise.resolve({ users: [], depts: [] }),
  },
}));

afterEach(() => {
  cleanup();
  asked.length = 0;
});

const model: EntityModel = {
  type: 'object',
  properties: { handler: { type: 'integer', 'x-title': text('经办人'), 'x-kind': 'user' } },
};

function show(def: FlowDef, lang = 'zh-CN') {
  void i18n.changeLanguage(lang);
  render(
    <App>
      <FlowDesigner definition={def} model={model} height={500} />
    </App>,
  );
}

const summary = (id: string) => screen.getByTestId(`flowd-node-${id}`).querySelector('.oa-flowd-summary')?.textContent ?? '';

describe('flow designer node names', () => {
  it('shows the chosen users by name, not 指定成员', async () => {
    show(flow([approve('leader', [7, 8])]));
    await waitFor(() => expect(summary('leader')).toContain('张三、李四'));
    expect(summary('leader')).not.toContain('指定成员');
    expect(asked).toEqual([[7, 8]]);
  });

  it('shortens a long list with a count and names roles and positions', async () => {
    show(
      flow([
        approve('many', [7, 8, 9, 10]),
        approve('office', [{ kind: 'roles', roles: ['office_head', 'secretary'] }]),
        approve('staff', [{ kind: 'positions', positions: [3] }]),
        approve('field', [{ kind: 'formField', field: 'handler' }]),
        approve('boss', [{ kind: 'leader', level: 2, of: 'initiator' }]),
      ]),
    );
    await waitFor(() => expect(summary('many')).toContain('张三、李四、王五 等 4 个'));
    await waitFor(() => expect(summary('office')).toContain('办公室主任、秘书'));
    await waitFor(() => expect(summary('staff')).toContain('科员'));
    expect(summary('field')).toContain('表单的经办人');
    expect(summary('boss')).toContain('第 2 级主管');
  });

  it('falls back to the rule kind for people the server does not know, and speaks English', async () => {
    show(flow([approve('gone', [404]), approve('known', [9])]), 'en-US');
    await waitFor(() => expect(summary('known')).toContain('王五'));
    expect(summary('gone')).toContain('Specific people');
    expect(summary('gone')).not.toContain('404');
    void i18n.changeLanguage('zh-CN');
  });
});
