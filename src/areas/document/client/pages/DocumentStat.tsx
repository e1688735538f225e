/**
 * 公文统计 (custom component `document.stat`, /stat/document "Statistics … by unit, month, kind, overdue,
 * average handling time — charts (echarts)"): the year's figures of document/dbstat as key numbers, a bar chart by
 * unit (发文 / 收文), a line by month, a pie by 公文种类 (labels from the page's dictionary) and the table by unit.
 * echarts is loaded with the page only (its own chunk), with just the chart types used.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Card, Col, DatePicker, Empty, Row, Spin, Statistic, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { PageKindProps } from '../../../../../engine/renderers/registry';
import { dictLabel, fieldDict } from '../../../../../engine/renderers/text';
import type { DocumentStats, UnitStat } from '../../shared/types';
import { host } from '../../../../../engine/host';

const Chart = lazy(() => import('./StatChart'));

/** Units shown in the bar chart (the busiest first; the table lists all). */
const CHART_UNITS = 12;

/** The page (see the module comment). */
export function DocumentStat({ bundle }: PageKindProps) {
  const { t } = useTranslation('stat');
  const [year, setYear] = useState<Dayjs>(dayjs());
  const [data, setData] = useState<DocumentStats | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setData(null);
    setFailed(false);
    host()
      .call<DocumentStats>('document/dbstat', { year: year.year() })
      .then(
        (d) => live && setData(d),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [year]);

  const kindDict = fieldDict(bundle, 'docType');
  const charts = useMemo(() => {
    if (!data) return null;
    const units = data.units.slice(0, CHART_UNITS);
    return {
      units: {
        tooltip: { trigger: 'axis' },
        legend: { top: 0, data: [t('sent'), t('received')] },
        grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
        xAxis: { type: 'category', data: units.map((u) => u.unitName), axisLabel: { interval: 0, rotate: 30 } },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          { name: t('sent'), type: 'bar', stack: 'all', data: units.map((u) => u.sent) },
          { name: t('received'), type: 'bar', stack: 'all', data: units.map((u) => u.received) },
        ],
      },
      months: {
        tooltip: { trigger: 'axis' },
        legend: { top: 0, data: [t('sent'), t('received')] },
        grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
        xAxis: { type: 'category', data: data.months.map((m) => t('month', { month: m.month })) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          { name: t('sent'), type: 'line', smooth: true, data: data.months.map((m) => m.sent) },
          { name: t('received'), type: 'line', smooth: true, data: data.months.map((m) => m.received) },
        ],
      },
      kinds: {
        tooltip: { trigger: 'item' },
        series: [
          {
            type: 'pie',
            radius: ['35%', '65%'],
            data: data.kinds.map((k) => ({ name: dictLabel(bundle, kindDict, k.docType).label || t('unknownKind'), value: k.count })),
          },
        ],
      },
    };
  }, [data, t, bundle, kindDict]);

  const hours = (v: number | null) => (v === null ? '—' : t('hours', { n: v }));
  return (
    <div className="oa-stat" data-testid="document-stat">
      <Card
        size="small"
        title={t('title')}
        extra={<DatePicker picker="year" allowClear={false} value={year} onChange={(v) => v && setYear(v)} data-testid="stat-year" />}
      >
        {failed ? (
          <Empty description={t('failed')} />
        ) : !data || !charts ? (
          <div style={{ padding: 48, textAlign: 'center' }}>
            <Spin />
          </div>
        ) : (
          <>
            <Row gutter={[16, 16]}>
              {(['sent', 'received', 'running', 'finished', 'overdue'] as const).map((k) => (
                <Col key={k} xs={12} sm={8} lg={4}>
                  <Statistic title={t(k)} value={data.totals[k]} />
                </Col>
              ))}
              <Col xs={12} sm={8} lg={4}>
                <Statistic title={t('avgHours')} value={hours(data.totals.avgHours)} />
              </Col>
            </Row>
            <Suspense fallback={<Spin />}>
              <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
                <Col xs={24} xl={14}>
                  <Card size="small" title={t('byUnit')}>
                    {data.units.length ? <Chart option={charts.units} /> : <Empty />}
                  </Card>
                </Col>
                <Col xs={24} xl={10}>
                  <Card size="small" title={t('byKind')}>
                    {data.kinds.length ? <Chart option={charts.kinds} /> : <Empty />}
                  </Card>
                </Col>
                <Col span={24}>
                  <Card size="small" title={t('byMonth')}>
                    <Chart option={charts.months} />
                  </Card>
                </Col>
              </Row>
            </Suspense>
            <Table<UnitStat>
              style={{ marginTop: 16 }}
              size="small"
              rowKey="unitId"
              dataSource={data.units}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              columns={[
                { title: t('unit'), dataIndex: 'unitName' },
                { title: t('sent'), dataIndex: 'sent', sorter: (a, b) => a.sent - b.sent },
                { title: t('received'), dataIndex: 'received', sorter: (a, b) => a.received - b.received },
                { title: t('running'), dataIndex: 'running', sorter: (a, b) => a.running - b.running },
                { title: t('finished'), dataIndex: 'finished', sorter: (a, b) => a.finished - b.finished },
                { title: t('overdue'), dataIndex: 'overdue', sorter: (a, b) => a.overdue - b.overdue },
                {
                  title: t('avgHours'),
                  dataIndex: 'avgHours',
                  render: (v: number | null) => hours(v),
                  sorter: (a, b) => (a.avgHours ?? -1) - (b.avgHours ?? -1),
                },
              ]}
              data-testid="stat-table"
            />
          </>
        )}
      </Card>
    </div>
  );
}
