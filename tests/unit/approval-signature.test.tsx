/**
 * 手写签名 on the approval page ("opinion box with 常用语, handwritten-signature image optional"):
 * the opinion box offers 附手写签名 only to someone with a signature; ticked, 同意 sends `signature: true` and
 * the box previews the image; the flow log shows the image under the opinion of an entry that carries one.
 * flow/*, Template/page, selector, File and Words calls are mocked.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render as rtl, screen, waitFor, within } from '@testing-library/react';
import '@app/i18n';
import { allowedActions, type FlowNode } from '../../engine/flow';
import type { InstanceView, FlowLogEntry } from '../../engine/data/flow';
import type { PageBundle } from '../../engine/schema/bundle';
import type { ApprovalPageDef, FormPageDef } from '../../engine/schema/types';
import type { UserInfo } from '@shared/types';
import { bundleOf, renderWithUser, userWith } from './list-fixture';
import { approve, flow, Harness } from './flow/helpers';

const calls = vi.hoisted(() => ({ act: [] as Record<string, unknown>[], view: null as unknown, downloads: [] as string[] }));

vi.mock('../../engine/data/flow', () => ({
  flowApi: {
    info: async () => calls.view,
    act: async (_id: number, _version: number | undefined, body: Record<string, unknown>) => {
      calls.act.push(body);
      return calls.view;
    },
    log: async () => [],
    actions: async () => [],
  },
}));

vi.mock('../../engine/data/api', async () => {
  const { bundleOf: formBundle } = await import('./list-fixture');
  return {
    loadPage: async () => {
      const base = formBundle('receptions.reception.form');
      const page = {
        ...(base.page as FormPageDef),
        layout: [{ id: 'g', type: 'grid', columns: 1, children: [{ id: 'f_title', type: 'field', field: 'title' }] }],
        computed: [],
        rules: [],
        validators: [],
      };
      return { ...base, page };
    },
    resource: () => ({ info: async () => ({ id: 1 }) }),
    selector: { getlist: async () => ({ users: { 1: '张三', 2: '李四', 3: '赵六' }, depts: {} }) },
    files: {
      upload: async () => ({}),
      download: async (id: string) => {
        calls.downloads.push(id);
        return { blob: new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), filename: 'sig.png' };
      },
    },
  };
});

vi.mock('../../engine/renderers/approval/words', () => ({ wordsApi: { list: async () => [], add: async () => ({ id: 9 }) } }));

const { ApprovalPage } = await import('../../engine/renderers/ApprovalPage');
const { FlowLog } = await import('../../engine/renderers/approval/FlowLog');

beforeAll(() => {
  let n = 0;
  URL.createObjectURL = () => `blob:signature-${++n}`;
});
afterEach(() => {
  cleanup();
  calls.act.length = 0;
});

const SIG = 'QmFkZ2VTaWduYXR1cmUwMQ';
const def = flow([
  approve('dept', [2], { title: { t: 'x.dept', d: '科室审核' } }),
  approve('leader', [3], { title: { t: 'x.leader', d: '领导审批' } }),
] as FlowNode[]);

function view(): InstanceView {
  const h = new Harness(def, { initiator: 1, data: { title: '考察接待' } });
  h.start();
  return {
    id: 7,
    defId: def.id,
    defVersion: 1,
    title: '关于考察接待的审批',
    status: 'running',
    entity: null,
    recordId: null,
    initiator: 1,
    createdAt: h.state.createdAt,
    startedAt: h.state.startedAt ?? null,
    endedAt: null,
    version: 2,
    state: h.state,
    definition: def,
    actions: allowedActions(def, h.state, 2),
  };
}

function bundle(): PageBundle {
  const base = bundleOf('receptions.reception.form');
  const page = {
    $schema: '../../_meta/page.schema.json',
    schemaVersion: 1,
    id: 'receptions.reception.approval',
    kind: 'page',
    pageKind: 'approval',
    title: { t: 'x.approval', d: '接待审批' },
    entity: 'receptions.reception',
    form: 'receptions.reception.form',
    route: '/affair/show-audit/:id',
  } as ApprovalPageDef;
  return { ...base, page };
}

const renderAs = (user: UserInfo) => renderWithUser(<ApprovalPage bundle={bundle()} recordId={7} />, user);
const opinionBox = () => {
  const el = screen.getByTestId('approval-opinion');
  return (el.tagName === 'TEXTAREA' ? el : el.querySelector('textarea')) as HTMLTextAreaElement;
};

describe('附手写签名 in the opinion box', () => {
  it('someone with a signature ticks it: the image is previewed and 同意 sends signature: true', async () => {
    calls.view = view();
    renderAs({ ...userWith([]), signature: SIG });
    const box = await screen.findByTestId('approval-signature');
    expect(box.textContent).toContain('附手写签名');
    expect(screen.queryByTestId('approval-signature-preview')).toBeNull();
    fireEvent.click(within(box).getByRole('checkbox'));
    const img = (await screen.findByTestId('approval-signature-preview')) as HTMLImageElement;
    expect(img.alt).toBe('我的手写签名');
    expect(img.src).toMatch(/^blob:signature-/);
    fireEvent.change(opinionBox(), { target: { value: '同意' } });
    fireEvent.click(screen.getByTestId('approval-action-approve'));
    await waitFor(() => expect(calls.act).toHaveLength(1));
    expect(calls.act[0]).toMatchObject({ type: 'approve', opinion: '同意', signature: true });
  });

  it('left unticked, the action carries no signature; without a signature the box is not offered', async () => {
    calls.view = view();
    renderAs({ ...userWith([]), signature: SIG });
    await screen.findByTestId('approval-signature');
    fireEvent.click(screen.getByTestId('approval-action-approve'));
    await waitFor(() => expect(calls.act).toHaveLength(1));
    expect(calls.act[0]).not.toHaveProperty('signature');
    cleanup();
    renderAs({ ...userWith([]), signature: null });
    await screen.findByTestId('approval-action-approve');
    expect(screen.queryByTestId('approval-signature')).toBeNull();
  });
});

describe('the flow log', () => {
  it('shows the signature image under the opinion of the entry that carries one, and only there', async () => {
    const at = Date.parse('2026-09-30T10:00:00+08:00');
    const entries: FlowLogEntry[] = [
      { id: 1, at, actor: 1, actorName: '张三', type: 'start', nodeId: null, taskId: null, opinion: null, detail: null },
      {
        id: 2,
        at: at + 60_000,
        actor: 2,
        actorName: '李四',
        type: 'approve',
        nodeId: 'dept',
        taskId: 't1',
        opinion: '同意，请领导审批',
        detail: { signature: SIG },
      },
    ];
    rtl(<FlowLog entries={entries} nodeTitle={(id) => id} userName={(id) => String(id)} />);
    const img = (await screen.findByTestId('approval-log-signature-2')) as HTMLImageElement;
    expect(img.alt).toBe('李四的手写签名');
    expect(img.src).toMatch(/^blob:signature-/);
    const item = screen.getByTestId('approval-log-2');
    // Under the opinion.
    const opinion = within(item).getByText('同意，请领导审批');
    expect(opinion.compareDocumentPosition(img) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByTestId('approval-log-signature-1')).toBeNull();
    expect(calls.downloads).toContain(SIG);
  });
});
