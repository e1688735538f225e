/**
 * The 正文 widget of the 拟稿 form (`docBody` "正文: rich-text editing (tiptap) with templates per
 * 公文种类"): the rich-text editor (./RichText.tsx) plus a 「套用模板」 button. It opens the 正文 templates the user
 * may use (document/templateList: their unit's and the common ones; services/docTemplates.ts) — those of the form's
 * current 公文种类 when the form context carries the live form data (`formData.docType`), else all of them grouped
 * by 公文种类 — previews the one picked and, on 「套用」, puts its HTML into the field, asking first when the 正文
 * already has text. Read-only forms show the editor alone.
 */
import { useState } from 'react';
import { Button, Empty, List, Modal, Space, Spin, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { RichTextWidget } from '../../../../../widgets/RichText';
import { sanitizeHtml } from '../../../../../widgets/sanitize';
import { host } from '../../../../../engine/host';

/** One 正文 template as document/templateList answers it. */
export interface BodyTemplate {
  id: number;
  /** 公文种类 code (dict document_type) and its label in the user's locale. */
  doc_type: string;
  doc_type_label: string;
  name: string;
  /** HTML of the editor. */
  body: string;
}

/** The 公文种类 of the form, when its context carries the live form data; undefined otherwise. */
export function currentDocType(p: Pick<WidgetProps, 'registry'>): string | undefined {
  const ctx = p.registry?.formContext as { formData?: { docType?: unknown } } | undefined;
  const v = ctx?.formData?.docType;
  return typeof v === 'string' && v ? v : undefined;
}

/** Whether an HTML value has any text (an empty paragraph does not count). */
export function hasText(html: unknown): boolean {
  return (
    typeof html === 'string' &&
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() !== ''
  );
}

/** Templates grouped by 公文种类, in the order the server gives (dictionary order). */
function groups(list: BodyTemplate[]): Array<{ kind: string; label: string; items: BodyTemplate[] }> {
  const out: Array<{ kind: string; label: string; items: BodyTemplate[] }> = [];
  for (const tpl of list) {
    let g = out.find((x) => x.kind === tpl.doc_type);
    if (!g) out.push((g = { kind: tpl.doc_type, label: tpl.doc_type_label, items: [] }));
    g.items.push(tpl);
  }
  return out;
}

/** The docBody widget (see the module comment). */
export function DocBodyWidget(p: WidgetProps) {
  const { t } = useTranslation('form');
  const [modal, holder] = Modal.useModal();
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<BodyTemplate[] | null>(null);
  const [picked, setPicked] = useState<BodyTemplate | null>(null);
  const editable = !p.readonly && !p.disabled;
  const show = async () => {
    // Read when the dialog opens: the 公文种类 may have changed since this widget last drew.
    const kind = currentDocType(p);
    setOpen(true);
    setPicked(null);
    setList(null);
    try {
      setList(await host().call<BodyTemplate[]>('document/templateList', kind ? { doc_type: kind } : {}));
    } catch {
      setList([]);
    }
  };
  const apply = (tpl: BodyTemplate) => {
    setOpen(false);
    p.onChange(tpl.body);
  };
  const confirmApply = () => {
    if (!picked) return;
    if (!hasText(p.value)) return apply(picked);
    void modal.confirm({
      title: t('widget.docBodyReplaceTitle'),
      content: t('widget.docBodyReplace'),
      okText: t('widget.ok'),
      cancelText: t('widget.cancel'),
      onOk: () => apply(picked),
    });
  };

  return (
    <div className="oa-docbody">
      {editable && (
        <Space style={{ marginBottom: 4 }}>
          <Button size="small" icon={<FileTextOutlined />} onClick={() => void show()} data-testid="docbody-templates">
            {t('widget.docBodyTemplates')}
          </Button>
        </Space>
      )}
      <RichTextWidget {...p} />
      <Modal
        open={open}
        title={t('widget.docBodyPick')}
        width={760}
        okText={t('widget.docBodyApply')}
        cancelText={t('widget.cancel')}
        okButtonProps={{ disabled: !picked }}
        onOk={confirmApply}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {list === null ? (
          <Spin />
        ) : list.length === 0 ? (
          <Empty description={t('widget.docBodyNone')} />
        ) : (
          <div style={{ display: 'flex', gap: 16 }}>
            <div style={{ width: 240, maxHeight: 420, overflow: 'auto' }} data-testid="docbody-list">
              {groups(list).map((g) => (
                <List
                  key={g.kind}
                  size="small"
                  header={<Typography.Text strong>{g.label}</Typography.Text>}
                  dataSource={g.items}
                  renderItem={(tpl) => (
                    <List.Item
                      onClick={() => setPicked(tpl)}
                      style={{ cursor: 'pointer', background: picked?.id === tpl.id ? '#e6f4ff' : undefined, paddingInline: 8 }}
                      data-testid={`docbody-item-${tpl.id}`}
                    >
                      {tpl.name}
                    </List.Item>
                  )}
                />
              ))}
            </div>
            <div
              style={{ flex: 1, maxHeight: 420, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: '4px 12px' }}
              data-testid="docbody-preview"
            >
              {picked ? (
                <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(picked.body) }} />
              ) : (
                <Typography.Text type="secondary">{t('widget.docBodyPreview')}</Typography.Text>
              )}
            </div>
          </div>
        )}
      </Modal>
      {holder}
    </div>
  );
}
