/**
 * Pieces of the form and flow design pages (表单设计, 流程设计): the header (返回列表, title, the state
 * line — 草稿 / 已发布 / not yet published — and 有未保存的修改, then the page's own controls, 放弃草稿, 保存草稿
 * and 发布), the alerts of a refused publish, the publish dialog (comment + 发布) and the leave guards (the
 * browser's unload and 返回列表 while changes are unsaved, the 放弃草稿 confirmation). Texts come from the page's
 * namespace (`design.*`); test ids start with the page's prefix (`form`, `flowset`).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, App, Button, Input, List, Modal, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ListKind } from './ListParts';
import { FullscreenButton } from './Fullscreen';
import { formatTime } from '../../engine/renderers/time';

/** What the page edits: the draft saved at `updatedAt`, a published revision, or nothing published yet. */
export type DesignStatus = { kind: 'draft'; updatedAt: number } | { kind: 'published' | 'unpublished'; text: string };

/**
 * The leave guards of a design page with unsaved changes (`dirty`): the browser's unload, `back` (to `listPath`,
 * confirmed while dirty) and `confirmDiscard` (放弃草稿 after a confirmation, then `onOk`).
 */
export function useDesignGuards(ns: ListKind['ns'], dirty: boolean, listPath: string) {
  const { t } = useTranslation(ns);
  const { modal } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);
  const back = () => {
    if (!dirty) return navigate(listPath);
    modal.confirm({
      title: t('design.unsaved'),
      content: t('design.leaveConfirm'),
      okText: t('design.back'),
      cancelText: t('design.cancel'),
      onOk: () => navigate(listPath),
    });
  };
  const confirmDiscard = (onOk: () => Promise<void>) =>
    modal.confirm({ title: t('design.discard'), content: t('design.discardConfirm'), okText: t('design.discard'), cancelText: t('design.cancel'), onOk });
  return { back, confirmDiscard };
}

/** Props of DesignHeader; `children` are the page's own controls, shown before 放弃草稿. */
export interface DesignHeaderProps extends ListKind {
  title: string;
  subtitle: string;
  status: DesignStatus | null;
  dirty: boolean;
  busy: boolean;
  canDiscard: boolean;
  onBack: () => void;
  onDiscard: () => void;
  onSave: () => void;
  onPublish: () => void;
  /** Full-screen mode (./Fullscreen): its toggle is shown before 发布 when given. */
  fullscreen?: { on: boolean; toggle: () => void };
  children?: ReactNode;
}

/** The header and state line (see the module comment). */
export function DesignHeader(p: DesignHeaderProps) {
  const { t } = useTranslation(p.ns);
  const s = p.status;
  return (
    <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
      <Space wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={p.onBack} data-testid={`${p.prefix}-back`}>
          {t('design.back')}
        </Button>
        <Typography.Text strong>{p.title}</Typography.Text>
        <Typography.Text type="secondary">{p.subtitle}</Typography.Text>
        {s?.kind === 'draft' ? <Tag color="orange">{t('design.editingDraft', { time: formatTime(s.updatedAt) })}</Tag> : null}
        {s && s.kind !== 'draft' ? <Tag color={s.kind === 'published' ? 'blue' : undefined}>{s.text}</Tag> : null}
        {p.dirty ? <Tag color="red">{t('design.unsaved')}</Tag> : null}
      </Space>
      <Space wrap>
        {p.children}
        {p.canDiscard ? (
          <Button danger onClick={p.onDiscard} disabled={p.busy} data-testid={`${p.prefix}-discard`}>
            {t('design.discard')}
          </Button>
        ) : null}
        <Button onClick={p.onSave} loading={p.busy} disabled={!p.dirty} data-testid={`${p.prefix}-save-draft`}>
          {t('design.saveDraft')}
        </Button>
        <Button type="primary" onClick={p.onPublish} disabled={p.busy} data-testid={`${p.prefix}-publish`}>
          {t('design.publish')}
        </Button>
        {p.fullscreen ? <FullscreenButton ns={p.ns} prefix={p.prefix} on={p.fullscreen.on} onToggle={p.fullscreen.toggle} /> : null}
      </Space>
    </Space>
  );
}

/** Props of PublishAlerts: the problems that refused a publish (one line each) and the server's refusal. */
export interface PublishAlertsProps extends ListKind {
  refused: string[] | null;
  serverError: string | null;
  onCloseRefused: () => void;
  onCloseServerError: () => void;
}

/** The alerts of a refused publish (`<prefix>-refused`, `<prefix>-server-error`). */
export function PublishAlerts({ ns, prefix, refused, serverError, onCloseRefused, onCloseServerError }: PublishAlertsProps) {
  const { t } = useTranslation(ns);
  return (
    <>
      {refused ? (
        <Alert
          type="error"
          showIcon
          closable
          onClose={onCloseRefused}
          style={{ marginBottom: 12 }}
          title={t('design.refusedTitle', { count: refused.length })}
          description={<List size="small" dataSource={refused} renderItem={(line) => <List.Item>{line}</List.Item>} />}
          data-testid={`${prefix}-refused`}
        />
      ) : null}
      {serverError ? (
        <Alert
          type="error"
          showIcon
          closable
          onClose={onCloseServerError}
          style={{ marginBottom: 12 }}
          title={serverError}
          data-testid={`${prefix}-server-error`}
        />
      ) : null}
    </>
  );
}

/** Props of PublishDialog: `onOk` gets the trimmed comment; `maxLength` of the comment. */
export interface PublishDialogProps extends ListKind {
  open: boolean;
  busy: boolean;
  maxLength: number;
  onOk: (comment: string) => void;
  onCancel: () => void;
}

/** The publish dialog: a comment (empty on every opening) and 发布. */
export function PublishDialog({ ns, prefix, open, busy, maxLength, onOk, onCancel }: PublishDialogProps) {
  const { t } = useTranslation(ns);
  const [comment, setComment] = useState('');
  useEffect(() => {
    if (open) setComment('');
  }, [open]);
  return (
    <Modal
      open={open}
      title={t('design.publishTitle')}
      okText={t('design.publishOk')}
      cancelText={t('design.cancel')}
      confirmLoading={busy}
      onOk={() => onOk(comment.trim())}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('design.comment')}</Typography.Paragraph>
      <Input.TextArea
        rows={3}
        maxLength={maxLength}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        placeholder={t('design.commentPlaceholder')}
        data-testid={`${prefix}-publish-comment`}
      />
    </Modal>
  );
}
