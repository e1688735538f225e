/**
 * 取消收藏 of one document (the row dialog `document.unfavorite` of the 收藏公文 list,
 * schemas/document/pages/scgw.page.json; registered by ../index.ts): asks first, then document/unfavorite, a toast and
 * `onDone` (the list reloads, also after a refusal the HTTP layer has shown, which keeps the dialog open). Texts from the `docextras` namespace.
 */
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RowDialogProps } from '../../../../../engine/renderers/registry';
import { host } from '../../../../../engine/host';
import { useDialogSubmit } from '../../../../../engine/renderers/worklist/useDialogSubmit';
import { docExtrasApi } from '../data/docExtras';

/** The confirmation (see the module comment). */
export function UnfavoriteDialog({ row, onClose, onDone }: RowDialogProps) {
  const { t } = useTranslation('docextras');
  const { busy, run } = useDialogSubmit(onClose, onDone);
  const submit = () =>
    row &&
    run(async () => {
      try {
        await docExtrasApi.unfavorite(row.id as number);
      } catch (e) {
        onDone(); // the document may be gone or hidden: show the list as it is now
        throw e;
      }
      host().notify.success(t('favorite.removed'));
    });
  return (
    <Modal
      open={!!row}
      title={t('favorite.removeTitle')}
      okText={t('favorite.remove')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ ...({ 'data-testid': 'favorite-remove-ok' } as object) }}
      destroyOnHidden
    >
      {row && t('favorite.removeContent', { title: String(row.title ?? '') })}
    </Modal>
  );
}
