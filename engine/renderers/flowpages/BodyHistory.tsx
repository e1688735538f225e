/**
 * 正文 history ("every save a version with diff"): a drawer listing the saved versions of one instance's
 * rich-text field (flow/bodyVersions), newest first; picking one shows what it changed against the version before
 * it, character by character on the text (jsdiff `diffChars`: Chinese has no word spaces), insertions underlined in
 * green, deletions struck through in red.
 */
import { useEffect, useState } from 'react';
import { Drawer, Empty, List, Space, Spin, Typography } from 'antd';
import { formatTime } from '../time';
import { diffChars, type ChangeObject } from 'diff';
import { useTranslation } from 'react-i18next';
import { flowPagesApi, type BodyVersionItem } from '../../data/flowpages';

/** The text of an HTML fragment, paragraphs on their own lines. */
export function htmlText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<\/(p|h[1-6]|li|tr|div)>/gi, '</$1>\n').replace(/<br\s*\/?>/gi, '\n'), 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/** The changes from `older` to `newer` (HTML), on their text. */
export function bodyDiff(older: string, newer: string): ChangeObject<string>[] {
  return diffChars(htmlText(older), htmlText(newer));
}

/** The drawer (see the module comment); `open` with the instance `id` and `field`. */
export function BodyHistory({ id, field, open, onClose }: { id: number; field: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('flowpages');
  const [versions, setVersions] = useState<BodyVersionItem[] | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const [changes, setChanges] = useState<ChangeObject<string>[] | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setVersions(null);
    flowPagesApi.bodyVersions(id, field).then(
      (v) => live && setVersions(v),
      () => live && setVersions([]),
    );
    return () => {
      live = false;
    };
  }, [open, id, field]);

  useEffect(() => {
    if (picked === null || !versions) return;
    let live = true;
    setChanges(null);
    const at = versions.findIndex((v) => v.id === picked);
    const before = versions[at + 1];
    Promise.all([flowPagesApi.bodyVersion(id, picked), before ? flowPagesApi.bodyVersion(id, before.id) : Promise.resolve({ body: '' })]).then(
      ([now, prev]) => live && setChanges(bodyDiff(prev.body, now.body)),
      () => live && setChanges([]),
    );
    return () => {
      live = false;
    };
  }, [picked, versions, id]);

  return (
    <Drawer open={open} onClose={onClose} size="large" title={t('body.history.title')} data-testid="body-history">
      {versions === null ? (
        <Spin />
      ) : !versions.length ? (
        <Empty description={t('body.history.empty')} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <List
            size="small"
            bordered
            dataSource={versions}
            renderItem={(v) => (
              <List.Item
                className={v.id === picked ? 'oa-version-picked' : undefined}
                onClick={() => setPicked(v.id)}
                style={{ cursor: 'pointer' }}
                data-testid="body-version"
              >
                <Space wrap>
                  <Typography.Text strong>{t('body.history.version', { no: v.versionNo })}</Typography.Text>
                  <Typography.Text>{v.authorName ?? ''}</Typography.Text>
                  <Typography.Text type="secondary">{formatTime(v.createdAt)}</Typography.Text>
                </Space>
              </List.Item>
            )}
          />
          {picked !== null &&
            (changes === null ? (
              <Spin />
            ) : (
              <div className="oa-body-diff" data-testid="body-diff">
                {changes.map((c, i) => (c.added ? <ins key={i}>{c.value}</ins> : c.removed ? <del key={i}>{c.value}</del> : <span key={i}>{c.value}</span>))}
              </div>
            ))}
        </Space>
      )}
    </Drawer>
  );
}
