/**
 * 流程日志 (DESIGN §5 "The event log is the flow log"): every event of the instance as an antd Timeline —
 * who (the actor's name; 系统 for the system's own events), when (yyyy-MM-dd HH:mm), what (the event type's
 * label, with the step and the people or target it names), the opinion and, when the actor attached it, their
 * handwritten signature (detail.signature, an attachment id).
 */
import type { ReactNode } from 'react';
import { Empty, Tag, Timeline, Typography } from 'antd';
import { formatTime } from '../time';
import { useTranslation } from 'react-i18next';
import type { FlowLogEntry } from '../../data/flow';
import { SignatureImage } from './SignatureImage';

/** Colour of an event's dot and tag. */
export function eventColor(type: string): 'green' | 'red' | 'orange' | 'blue' | 'gray' {
  switch (type) {
    case 'approve':
    case 'signFor':
    case 'finished':
    case 'finish':
    case 'read':
      return 'green';
    case 'cancelled':
    case 'reject':
    case 'rejected':
    case 'withdraw':
    case 'overdue':
      return 'red';
    case 'return':
    case 'recall':
    case 'urge':
    case 'autoUrge':
      return 'orange';
    case 'nodeSkipped':
    case 'branch':
    case 'delayElapsed':
    case 'service':
    case 'saveDraft':
      return 'gray';
    default:
      return 'blue';
  }
}

export interface FlowLogProps {
  entries: FlowLogEntry[];
  /** Title of a node id (the flow definition's, in the reader's language). */
  nodeTitle: (nodeId: string) => string;
  /** Name of a user id (known names, else the id). */
  userName: (id: number) => string;
  /** What an entry did (./labels.ts eventLabel: 签发, 编号… for 办理 steps); default the event type's label. */
  label?: (e: FlowLogEntry) => string;
}

/** The flow log (see the module comment). */
export function FlowLog({ entries, nodeTitle, userName, label }: FlowLogProps) {
  const { t } = useTranslation('approval');
  if (!entries.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('log.empty')} data-testid="approval-log" />;
  const names = (v: unknown) =>
    (Array.isArray(v) ? v : [v])
      .filter((x) => typeof x === 'number')
      .map((x) => userName(x as number))
      .join(', ');
  const details = (e: FlowLogEntry): ReactNode[] => {
    const d = e.detail ?? {};
    const out: ReactNode[] = [];
    if (typeof d.to === 'number') out.push(t('log.to', { names: userName(d.to) }));
    if (e.type === 'addSign' && typeof d.position === 'string') out.push(t(`log.position.${d.position}`, { defaultValue: d.position }));
    if (Array.isArray(d.users) && d.users.length) out.push(t('log.users', { names: names(d.users) }));
    if (d.circulate === true) out.push(t('log.circulate'));
    if (e.type === 'return' && typeof d.target === 'string')
      out.push(t('log.returnTo', { target: d.target === 'initiator' ? t('log.returnInitiator') : nodeTitle(d.target) }));
    if (e.type === 'branch' && typeof d.branch === 'string') out.push(t('log.branchTaken', { branch: nodeTitle(d.branch) }));
    if (e.type === 'nodeSkipped' && typeof d.reason === 'string') out.push(t(`log.skipped.${d.reason}`, { defaultValue: d.reason }));
    if (typeof d.onBehalfOf === 'number') out.push(t('log.onBehalfOf', { name: userName(d.onBehalfOf) }));
    return out;
  };
  const items = entries.map((e) => {
    const color = eventColor(e.type);
    const extra = details(e);
    return {
      key: e.id,
      color,
      content: (
        <div className="oa-approval-log-item" data-testid={`approval-log-${e.id}`}>
          <div className="oa-approval-log-head">
            <Typography.Text strong>{e.actor === null ? t('log.system') : (e.actorName ?? userName(e.actor))}</Typography.Text>
            <Tag color={color === 'gray' ? 'default' : color} style={{ marginInlineStart: 8 }}>
              {label ? label(e) : t(`event.${e.type}`, { defaultValue: t('event.unknown') })}
            </Tag>
            <Typography.Text type="secondary" className="oa-approval-log-time">
              {formatTime(e.at)}
            </Typography.Text>
          </div>
          {e.nodeId && e.type !== 'branch' && (
            <div className="oa-approval-log-meta">
              <Typography.Text type="secondary">{t('log.node', { node: nodeTitle(e.nodeId) })}</Typography.Text>
            </div>
          )}
          {extra.length > 0 && (
            <div className="oa-approval-log-meta">
              <Typography.Text type="secondary">{extra.map((x, i) => (i ? [' · ', x] : x))}</Typography.Text>
            </div>
          )}
          {e.opinion && <div className="oa-approval-log-opinion">{e.opinion}</div>}
          {typeof e.detail?.signature === 'string' && (
            <div className="oa-approval-log-signature">
              <SignatureImage
                fileId={e.detail.signature}
                alt={t('log.signature', { name: e.actorName ?? (e.actor === null ? '' : userName(e.actor)) })}
                testId={`approval-log-signature-${e.id}`}
              />
            </div>
          )}
        </div>
      ),
    };
  });
  return (
    <div data-testid="approval-log" className="oa-approval-log">
      <Timeline items={items} />
    </div>
  );
}
