/**
 * The dialogs of the work lists (engine/renderers/WorkListPage.tsx):
 * - BatchApproveDialog (批量同意): one opinion (with 常用语) for the selected 待办, sent through flow/batch; then a
 *   summary — 成功 N 项, 失败 M 项 with each failure's title and reason — and `onDone` (the list reloads);
 * - UrgeDialog (催办): an optional message, sent as the machine's urge action through flow/act; then `onDone`; also
 *   the row dialog `urge` of declared work lists (UrgeRowDialog, registered by ./DeclaredWorkList.tsx).
 */
import { useState } from 'react';
import { Alert, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { flowApi, type BatchAnswer, type SuperviseRow, type TaskRow } from '../../data/flow';
import { host } from '../../host';
import { OpinionBox } from '../approval/OpinionBox';
import { OPINION_MAX } from '../approval/limits';
import type { RowDialogProps } from '../registry';
import { useDialogSubmit } from './useDialogSubmit';

/** Props of BatchApproveDialog. */
export interface BatchApproveDialogProps {
  /** The selected 待办 (open when non-empty and `open`). */
  rows: TaskRow[];
  open: boolean;
  onClose: () => void;
  /** After the batch ran (whatever the outcome): reload the list, clear the selection. */
  onDone: () => void;
}

/** 批量同意 (see the module comment). */
export function BatchApproveDialog({ rows, open, onClose, onDone }: BatchApproveDialogProps) {
  const { t } = useTranslation('renderer');
  const [opinion, setOpinion] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<BatchAnswer | null>(null);
  const submit = async () => {
    setBusy(true);
    try {
      const r = await flowApi.batch(
        rows.map((x) => ({ id: x.instanceId, taskId: x.taskId })),
        opinion.trim(),
      );
      setAnswer(r);
      setOpinion('');
      onDone();
    } catch {
      /* the HTTP layer has shown the refusal */
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setAnswer(null);
    onClose();
  };
  if (answer) {
    const failed = answer.results.filter((r) => !r.ok);
    return (
      <Modal
        open={open}
        title={t('worklist.batch.resultTitle')}
        onOk={close}
        onCancel={close}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText={t('worklist.batch.close')}
        destroyOnHidden
      >
        <Alert
          type={failed.length ? 'warning' : 'success'}
          showIcon
          title={t('worklist.batch.summary', { success: answer.success, failed: answer.failed })}
          data-testid="worklist-batch-summary"
        />
        {failed.length > 0 && (
          <ul className="oa-worklist-failures" data-testid="worklist-batch-failures" style={{ marginTop: 12, paddingInlineStart: 20 }}>
            {failed.map((r) => (
              <li key={r.taskId} style={{ marginBottom: 4 }}>
                <Typography.Text strong>{r.title ?? r.id}</Typography.Text>
                <Typography.Text type="secondary">{t('worklist.batch.reasonSep')}</Typography.Text>
                <Typography.Text type="danger">{r.reason}</Typography.Text>
              </li>
            ))}
          </ul>
        )}
      </Modal>
    );
  }
  return (
    <Modal
      open={open}
      title={t('worklist.batch.title', { count: rows.length })}
      okText={t('worklist.batch.ok')}
      onOk={() => void submit()}
      onCancel={close}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'worklist-batch-ok' }}
      destroyOnHidden
      width={560}
    >
      <Typography.Paragraph type="secondary">{t('worklist.batch.hint')}</Typography.Paragraph>
      <OpinionBox value={opinion} onChange={setOpinion} disabled={busy} />
    </Modal>
  );
}

/** Props of UrgeDialog. */
export interface UrgeDialogProps {
  /** The row to urge; null = closed. */
  row: SuperviseRow | null;
  onClose: () => void;
  /** After the urge was sent: reload the list (its urge count goes up). */
  onDone: () => void;
}

/** 催办 (see the module comment). */
export function UrgeDialog({ row, onClose, onDone }: UrgeDialogProps) {
  const { t } = useTranslation('renderer');
  const [message, setMessage] = useState('');
  const { busy, run } = useDialogSubmit(onClose, onDone);
  const submit = () =>
    row &&
    run(async () => {
      await flowApi.act(row.instanceId, undefined, { type: 'urge', ...(message.trim() ? { opinion: message.trim() } : {}) });
      host().notify.success(t('worklist.urge.done', { names: row.handlers.join(t('worklist.separator')) }));
      setMessage('');
    });
  return (
    <Modal
      open={!!row}
      title={t('worklist.urge.title')}
      okText={t('worklist.urge.ok')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'worklist-urge-ok' }}
      destroyOnHidden
    >
      {row && <Typography.Paragraph>{t('worklist.urge.to', { title: row.title, names: row.handlers.join(t('worklist.separator')) })}</Typography.Paragraph>}
      <Input.TextArea
        data-testid="worklist-urge-message"
        value={message}
        maxLength={OPINION_MAX}
        autoSize={{ minRows: 3, maxRows: 6 }}
        placeholder={t('worklist.urge.placeholder')}
        onChange={(e) => setMessage(e.target.value)}
      />
    </Modal>
  );
}

/** 催办 as the row dialog `urge` of declared work lists (registerRowDialog): the row needs instanceId, title and handlers. */
export function UrgeRowDialog({ row, onClose, onDone }: RowDialogProps) {
  return <UrgeDialog row={row as SuperviseRow | null} onClose={onClose} onDone={onDone} />;
}
