/**
 * 督办记录 of one document (the row dialog `document.supervisionHistory` of the 公文督办 list, registered by ../index.ts): a summary — current 督办人, latest 督办期限, number
 * of 督办 and 催办 — over one timeline, newest first, of its 督办 entries (document/dbHistory: 督办 with deadline
 * and 督办意见, 更换督办人 with the previous and new 督办人 and the reason) and the 催办 of its flow log
 * (document/cbHistory: who urged, the message, whom it reminded). Texts from the `docsupervise` namespace.
 */
import { useEffect, useState } from 'react';
import { Descriptions, Drawer, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { documentApi, type GwdbItem, type SupervisionEntry, type UrgeEntry } from '../data/document';
import type { RowDialogProps } from '../../../../../engine/renderers/registry';
import { currentSupervisor, latestDeadline, timelineOf, type TimelineItem } from './docSuperviseModel';
import { formatDay, formatTime as time } from '../../../../../engine/renderers/time';

const COLOR: Record<TimelineItem['kind'], string> = { supervise: 'blue', reassign: 'purple', urge: 'orange' };
/** A 督办意见 or 催办 message: kept as typed. */
const REMARK = { whiteSpace: 'pre-wrap', marginTop: 4 } as const;
const date = (ms: number) => formatDay(ms);

/** The drawer (see the module comment); `onDone` is not used (it changes nothing). */
export function HistoryDrawer({ row: item, onClose }: RowDialogProps) {
  const row = item as GwdbItem | null;
  const { t } = useTranslation('docsupervise');
  const [data, setData] = useState<{ history: SupervisionEntry[]; urges: UrgeEntry[] } | null>(null);
  const id = row?.instanceId;

  useEffect(() => {
    if (id == null) return;
    let live = true;
    setData(null);
    Promise.all([documentApi.dbHistory(id), documentApi.cbHistory(id)]).then(
      ([history, urges]) => live && setData({ history, urges }),
      () => live && setData({ history: [], urges: [] }),
    );
    return () => {
      live = false;
    };
  }, [id]);

  const who = (name: string | null | undefined) => name ?? t('someone');
  const body = (item: TimelineItem) => {
    if (item.kind === 'urge') {
      const e = item.entry;
      return (
        <>
          <Typography.Text strong>{t('history.urgeBy', { name: who(e.actorName) })}</Typography.Text>
          {e.handlers.length > 0 && (
            <div>
              <Typography.Text type="secondary">{t('history.urgeTo', { names: e.handlers.join(t('separator')) })}</Typography.Text>
            </div>
          )}
          {e.opinion && <div style={REMARK}>{e.opinion}</div>}
        </>
      );
    }
    const e = item.entry;
    if (item.kind === 'reassign')
      return (
        <>
          <Typography.Text strong>
            {t('history.reassignBy', { name: who(e.userName), previous: who(e.previousName), supervisor: who(e.supervisorName) })}
          </Typography.Text>
          {e.remark && (
            <div>
              <Typography.Text type="secondary">{t('history.reason', { text: e.remark })}</Typography.Text>
            </div>
          )}
        </>
      );
    return (
      <>
        <Typography.Text strong>{t('history.superviseBy', { name: who(e.userName) })}</Typography.Text>
        {e.deadline != null && (
          <div>
            <Typography.Text type="secondary">{t('history.deadlineIs', { date: date(e.deadline) })}</Typography.Text>
          </div>
        )}
        {e.remark && <div style={REMARK}>{e.remark}</div>}
      </>
    );
  };

  const items = data
    ? timelineOf(data.history, data.urges).map((item) => ({
        key: `${item.kind}-${item.entry.id}`,
        color: COLOR[item.kind],
        content: (
          <div data-testid={`docsupervise-event-${item.kind}`}>
            <div style={{ marginBottom: 2 }}>
              <Tag color={COLOR[item.kind]}>{t(`history.tag.${item.kind}`)}</Tag>
              <Typography.Text type="secondary">{time(item.at)}</Typography.Text>
            </div>
            {body(item)}
          </div>
        ),
      }))
    : [];
  const supervisor = data ? currentSupervisor(data.history) : null;
  const deadline = data ? latestDeadline(data.history) : null;
  const supervisions = data ? data.history.filter((h) => h.kind !== 'reassign').length : 0;

  return (
    <Drawer
      open={!!row}
      onClose={onClose}
      size={560}
      title={row ? `${t('history.title')} · ${row.title}` : t('history.title')}
      destroyOnHidden
      data-testid="docsupervise-history"
    >
      {!data ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 20 }} data-testid="docsupervise-history-summary">
            <Descriptions.Item label={t('history.supervisor')}>{supervisor ? who(supervisor.name) : t('history.none')}</Descriptions.Item>
            <Descriptions.Item label={t('history.deadline')}>{deadline != null ? date(deadline) : t('history.none')}</Descriptions.Item>
            <Descriptions.Item label={t('history.supervisions')}>{supervisions}</Descriptions.Item>
            <Descriptions.Item label={t('history.urges')}>{data.urges.length}</Descriptions.Item>
          </Descriptions>
          {items.length ? <Timeline items={items} /> : <Empty description={t('history.empty')} />}
        </>
      )}
    </Drawer>
  );
}
