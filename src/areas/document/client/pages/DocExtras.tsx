/**
 * Pieces of the approval page of an official document ("Favourites (scgw) … 关联文件"), for
 * engine/renderers/ApprovalPage.tsx to place when the instance's entity is document.send or document.receive:
 * - `FavoriteStar` {flowId}: 收藏 / 取消收藏 toggle (document/isFavorite, favorite, unfavorite);
 * - `RelatedDocs` {flowId, editable?}: the 关联文件 panel — linked documents the caller may see (document/listthgl;
 *   a title opens its approval page), 添加关联 through a picker of the caller's own documents
 *   (document/thglCandidates → editthgl) and 取消关联 (delthgl), the last two when `editable`;
 * - `AttachmentsZip` {flowId}: 打包下载 of all attachments (document/mergeDownAttachs), shown when there are any.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, List, Modal, Select, Space, Tooltip, Typography } from 'antd';
import { DownloadOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { formatTime } from '../../../../../engine/renderers/time';
import { useTranslation } from 'react-i18next';
import { docExtrasApi, type DocFlowItem, type RelatedItem } from '../data/docExtras';
import { routeWithId } from '../../../../shared/routes';
import { host } from '../../../../../engine/host';

/** The approval page of document `item` (the server's `open` route with its id), or null when its flow has none. */
export function favoriteHref(item: Pick<DocFlowItem, 'id' | 'open'>): string | null {
  return item.open ? routeWithId(item.open, item.id) : null;
}

/** The 收藏 toggle of document flow `flowId`. */
export function FavoriteStar({ flowId }: { flowId: number }) {
  const { t } = useTranslation('docextras');
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    docExtrasApi.isFavorite(flowId).then(
      (r) => live && setOn(r.favorite),
      () => live && setOn(null),
    );
    return () => {
      live = false;
    };
  }, [flowId]);
  if (on === null) return null;
  const toggle = async () => {
    setBusy(true);
    try {
      const r = on ? await docExtrasApi.unfavorite(flowId) : await docExtrasApi.favorite(flowId);
      setOn(r.favorite);
      host().notify.success(t(r.favorite ? 'favorite.added' : 'favorite.removed'));
    } catch {
      // shown by the HTTP layer
    } finally {
      setBusy(false);
    }
  };
  const label = t(on ? 'favorite.remove' : 'favorite.add');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        aria-pressed={on}
        loading={busy}
        icon={on ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
        onClick={() => void toggle()}
        data-testid="favorite-star"
      />
    </Tooltip>
  );
}

/** The 关联文件 panel of document flow `flowId` (module comment). */
export function RelatedDocs({ flowId, editable = true }: { flowId: number; editable?: boolean }) {
  const { t } = useTranslation('docextras');
  const [modal, holder] = Modal.useModal();
  const [list, setList] = useState<RelatedItem[]>([]);
  const [round, setRound] = useState(0);
  const [picking, setPicking] = useState(false);
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const [chosen, setChosen] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const reload = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    docExtrasApi.related(flowId).then(
      (r) => live && setList(r),
      () => live && setList([]),
    );
    return () => {
      live = false;
    };
  }, [flowId, round]);

  const search = useCallback(
    (keyword?: string) =>
      void docExtrasApi.candidates(flowId, keyword?.trim() || undefined).then(
        (r) => setOptions(r.map((x) => ({ value: x.id, label: x.title }))),
        () => setOptions([]),
      ),
    [flowId],
  );

  const add = async () => {
    if (!chosen.length) return;
    setBusy(true);
    try {
      await docExtrasApi.relate(flowId, chosen);
      host().notify.success(t('related.added'));
      setPicking(false);
      setChosen([]);
      reload();
    } catch {
      // shown by the HTTP layer
    } finally {
      setBusy(false);
    }
  };

  const remove = (item: RelatedItem) =>
    modal.confirm({
      title: t('related.remove'),
      content: t('related.removeContent', { title: item.title }),
      okText: t('related.remove'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await docExtrasApi.unrelate(flowId, item.id);
          host().notify.success(t('related.removed'));
        } finally {
          reload();
        }
      },
    });

  return (
    <Card
      size="small"
      className="oa-approval-card"
      title={t('related.title')}
      extra={
        editable ? (
          <Button
            size="small"
            onClick={() => {
              setPicking(true);
              search();
            }}
            data-testid="related-add"
          >
            {t('related.add')}
          </Button>
        ) : null
      }
      data-testid="related-docs"
    >
      {holder}
      <List<RelatedItem>
        size="small"
        dataSource={list}
        locale={{ emptyText: t('related.empty') }}
        renderItem={(item) => {
          const href = favoriteHref(item);
          return (
            <List.Item
              actions={
                editable
                  ? [
                      <Typography.Link key="remove" onClick={() => remove(item)} data-testid="related-remove">
                        {t('related.remove')}
                      </Typography.Link>,
                    ]
                  : []
              }
            >
              <Space direction="vertical" size={0}>
                {href ? (
                  <Typography.Link onClick={() => host().openRecord(href)} data-testid="related-title">
                    {item.title}
                  </Typography.Link>
                ) : (
                  <span data-testid="related-title">{item.title}</span>
                )}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {item.flowTitle} · {t(`status.${item.status}`, { defaultValue: item.status })} · {formatTime(item.linkedAt)}
                </Typography.Text>
              </Space>
            </List.Item>
          );
        }}
      />
      <Modal
        open={picking}
        title={t('related.addTitle')}
        okText={t('related.add')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: busy, disabled: !chosen.length }}
        onOk={() => void add()}
        onCancel={() => setPicking(false)}
        destroyOnHidden
      >
        <Select<number[]>
          mode="multiple"
          style={{ width: '100%' }}
          showSearch
          filterOption={false}
          onSearch={search}
          options={options}
          value={chosen}
          onChange={setChosen}
          placeholder={t('related.addPlaceholder')}
          data-testid="related-picker"
        />
      </Modal>
    </Card>
  );
}

/** 关联文件 as an approval page's side panel: editable unless the page is embedded (drawer, modal). */
export function RelatedPanel({ flowId, embedded }: { flowId: number; embedded?: boolean }) {
  return <RelatedDocs flowId={flowId} editable={!embedded} />;
}

/** 打包下载 of the attachments of document flow `flowId`; nothing when it has none. */
export function AttachmentsZip({ flowId }: { flowId: number }) {
  const { t } = useTranslation('docextras');
  const [count, setCount] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    docExtrasApi.attachments(flowId).then(
      (r) => live && setCount(r.length),
      () => live && setCount(0),
    );
    return () => {
      live = false;
    };
  }, [flowId]);
  if (!count) return null;
  const download = async () => {
    setBusy(true);
    try {
      host().saveFile(await docExtrasApi.mergeDownAttachs(flowId));
    } catch {
      // shown by the HTTP layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={() => void download()} data-testid="attachments-zip">
      {t('attachments.downloadAll')}
    </Button>
  );
}
