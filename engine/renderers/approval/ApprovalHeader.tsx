/**
 * The header of the approval page (engine/renderers/ApprovalPage.tsx): the instance's title, its status (退回 when
 * returned), the header extras of the page, 正式文件 and 打印 when the page names `pdf` / `print` routes, then who
 * started it and when, the current steps with their handlers (or when it ended) and the flow's title.
 */
import { Button, Card, Descriptions, Tag, Typography } from 'antd';
import { FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApprovalPageDef } from '../../schema/types';
import type { InstanceView } from '../../data/flow';
import { routeWithId } from '../../../src/shared/routes';
import { host } from '../../host';
import { approvalExtrasOf } from '../registry';
import { formatTime as time } from '../time';
import { currentNodeIds } from './model';

const STATUS_COLOR: Record<string, string> = { draft: 'default', running: 'processing', finished: 'success', rejected: 'error', withdrawn: 'warning' };

export interface ApprovalHeaderProps {
  page: ApprovalPageDef;
  view: InstanceView;
  embedded?: boolean;
  /** The flow's title in the reader's language. */
  flowTitle: string;
  nodeTitle: (id: string) => string;
  userName: (id: number) => string;
}

/** The header card (see the module comment). */
export function ApprovalHeader({ page, view, embedded, flowTitle, nodeTitle, userName }: ApprovalHeaderProps) {
  const { t } = useTranslation('approval');
  const { state } = view;
  const extras = new Set(page.extras ?? []);
  const steps = currentNodeIds(state).map((id) => {
    const holders = state.tasks
      .filter((x) => x.nodeId === id && x.status === 'pending' && x.kind !== 'cc' && x.kind !== 'read')
      .map((x) => userName(x.assignee));
    return holders.length ? t('header.stepWith', { step: nodeTitle(id), names: holders.join(t('header.sep')) }) : nodeTitle(id);
  });
  const items = [
    { key: 'initiator', label: t('header.initiator'), children: userName(state.initiator) },
    { key: 'startedAt', label: view.startedAt ? t('header.startedAt') : t('header.createdAt'), children: time(view.startedAt ?? view.createdAt) },
    view.endedAt
      ? { key: 'endedAt', label: t('header.endedAt'), children: time(view.endedAt) }
      : {
          key: 'current',
          label: t('header.current'),
          children: <span data-testid="approval-current">{steps.length ? steps.join(t('header.sep')) : t('header.none')}</span>,
        },
    { key: 'flow', label: t('header.flow'), children: flowTitle },
  ];
  return (
    <Card className="oa-approval-header" size="small">
      <div className="oa-approval-title-row">
        <Typography.Title level={embedded ? 5 : 4} className="oa-approval-title">
          {view.title}
        </Typography.Title>
        <Tag color={STATUS_COLOR[view.status] ?? 'default'} data-testid="approval-status">
          {t(`status.${view.status}`, { defaultValue: view.status })}
        </Tag>
        {state.returned && <Tag color="orange">{t('status.returned')}</Tag>}
        {approvalExtrasOf(extras, 'header').map(({ key, component: Extra }) => (
          <Extra key={key} flowId={view.id} embedded={embedded} />
        ))}
        {page.pdf && (
          <Button size="small" icon={<FilePdfOutlined />} href={host().href(routeWithId(page.pdf, view.id))} target="_blank" data-testid="approval-pdf">
            {t('header.pdf')}
          </Button>
        )}
        {page.print && (
          <Button
            size="small"
            icon={<PrinterOutlined />}
            href={host().href(routeWithId(page.print, view.id))}
            target="_blank"
            className="oa-approval-print"
            data-testid="approval-print"
          >
            {t('header.print')}
          </Button>
        )}
      </div>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} items={items} />
    </Card>
  );
}
