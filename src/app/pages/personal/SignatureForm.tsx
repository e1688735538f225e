/**
 * Personal settings, 手写签名 tab ("handwritten-signature image optional"): the person's signature
 * image, uploaded through File/upload and kept with Person/saveSignature (PNG or JPEG, at most 512 KB —
 * checked here before uploading and again by the server), replaced or removed (Person/deleteSignature).
 * The user info's `signature` follows, so the approval page's 附手写签名 appears at once.
 */
import { useState } from 'react';
import { Button, Empty, Popconfirm, Space, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Code } from '@shared/codes';
import { files } from '../../../../engine/data/api';
import { SignatureImage } from '../../../../engine/renderers/approval/SignatureImage';
import { postRaw } from '../../services/http';
import { toast } from '../../services/feedback';
import { userAtom } from '../../stores/user';

/** Largest signature image, bytes (the server's SIGNATURE_MAX_BYTES). */
export const SIGNATURE_MAX_BYTES = 512 * 1024;
/** Image types a signature may have. */
export const SIGNATURE_TYPES = ['image/png', 'image/jpeg'];

/** Why `file` cannot be a signature (a setting.json key), or null when it can. */
export function signatureFileProblem(file: { type: string; size: number }): string | null {
  if (!SIGNATURE_TYPES.includes(file.type)) return 'signature.typeRefused';
  if (file.size > SIGNATURE_MAX_BYTES) return 'signature.tooLarge';
  return null;
}

export function SignatureForm() {
  const { t } = useTranslation('setting');
  const [user, setUser] = useAtom(userAtom);
  const [busy, setBusy] = useState(false);
  const signature = user?.signature ?? null;

  const choose = async (file: File) => {
    const problem = signatureFileProblem(file);
    if (problem) {
      toast.warning(t(problem));
      return;
    }
    setBusy(true);
    try {
      const stored = await files.upload(file);
      const env = await postRaw<{ signature: string }>('Person/saveSignature', { fileId: stored.id });
      if (env.code === Code.OK) {
        setUser((u) => (u ? { ...u, signature: stored.id } : u));
        toast.success(env.msg || t('saved'));
      } else if (env.msg) toast.error(env.msg);
    } catch {
      /* shown by the http layer */
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      const env = await postRaw('Person/deleteSignature', {});
      if (env.code === Code.OK) {
        setUser((u) => (u ? { ...u, signature: null } : u));
        toast.success(env.msg || t('saved'));
      } else if (env.msg) toast.error(env.msg);
    } catch {
      /* shown by the http layer */
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="oa-setting-form" data-testid="setting-signature-form">
      <p className="oa-setting-hint">{t('signature.hint')}</p>
      <div className="oa-setting-signature" data-testid="setting-signature-current">
        {signature ? (
          <SignatureImage fileId={signature} alt={t('signature.alt')} height={120} testId="setting-signature-image" />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('signature.none')} />
        )}
      </div>
      <Space wrap>
        <Upload accept=".png,.jpg,.jpeg,image/png,image/jpeg" showUploadList={false} disabled={busy} beforeUpload={(file) => (void choose(file), false)}>
          <Button type="primary" icon={<UploadOutlined />} loading={busy} data-testid="setting-signature-upload">
            {signature ? t('signature.replace') : t('signature.upload')}
          </Button>
        </Upload>
        {signature && (
          <Popconfirm
            title={t('signature.deleteConfirm')}
            okText={t('confirm')}
            cancelText={t('cancel')}
            onConfirm={() => remove()}
            okButtonProps={{ danger: true }}
          >
            <Button danger icon={<DeleteOutlined />} disabled={busy} data-testid="setting-signature-delete">
              {t('signature.delete')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    </div>
  );
}
