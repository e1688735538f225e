/**
 * Attachments (kind attachments; src/server/api/File): an antd Upload whose files go through files.upload
 * one by one; the value is the list of stored attachments (`Attachment[]` of engine/data/api.ts), each
 * shown with a download link (files.download) and, unless read-only, a remove button. Refusals (size,
 * type) are toasted by the HTTP layer and the file is left out.
 */
import { useState } from 'react';
import { Button, List, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { files, type Attachment } from '../engine/data/api';
import { host } from '../engine/host';

/** Size in B / KB / MB for the list. */
export function formatSize(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Downloads a stored attachment (File/download) and saves it under its name. */
export async function downloadAttachment(a: Attachment): Promise<void> {
  host().saveFile(await files.download(a.id));
}

/** A read-only list of attachments with download links (detail pages and read-only forms). */
export function AttachmentList({ value, onRemove }: { value: Attachment[]; onRemove?: (a: Attachment) => void }) {
  const { t } = useTranslation('form');
  if (!value.length) return null;
  return (
    <List
      size="small"
      dataSource={value}
      data-testid="attachment-list"
      renderItem={(a) => (
        <List.Item
          actions={[
            <Typography.Link key="dl" onClick={() => void downloadAttachment(a).catch(() => undefined)}>
              {t('widget.download')}
            </Typography.Link>,
            ...(onRemove
              ? [
                  <Button key="rm" type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => onRemove(a)}>
                    {t('widget.remove')}
                  </Button>,
                ]
              : []),
          ]}
        >
          <Space>
            <PaperClipOutlined />
            <span>{a.name}</span>
            <Typography.Text type="secondary">{formatSize(a.size)}</Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}

/** The attachments widget (see the module comment). */
export function AttachmentsWidget(p: WidgetProps) {
  const { t } = useTranslation('form');
  const [busy, setBusy] = useState(0);
  const value = Array.isArray(p.value) ? (p.value as Attachment[]) : [];
  // Uploads finish one by one; each appends to the latest value, not the one captured at start.
  const latest = { current: value };
  latest.current = value;
  const locked = p.readonly || p.disabled;
  return (
    <div id={p.id} className="oa-attachments-widget">
      {!locked && (
        <Upload
          multiple
          showUploadList={false}
          customRequest={async ({ file, onSuccess, onError }) => {
            setBusy((n) => n + 1);
            try {
              const stored = await files.upload(file as File);
              latest.current = [...latest.current, stored];
              p.onChange(latest.current);
              onSuccess?.(stored);
            } catch (e) {
              onError?.(e as Error);
            } finally {
              setBusy((n) => n - 1);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy > 0}>
            {busy > 0 ? t('widget.uploading') : t('widget.upload')}
          </Button>
        </Upload>
      )}
      <AttachmentList value={value} onRemove={locked ? undefined : (a) => p.onChange(value.filter((x) => x.id !== a.id))} />
    </div>
  );
}
