/**
 * Pieces of the form and flow list pages (表单管理, 流程设置): the toolbar (search, 新建, 导入 of a JSON
 * export file with the server's refusal shown under it, refresh), the title cell (name, tags, id), the links every
 * row has (设计, 版本记录, 导出) and the export download. Texts come from the page's namespace (`list.*`); test ids
 * start with the page's prefix (`form`, `flowset`).
 */
import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Input, Space, Typography, Upload } from 'antd';
import { ImportOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { jsonFileText, saveJsonFile } from './definitionFile';

/** The texts' namespace and the test ids' prefix of a list page. */
export interface ListKind {
  ns: 'flowset' | 'formset';
  prefix: 'flowset' | 'form';
}

/** Props of ListToolbar: `importFile` sends an export file's text (rejecting with the server's refusal). */
export interface ListToolbarProps extends ListKind {
  onSearch: (keyword: string) => void;
  onNew: () => void;
  importFile: (text: string) => Promise<{ id: string; revision?: number; draft?: boolean }>;
  /** Reloads the list (the refresh button, and after an import). */
  onRefresh: () => void;
}

/** The toolbar and the import's error (see the module comment). */
export function ListToolbar({ ns, prefix, onSearch, onNew, importFile, onRefresh }: ListToolbarProps) {
  const { t } = useTranslation(ns);
  const { message } = App.useApp();
  const [importError, setImportError] = useState<string | null>(null);

  const importOne = async (file: File) => {
    setImportError(null);
    const text = await jsonFileText(file);
    if (text === null) {
      setImportError(t('list.badFile'));
      return;
    }
    try {
      const out = await importFile(text);
      void message.success(t(out.draft ? 'list.importedDraft' : 'list.imported', { id: out.id, revision: out.revision ?? '' }));
      onRefresh();
    } catch (e) {
      setImportError(t('list.importFailed', { message: (e as Error).message }));
    }
  };

  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search allowClear placeholder={t('list.search')} onSearch={(v) => onSearch(v.trim())} style={{ width: 260 }} data-testid={`${prefix}-search`} />
        <Button type="primary" icon={<PlusOutlined />} onClick={onNew} data-testid={`${prefix}-new-open`}>
          {t('list.new')}
        </Button>
        <Upload accept=".json,application/json" showUploadList={false} beforeUpload={(f) => (void importOne(f), false)}>
          <Button icon={<ImportOutlined />} data-testid={`${prefix}-import`}>
            {t('list.import')}
          </Button>
        </Upload>
        <Button icon={<ReloadOutlined />} onClick={onRefresh} aria-label={t('list.refresh')} />
      </Space>
      {importError ? (
        <Alert
          type="error"
          showIcon
          closable
          title={importError}
          onClose={() => setImportError(null)}
          style={{ marginBottom: 12 }}
          data-testid={`${prefix}-import-error`}
        />
      ) : null}
    </>
  );
}

/** The title cell of a row: the name in bold with `tags` after it, the id below. */
export function TitleCell({ title, id, tags }: { title: string; id: string; tags?: ReactNode }) {
  return (
    <Space orientation="vertical" size={0}>
      <Space size={6} wrap>
        <Typography.Text strong>{title}</Typography.Text>
        {tags}
      </Space>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {id}
      </Typography.Text>
    </Space>
  );
}

/** Props of RowLinks: the row's id, its three common actions and the page's own links after them. */
export interface RowLinksProps extends ListKind {
  id: string;
  onDesign: () => void;
  onRevisions: () => void;
  onExport: () => void;
  children?: ReactNode;
}

/** 设计, 版本记录 and 导出 of a row, then `children`. */
export function RowLinks({ ns, prefix, id, onDesign, onRevisions, onExport, children }: RowLinksProps) {
  const { t } = useTranslation(ns);
  return (
    <Space size={12} wrap>
      <Typography.Link onClick={onDesign} data-testid={`${prefix}-design-${id}`}>
        {t('list.design')}
      </Typography.Link>
      <Typography.Link onClick={onRevisions} data-testid={`${prefix}-revisions-${id}`}>
        {t('list.revisions')}
      </Typography.Link>
      <Typography.Link onClick={onExport} data-testid={`${prefix}-export-${id}`}>
        {t('list.export')}
      </Typography.Link>
      {children}
    </Space>
  );
}

/** Downloads an export file as `filename` and says so (`list.exported` of namespace `ns`). */
export function useSaveExport(ns: ListKind['ns']): (file: unknown, filename: string) => void {
  const { t } = useTranslation(ns);
  const { message } = App.useApp();
  return (file, filename) => {
    saveJsonFile(file, filename);
    void message.success(t('list.exported', { name: filename }));
  };
}
