/**
 * 阅办单 (custom component `flow.print`, /affair/show1/:id): the read and print view of one instance — the
 * page's `fields` of the instance's data read-only (labels and values as the detail page shows them), the
 * opinions grouped by step (who, when, what, the opinion) and the flow log, on one sheet; 打印 prints only
 * the sheet (./flowpages.css, @media print). Anyone flow/info lets see the instance may open it;
 * for others the server's refusal is shown.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Empty, Result, Space, Spin, Tag, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CustomPageDef } from '../../schema/types';
import { selector, type EntityRecord } from '../../data/api';
import { formatValue } from '../DetailPage';
import { FlowLog } from '../approval/FlowLog';
import { eventLabel } from '../approval/labels';
import type { PageKindProps } from '../registry';
import { bundleText, fieldTitle } from '../text';
import { nodeTitles, opinionsByStep, useInstance } from './instance';
import './flowpages.css';
import { formatTime as time } from '../time';

const STATUS_COLOR: Record<string, string> = { draft: 'default', running: 'processing', finished: 'success', rejected: 'error', withdrawn: 'warning' };

/** The sheet (see the module comment). */
export function PrintSheet({ bundle, recordId }: PageKindProps) {
  const { t } = useTranslation('flowpages');
  const { t: ta } = useTranslation('approval');
  const { t: tf } = useTranslation('form');
  const page = bundle.page as CustomPageDef;
  const { view, log, error, loading, reload, userName } = useInstance(recordId, t('common.loadFailed'));
  const [depts, setDepts] = useState<Record<string, string>>({});
  const tx = useMemo(() => bundleText(bundle), [bundle]);
  const titles = useMemo(() => (view ? nodeTitles(view.definition, (x) => tx(x)) : new Map<string, string>()), [view, tx]);
  const nodeTitle = (id: string) => titles.get(id) ?? id;
  const fields = useMemo(() => page.fields ?? Object.keys(bundle.entity?.model.properties ?? {}), [page.fields, bundle.entity]);

  // Department names of dept fields (user fields use the instance's names).
  useEffect(() => {
    if (!view) return;
    const ids = fields
      .filter((f) => ['dept', 'depts'].includes(String(bundle.entity?.model.properties[f]?.['x-kind'])))
      .flatMap((f) => [view.state.data[f]].flat())
      .filter((x): x is number => typeof x === 'number');
    if (!ids.length) return;
    selector.getlist({ depts: ids }).then(
      (r) => setDepts(r?.depts ?? {}),
      () => undefined,
    );
  }, [view, fields, bundle.entity]);

  if (!recordId) return <Result status="info" title={t('print.noId')} data-testid="print-no-id" />;
  if (error)
    return (
      <Result
        status="warning"
        title={t('common.refused')}
        subTitle={error}
        extra={<Button onClick={reload}>{t('common.retry')}</Button>}
        data-testid="print-refused"
      />
    );
  if (loading || !view) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }

  const users: Record<string, string> = {};
  for (const f of fields) for (const u of [view.state.data[f]].flat()) if (typeof u === 'number') users[String(u)] = userName(u);
  // reference fields print their records' labels (flow/info `_refs.records`)
  const record: EntityRecord = {
    ...(view.state.data as EntityRecord),
    _refs: { users, depts, ...(view._refs?.records ? { records: view._refs.records } : {}) },
  };
  const startId = view.definition.nodes[0]?.id ?? 'start';
  const steps = opinionsByStep(log, startId);

  return (
    <div className="oa-print-page" data-testid="print-page">
      <Space className="oa-print-toolbar">
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="print-button">
          {t('print.print')}
        </Button>
      </Space>
      <div className="oa-print-sheet" data-testid="print-sheet">
        <h1 className="oa-print-heading">{tx(page.title)}</h1>
        <div className="oa-print-meta">
          <span>{t('print.initiator', { name: userName(view.initiator) })}</span>
          <span>{t('print.startedAt', { time: time(view.startedAt ?? view.createdAt) })}</span>
          <Tag color={STATUS_COLOR[view.status] ?? 'default'}>{ta(`status.${view.status}`, { defaultValue: view.status })}</Tag>
        </div>
        <table className="oa-print-table">
          <tbody>
            {fields.map((f) => (
              <tr key={f} data-testid={`print-field-${f}`}>
                <th>{fieldTitle(bundle, f)}</th>
                <td>{formatValue(bundle, record, f, tf)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2 className="oa-print-section">{t('print.opinions')}</h2>
        {steps.length === 0 ? (
          <Typography.Text type="secondary">{t('print.noOpinions')}</Typography.Text>
        ) : (
          <table className="oa-print-table oa-print-opinions">
            <tbody>
              {steps.map((s) => (
                <tr key={s.nodeId} data-testid={`print-step-${s.nodeId}`}>
                  <th>{nodeTitle(s.nodeId)}</th>
                  <td>
                    {s.opinions.map((o) => (
                      <div key={o.id} className="oa-print-opinion" data-testid="print-opinion">
                        <div className="oa-print-opinion-text">{o.opinion}</div>
                        <div className="oa-print-opinion-sign">
                          {o.actor === null ? ta('log.system') : (o.actorName ?? userName(o.actor))}
                          <span className="oa-print-opinion-act">
                            {eventLabel(view.definition, o, (x) => tx(x), ta)}
                            {o.onBehalfOf !== undefined && ta('log.actedFor', { name: userName(o.onBehalfOf) })}
                          </span>
                          {time(o.at)}
                        </div>
                      </div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <h2 className="oa-print-section">{t('print.log')}</h2>
        {log.length ? (
          <FlowLog entries={log} nodeTitle={nodeTitle} userName={userName} label={(e) => eventLabel(view.definition, e, (x) => tx(x), ta)} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ta('log.empty')} />
        )}
      </div>
    </div>
  );
}
