/**
 * ApprovalPage (engine/renderers/ApprovalPage.tsx) opened on another entity's page: a 收文 reminder names the
 * area's 发文 page (/document/show-audit/:id); the page moves to the route flow/info names in `open`
 * (/document/show/:id?) instead of drawing the 收文 under the 发文 form, unless the user has gone to another page
 * meanwhile. The page's own instances stay.
 * flow/*, Template/page and selector are mocked; navigation goes to the test host.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import '@app/i18n';
import type { InstanceView } from '../../engine/data/flow';
import type { PageBundle } from '../../engine/schema/bundle';
import type { ApprovalPageDef, FormPageDef } from '../../engine/schema/types';
import { bundleOf, renderWithUser, userWith } from './list-fixture';
import { approve, flow, Harness } from './flow/helpers';
import { installTestHost } from './testHost';

const state = vi.hoisted(() => ({
  view: null as unknown,
  moves: [] as { to: string; opts?: { replace?: boolean } }[],
  path: '/document/show-audit/9',
  infoGate: null as Promise<void> | null,
}));

vi.mock('../../engine/data/flow', () => ({
  flowApi: { info: async () => (await state.infoGate, state.view), act: async () => state.view, log: async () => [], actions: async () => [] },
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
    selector: {
      getlist: async () => ({ users: {}, depts: {} }),
      search: async () => ({ users: [], depts: [] }),
      tree: async () => [],
      getrecent: async () => [],
    },
    files: { upload: async () => ({}), download: async () => ({}) },
  };
});

const { ApprovalPage, otherApprovalPath } = await import('../../engine/renderers/ApprovalPage');

const def = flow([approve('register', [2], { title: { t: 'x.register', d: '登记' } })]);

/** A running instance 9 over `entity` whose flow's approval route is `open`. */
function viewOf(entity: string, open: string): InstanceView & { open: string } {
  const h = new Harness(def, { initiator: 2, data: { title: '关于做好安全生产工作的通知' } });
  h.start();
  return {
    id: 9,
    defId: def.id,
    defVersion: 1,
    title: '关于做好安全生产工作的通知',
    status: 'running',
    entity,
    recordId: 3,
    initiator: 2,
    createdAt: h.state.createdAt,
    startedAt: h.state.startedAt ?? null,
    endedAt: null,
    version: 2,
    state: h.state,
    definition: def,
    actions: [],
    open,
  };
}

const SEND_PAGE = { route: '/document/show-audit/:id', entity: 'document.send' };

function sendPage(): PageBundle {
  const base = bundleOf('receptions.reception.form');
  const page = {
    $schema: '../../_meta/page.schema.json',
    schemaVersion: 1,
    id: 'document.send.approval',
    kind: 'page',
    pageKind: 'approval',
    title: { t: 'x.send', d: '发文办理' },
    form: 'receptions.reception.form',
    ...SEND_PAGE,
  } as ApprovalPageDef;
  return { ...base, page };
}

/** The host's location is where the user is now (`state.path`); its moves are recorded in `state.moves`. */
const hostAtPath = () =>
  installTestHost({ location: () => ({ pathname: state.path, search: '' }), navigate: (to, opts) => void state.moves.push({ to, opts }) });
hostAtPath();
afterEach(() => {
  cleanup();
  hostAtPath();
  state.moves.length = 0;
  state.path = '/document/show-audit/9';
  state.infoGate = null;
});

describe('an approval page showing another entity’s instance', () => {
  it('names the route of the instance’s own page, and nothing for its own or entity-less instances', () => {
    expect(otherApprovalPath(SEND_PAGE, { id: 9, entity: 'document.receive', open: '/document/show/:id?' })).toBe('/document/show/9');
    expect(otherApprovalPath(SEND_PAGE, { id: 9, entity: 'document.send', open: '/document/show-audit/:id' })).toBeNull();
    expect(otherApprovalPath(SEND_PAGE, { id: 9, entity: null, open: '/affair/show-audit/:id' })).toBeNull();
    expect(otherApprovalPath(SEND_PAGE, { id: 9, entity: 'document.receive', open: null })).toBeNull();
  });

  it('a 收文 opened on the 发文 page replaces the location with /document/show/:id', async () => {
    state.view = viewOf('document.receive', '/document/show/:id?');
    renderWithUser(<ApprovalPage bundle={sendPage()} recordId={9} />, userWith([]));
    await waitFor(() => expect(state.moves).toEqual([{ to: '/document/show/9', opts: { replace: true } }]));
    expect(screen.queryByText('关于做好安全生产工作的通知')).toBeNull();
  });

  it('a 发文 stays on its page', async () => {
    state.view = viewOf('document.send', '/document/show-audit/:id');
    renderWithUser(<ApprovalPage bundle={sendPage()} recordId={9} />, userWith([]));
    expect(await screen.findByText('关于做好安全生产工作的通知')).toBeTruthy();
    expect(state.moves).toEqual([]);
  });

  it('an answer that arrives after the user went to another page moves nobody', async () => {
    state.view = viewOf('document.receive', '/document/show/:id?');
    let answer = () => undefined as void;
    state.infoGate = new Promise<void>((r) => (answer = r));
    renderWithUser(<ApprovalPage bundle={sendPage()} recordId={9} />, userWith([]));
    state.path = '/document/gwqsshow/1';
    answer();
    await waitFor(() => expect(screen.queryByText('关于做好安全生产工作的通知')).toBeNull());
    await new Promise((r) => setTimeout(r, 50));
    expect(state.moves).toEqual([]);
  });
});
