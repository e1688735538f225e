/**
 * The columns of each work list (engine/renderers/WorkListPage.tsx): title (opens the instance), flow, step,
 * initiator, times, deadline (overdue in red, 暂定 when counted through an unknown 调休 year), result or status; 督办 adds the current steps and handlers,
 * the urge count and the 催办 action. Texts from the `renderer` locale namespace.
 */
import { Button, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { InstanceRow, SuperviseRow, TaskRow } from '../../data/flow';
import type { WorkListKind } from '../../schema/types';
import { formatTime as time } from '../time';
import { ProvisionalTag } from '../ProvisionalTag';
import { OpenLink, type RowLink } from './OpenLink';

/** A row of any work list, with the approval route the server names for it. */
export type WorkRow = (TaskRow | InstanceRow | SuperviseRow) & { open?: string | null };

const STATUS_COLOR: Record<string, string> = { draft: 'default', running: 'processing', finished: 'success', rejected: 'error', withdrawn: 'default' };

/** What the columns need besides the rows. */
export interface ColumnOptions {
  list: WorkListKind;
  t: TFunction;
  /** How a row's instance page opens, or null when it has none. */
  linkOf: (r: WorkRow) => RowLink | null;
  /** 督办: urges a row. */
  onUrge: (r: SuperviseRow) => void;
}

/** The columns of list `list` (see the module comment). */
export function workListColumns({ list, t, linkOf, onUrge }: ColumnOptions): ColumnsType<WorkRow> {
  const title: ColumnsType<WorkRow>[number] = {
    key: 'title',
    title: t('worklist.col.title'),
    // the title keeps a readable width; the table scrolls sideways when the other columns take the rest
    minWidth: 240,
    render: (_v, r) => {
      const link = linkOf(r);
      return link ? <OpenLink link={link}>{r.title}</OpenLink> : r.title;
    },
  };
  const flow: ColumnsType<WorkRow>[number] = { key: 'flow', title: t('worklist.col.flow'), width: 150, render: (_v, r) => r.flowTitle };
  const initiator: ColumnsType<WorkRow>[number] = {
    key: 'initiator',
    title: t('worklist.col.initiator'),
    width: 100,
    render: (_v, r) => r.initiatorName ?? '',
  };
  const task = (r: WorkRow) => r as TaskRow;
  const inst = (r: WorkRow) => r as InstanceRow;
  const sup = (r: WorkRow) => r as SuperviseRow;
  const status: ColumnsType<WorkRow>[number] = {
    key: 'status',
    title: t('worklist.col.status'),
    width: 100,
    render: (_v, r) => (
      <Tag color={STATUS_COLOR[inst(r).status]} data-testid="worklist-status">
        {t(`worklist.status.${inst(r).status}`)}
      </Tag>
    ),
  };
  const deadline = (get: (r: WorkRow) => { deadline: number | null; deadlineProvisional?: boolean; overdue: boolean }): ColumnsType<WorkRow>[number] => ({
    key: 'deadline',
    title: t('worklist.col.deadline'),
    width: 170,
    render: (_v, r) => {
      const d = get(r);
      if (!d.deadline && !d.overdue) return '';
      return (
        <Space size={4} wrap>
          {d.deadline ? <span>{time(d.deadline)}</span> : null}
          {d.deadline ? <ProvisionalTag provisional={d.deadlineProvisional} /> : null}
          {d.overdue && <Tag color="red">{t('worklist.overdue')}</Tag>}
        </Space>
      );
    },
  });
  switch (list) {
    case 'todo':
      return [
        title,
        flow,
        { key: 'node', title: t('worklist.col.node'), width: 150, render: (_v, r) => task(r).nodeTitle },
        initiator,
        { key: 'received', title: t('worklist.col.received'), width: 150, render: (_v, r) => time(task(r).createdAt) },
        deadline((r) => task(r)),
      ];
    case 'done':
      return [
        title,
        flow,
        { key: 'node', title: t('worklist.col.node'), width: 150, render: (_v, r) => task(r).nodeTitle },
        initiator,
        { key: 'acted', title: t('worklist.col.acted'), width: 150, render: (_v, r) => time(task(r).actedAt) },
        { key: 'result', title: t('worklist.col.result'), width: 100, render: (_v, r) => (task(r).result ? t(`worklist.result.${task(r).result}`) : '') },
      ];
    case 'cc':
      return [
        title,
        flow,
        initiator,
        { key: 'received', title: t('worklist.col.received'), width: 150, render: (_v, r) => time(task(r).createdAt) },
        {
          key: 'read',
          title: t('worklist.col.read'),
          width: 90,
          render: (_v, r) => (task(r).status === 'pending' ? <Tag color="orange">{t('worklist.unread')}</Tag> : t('worklist.read')),
        },
      ];
    case 'sent':
      return [
        title,
        flow,
        status,
        { key: 'started', title: t('worklist.col.started'), width: 150, render: (_v, r) => time(inst(r).startedAt) },
        { key: 'ended', title: t('worklist.col.ended'), width: 150, render: (_v, r) => time(inst(r).endedAt) },
      ];
    case 'drafts':
      return [title, flow, { key: 'saved', title: t('worklist.col.saved'), width: 150, render: (_v, r) => time(inst(r).updatedAt) }];
    case 'supervise':
      return [
        title,
        flow,
        initiator,
        {
          key: 'node',
          title: t('worklist.col.node'),
          width: 150,
          render: (_v, r) =>
            sup(r)
              .nodes.map((n) => n.title)
              .join(t('worklist.separator')) || <Tag color={STATUS_COLOR[sup(r).status]}>{t(`worklist.status.${sup(r).status}`)}</Tag>,
        },
        {
          key: 'handlers',
          title: t('worklist.col.handlers'),
          width: 140,
          render: (_v, r) => <span data-testid="worklist-handlers">{sup(r).handlers.join(t('worklist.separator'))}</span>,
        },
        deadline((r) => sup(r)),
        {
          key: 'urged',
          title: t('worklist.col.urged'),
          width: 90,
          align: 'center',
          render: (_v, r) => <span data-testid="worklist-urged">{sup(r).urgeCount}</span>,
        },
        {
          key: 'actions',
          title: t('worklist.col.actions'),
          width: 90,
          render: (_v, r) =>
            sup(r).mayUrge ? (
              <Button type="link" size="small" onClick={() => onUrge(sup(r))} data-testid={`worklist-urge-${r.instanceId}`}>
                {t('worklist.urge.action')}
              </Button>
            ) : null,
        },
      ];
  }
}
