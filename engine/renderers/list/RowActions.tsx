/**
 * The action links of one table row: view, edit, delete and entity actions, each shown only when
 * allowed (./model.ts rowActionsFor); delete and actions with a confirm text ask first (Popconfirm).
 * Up to four are links; beyond that the first four are links and the rest sit in a "more" menu. Props: `actions`, `record`, `tx`, `onRun`.
 */
import { useState } from 'react';
import { Button, Dropdown, Modal, Popconfirm, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EntityRecord } from '../../data/api';
import type { RowAction, TextFn } from './model';

/** Props of {@link RowActions}. */
export interface RowActionsProps {
  actions: RowAction[];
  record: EntityRecord;
  tx: TextFn;
  onRun: (action: RowAction, record: EntityRecord) => Promise<void> | void;
}

const INLINE = 4;

/** Width (px) of `text` at 14 px: wide (CJK) characters ~14 px, others ~8 px (as the headers of ./columns.tsx). */
const textWidth = (text: string) => [...text].reduce((w, ch) => w + (/[\u2e80-\uffef]/.test(ch) ? 14 : 8), 0);

/**
 * Width (px) the fixed 操作 column needs to show `labels` (every action a row may offer, in order) uncut: the first
 * four as links, the rest behind "more" (`more`: its label), with the cell's padding; never below `min`.
 */
export function rowActionsWidth(labels: string[], more: string, min = 260): number {
  const inline = labels.slice(0, INLINE);
  let w = inline.reduce((sum, l) => sum + textWidth(l) + 8, 0) + 4 * Math.max(0, inline.length - 1);
  if (labels.length > INLINE) w += 4 + textWidth(more) + 8 + 18;
  return Math.max(min, Math.ceil(w + 32));
}

/** Links of the row's actions. */
export function RowActions({ actions, record, tx, onRun }: RowActionsProps) {
  const { t } = useTranslation('renderer');
  const [busy, setBusy] = useState<string | null>(null);
  const [modal, holder] = Modal.useModal();
  const run = async (a: RowAction) => {
    setBusy(a.id);
    try {
      await onRun(a, record);
    } finally {
      setBusy(null);
    }
  };
  const confirmText = (a: RowAction) => (a.confirm ? tx(a.confirm) : a.type === 'delete' ? t('list.deleteConfirm') : '');
  const label = (a: RowAction) => tx(a.label, t(`list.action.${a.type}`));

  const inline = actions.slice(0, INLINE);
  const more = actions.slice(inline.length);

  return (
    <Space size={4} className="oa-row-actions" data-testid="row-actions">
      {holder}
      {inline.map((a) => {
        const text = confirmText(a);
        const link = (
          <Button
            key={a.id}
            type="link"
            size="small"
            danger={a.type === 'delete'}
            loading={busy === a.id}
            data-testid={`row-action-${a.id}`}
            onClick={text ? undefined : () => void run(a)}
            style={{ paddingInline: 4 }}
          >
            {label(a)}
          </Button>
        );
        return text ? (
          <Popconfirm key={a.id} title={text} okText={t('list.ok')} cancelText={t('list.cancel')} onConfirm={() => run(a)}>
            {link}
          </Popconfirm>
        ) : (
          link
        );
      })}
      {more.length > 0 && (
        <Dropdown
          menu={{
            items: more.map((a) => ({ key: a.id, label: <span data-testid={`row-action-${a.id}`}>{label(a)}</span>, danger: a.type === 'delete' })),
            onClick: ({ key }) => {
              const a = more.find((x) => x.id === key)!;
              const text = confirmText(a);
              if (!text) return void run(a);
              void modal.confirm({ title: text, okText: t('list.ok'), cancelText: t('list.cancel'), onOk: () => run(a) });
            },
          }}
        >
          <Button type="link" size="small" data-testid="row-actions-more" style={{ paddingInline: 4 }}>
            {t('list.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
