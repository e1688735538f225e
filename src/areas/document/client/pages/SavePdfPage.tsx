/**
 * 正式文件 (custom component `document.savePdf`, /document/savepdf?id=<flow instance id>; SPEC §2.3 savepdf,
 * laid out per GB/T 9704-2012, and as DOCX): the 发文 of that flow as the server lays it out
 * (document/exportPdf), shown in the browser's PDF viewer from a blob URL, with 下载 PDF, 下载 Word
 * (document/getDoc) and 打印 (the viewer's frame prints). Whoever may see the flow may open it; for others the
 * server's refusal is shown.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Result, Space, Spin, Typography } from 'antd';
import { DownloadOutlined, FilePdfOutlined, FileWordOutlined, PrinterOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PageKindProps } from '../../../../../engine/renderers/registry';
import { positiveId } from '../../../../../engine/renderers/flowpages/instance';
import { host, type HostFile } from '../../../../../engine/host';

/** The calls of API group `document` behind the page (src/areas/document/server/api/export.ts). */
export const SAVE_PDF_CALLS = { pdf: 'document/exportPdf', docx: 'document/getDoc' } as const;

/** The PDF of instance `id` and its object URL (revoked when the page leaves or the id changes). */
function usePdf(id: number | undefined) {
  const [file, setFile] = useState<HostFile | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!id) return;
    let live = true;
    let href: string | null = null;
    setFile(null);
    setUrl(null);
    setError(null);
    host()
      .download(SAVE_PDF_CALLS.pdf, { id })
      .then(
        (f) => {
          if (!live) return;
          href = URL.createObjectURL(f.blob.type === 'application/pdf' ? f.blob : new Blob([f.blob], { type: 'application/pdf' }));
          setFile(f);
          setUrl(href);
        },
        (e: unknown) => live && setError(e instanceof Error && e.message ? e.message : ''),
      );
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [id, attempt]);
  return { file, url, error, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}

/** The page (see the module comment). */
export function SavePdfPage(_props: PageKindProps) {
  const { t } = useTranslation('document');
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  const { file, url, error, retry } = usePdf(id);
  const frame = useRef<HTMLIFrameElement>(null);
  const [busy, setBusy] = useState(false);

  if (!id) return <Result status="info" title={t('savePdf.noId')} data-testid="savepdf-no-id" />;
  if (error !== null) {
    return (
      <Result
        status="warning"
        title={t('savePdf.refused')}
        subTitle={error || t('savePdf.loadFailed')}
        extra={<Button onClick={retry}>{t('savePdf.retry')}</Button>}
        data-testid="savepdf-refused"
      />
    );
  }

  const downloadWord = async () => {
    setBusy(true);
    try {
      host().saveFile(await host().download(SAVE_PDF_CALLS.docx, { id }));
    } catch {
      /* the refusal was shown as a toast */
    } finally {
      setBusy(false);
    }
  };
  const print = () => {
    const w = frame.current?.contentWindow;
    if (!w) return;
    w.focus();
    w.print();
  };

  return (
    // The standalone shell's header and padding take about 140 px above and below the viewer.
    <div style={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 140px)', minHeight: 480 }} data-testid="savepdf-page">
      <Space style={{ padding: '8px 16px', justifyContent: 'space-between', width: '100%', borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
        <Typography.Text strong>
          <FilePdfOutlined style={{ color: '#E60012', marginRight: 8 }} />
          {file?.filename ?? t('savePdf.title')}
        </Typography.Text>
        <Space>
          <Button type="primary" icon={<DownloadOutlined />} disabled={!file} onClick={() => file && host().saveFile(file)} data-testid="savepdf-download-pdf">
            {t('savePdf.downloadPdf')}
          </Button>
          <Button icon={<FileWordOutlined />} loading={busy} onClick={() => void downloadWord()} data-testid="savepdf-download-word">
            {t('savePdf.downloadWord')}
          </Button>
          <Button icon={<PrinterOutlined />} disabled={!url} onClick={print} data-testid="savepdf-print">
            {t('savePdf.print')}
          </Button>
        </Space>
      </Space>
      {url ? (
        <iframe ref={frame} src={url} title={file?.filename ?? t('savePdf.title')} style={{ flex: 1, width: '100%', border: 0 }} data-testid="savepdf-frame" />
      ) : (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin tip={t('savePdf.loading')}>
            <div style={{ minHeight: 48 }} />
          </Spin>
        </div>
      )}
    </div>
  );
}
