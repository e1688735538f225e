/**
 * The 正文 widget of the 拟稿 form (src/areas/document/client/widgets/DocBody.tsx, `docBody`): the rich-text editor plus 「套用模板」 — the
 * templates of document/templateList grouped by 公文种类 (or only the form's current kind when the form context
 * carries it), a preview of the one picked, and 「套用」 putting its HTML into the field; a 正文 with text is replaced
 * only after the user confirms.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import '@app/i18n';
import type { EngineHost } from '../../engine/host';
import { installTestHost } from './testHost';

const calls = vi.hoisted(() => ({ posts: [] as Array<[string, unknown]> }));
const TEMPLATES = [
  { id: 1, doc_type: '8', doc_type_label: '通知', name: '通知（部署工作）', body: '<p>各区人民政府：</p><h1>一、总体要求</h1><p>特此通知。</p>' },
  { id: 2, doc_type: '11', doc_type_label: '请示', name: '请示（事项审批）', body: '<p>市人民政府：</p><h1>一、基本情况</h1><p>妥否，请批示。</p>' },
];
installTestHost({
  call: (async (url: string, body: { doc_type?: string }) => {
    calls.posts.push([url, body]);
    return TEMPLATES.filter((x) => !body.doc_type || x.doc_type === body.doc_type);
  }) as EngineHost['call'],
});

const { DocBodyWidget } = await import('../../src/areas/document/client/widgets/DocBody');

afterEach(() => {
  cleanup();
  calls.posts.length = 0;
});

function widget(value: string | undefined, formContext: Record<string, unknown> = {}, readonly = false) {
  const onChange = vi.fn();
  const props = {
    id: 'root_body',
    name: 'body',
    value,
    onChange,
    registry: { formContext },
    options: {},
    schema: {},
    label: '正文',
    disabled: false,
    readonly,
    rawErrors: [],
    onBlur: () => undefined,
    onFocus: () => undefined,
  } as unknown as WidgetProps;
  render(<DocBodyWidget {...props} />);
  return onChange;
}

async function openAndPick(name: string) {
  fireEvent.click(screen.getByTestId('docbody-templates'));
  const list = await screen.findByTestId('docbody-list');
  fireEvent.click(within(list).getByText(name));
  await waitFor(() => expect(screen.getByTestId('docbody-preview').textContent).toContain(name.startsWith('请示') ? '妥否，请批示。' : '特此通知。'));
}

const QUESTION = '套用模板将替换当前已填写的正文，是否继续？';
/** The confirm dialog asking before the 正文 is replaced (the last one shown). */
async function question(): Promise<HTMLElement> {
  const shown = await screen.findAllByText(QUESTION);
  return shown[shown.length - 1].closest('.ant-modal') as HTMLElement;
}
const applyButton = () => screen.getByRole('button', { name: /^套\s?用$/ });

describe('docBody widget', () => {
  it('lists every template grouped by 公文种类 when the form kind is unknown; 套用 fills an empty 正文', async () => {
    const onChange = widget(undefined);
    fireEvent.click(screen.getByTestId('docbody-templates'));
    const list = await screen.findByTestId('docbody-list');
    expect(calls.posts).toEqual([['document/templateList', {}]]);
    expect(list.textContent).toContain('通知');
    expect(list.textContent).toContain('请示（事项审批）');
    expect((applyButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(list).getByText('请示（事项审批）'));
    await waitFor(() => expect(screen.getByTestId('docbody-preview').textContent).toContain('妥否，请批示。'));
    fireEvent.click(applyButton());
    expect(onChange).toHaveBeenCalledWith(TEMPLATES[1].body);
  });

  it('asks before replacing a 正文 with text; cancelling keeps it', async () => {
    const onChange = widget('<p>已经写好的正文</p>');
    await openAndPick('通知（部署工作）');
    fireEvent.click(applyButton());
    fireEvent.click(within(await question()).getByRole('button', { name: /^取\s?消$/ }));
    expect(onChange.mock.calls.map((c) => c[0])).not.toContain(TEMPLATES[0].body);
    fireEvent.click(applyButton());
    fireEvent.click(within(await question()).getByRole('button', { name: /^确\s?定$/ }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(TEMPLATES[0].body));
  });

  it('an empty paragraph counts as empty: no question', async () => {
    const onChange = widget('<p></p>');
    await openAndPick('通知（部署工作）');
    fireEvent.click(applyButton());
    expect(onChange).toHaveBeenCalledWith(TEMPLATES[0].body);
  });

  it('asks only for the form’s 公文种类 when the form context carries it', async () => {
    widget(undefined, { formData: { docType: '11' } });
    fireEvent.click(screen.getByTestId('docbody-templates'));
    const list = await screen.findByTestId('docbody-list');
    expect(calls.posts).toEqual([['document/templateList', { doc_type: '11' }]]);
    expect(list.textContent).toContain('请示（事项审批）');
    expect(list.textContent).not.toContain('通知（部署工作）');
  });

  it('read-only: the editor without the button', () => {
    widget('<p>正文</p>', {}, true);
    expect(screen.queryByTestId('docbody-templates')).toBeNull();
  });
});
