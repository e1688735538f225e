/**
 * The import dialog of a list page: download the template (the export's headers only), pick an
 * `.xlsx`, upload it (`<group>/import`, all rows or none), then the report: records added, updated and refused
 * and, when rows were refused, every problem (row as Excel shows it, field, message) in a table. The report is a
 * live region (screen readers read it out) that takes the focus, so the keyboard lands on it after the upload. Props: `open`, `group` (API group), `pageId`
 * (the list page, whose columns lay out the sheet), `onImported` after rows were stored, `onClose`.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Result, Space, Table, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { resource, type ImportReport } from '../../data/api';
import { host } from '../../host';

/** Props of {@link ImportDialog}. */
export interface ImportDialogProps {
  open: boolean;
  group: string;
  pageId: string;
  title: string;
  onImported: (count: number) => void;
  onClose: () => void;
}

/** Modal: template download, file upload and the import report. */
export function ImportDialog({ open, group, pageId, title, onImported, onClose }: ImportDialogProps) {
  const { t } = useTranslation('renderer');
  const [busy, setBusy] = useState<'template' | 'upload' | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reportRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (report) reportRef.current?.focus();
  }, [report]);

  const template = async () => {
    setBusy('template');
    try {
      host().saveFile(await resource(group).exportXlsx({ page: pageId, template: true }));
    } catch {
      /* the HTTP layer showed the message */
    } finally {
      setBusy(null);
    }
  };

  const upload = async (file: File) => {
    setBusy('upload');
    setReport(null);
    setFailure(null);
    try {
      const r = await resource(group).importXlsx(file, pageId);
      setReport(r);
      if (!r.errors.length && r.imported > 0) onImported(r.imported);
    } catch (e) {
      setFailure(e instanceof Error && e.message ? e.message : t('import.failed'));
    } finally {
      setBusy(null);
    }
  };

  const close = () => {
    setReport(null);
    setFailure(null);
    onClose();
  };

  return (
    <Modal open={open} title={title} onCancel={close} footer={<Button onClick={close}>{t('import.close')}</Button>} width={720} destroyOnHidden>
      <div data-testid="import-dialog">
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <Alert type="info" showIcon title={t('import.hint')} />
          <Space wrap>
            <Button icon={<DownloadOutlined />} loading={busy === 'template'} onClick={template} data-testid="import-template">
              {t('import.template')}
            </Button>
            <Upload
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button type="primary" icon={<UploadOutlined />} loading={busy === 'upload'} data-testid="import-pick">
                {t('import.pick')}
              </Button>
            </Upload>
          </Space>
          {failure && <Alert type="error" showIcon title={failure} data-testid="import-failure" />}
          {report && (
            <section ref={reportRef} tabIndex={-1} aria-live="polite" aria-label={t('import.report')} className="import-report" data-testid="import-report">
              {report.errors.length ? (
                <Alert type="error" showIcon title={t('import.rejected', { count: report.errors.length })} data-testid="import-errors-title" />
              ) : (
                <Result status="success" title={t('import.done', { count: report.imported })} data-testid="import-done" style={{ padding: '8px 0' }} />
              )}
              <ul className="import-report-counts" data-testid="import-counts">
                <li data-testid="import-added">{t('import.added', { count: report.added })}</li>
                <li data-testid="import-updated">{t('import.updated', { count: report.updated })}</li>
                <li data-testid="import-refused">{t('import.refused', { count: report.refused })}</li>
              </ul>
              {report.errors.length > 0 && (
                <div data-testid="import-errors">
                  <Table
                    size="small"
                    title={() => t('import.problems')}
                    rowKey={(e) => `${e.row}:${e.field ?? ''}:${e.message}`}
                    pagination={report.errors.length > 10 ? { pageSize: 10 } : false}
                    dataSource={report.errors}
                    columns={[
                      { key: 'row', dataIndex: 'row', title: t('import.row'), width: 80 },
                      { key: 'field', dataIndex: 'field', title: t('import.field'), width: 160, render: (f?: string) => f || '—' },
                      { key: 'message', dataIndex: 'message', title: t('import.message') },
                    ]}
                  />
                </div>
              )}
            </section>
          )}
        </Space>
      </div>
    </Modal>
  );
}
