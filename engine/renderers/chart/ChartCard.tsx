/**
 * One chart of a chart page (../ChartPage.tsx): loads its groups (`<group>/aggregate` through the host) whenever the
 * page's filters change, then shows them as the declared chart (echarts, loaded with the first chart) or as a data
 * table — every chart offers its table (a toggle), the accessible reading of the figures; the chart itself is an
 * image labelled with its title and size. Clicking a bar, point or slice — or a table row's link — calls `onDrill`
 * with the group. Loading, a failed load (with retry), no data and a cut-off answer are shown in the card.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Segmented, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { aggregate, type AggregateAnswer, type AggregateGroup } from '../../data/aggregate';
import type { ChartDef, Text } from '../../schema/types';
import type { ListUrlQuery } from '../list/urlQuery';
import { chartOption, chartRequest, formatValue, measureTitle, tableRows, type TableRow } from './model';

const EChart = lazy(() => import('./EChart'));

/** Height of a chart (px). */
const CHART_HEIGHT = 320;

/** Props of {@link ChartCard}. */
export interface ChartCardProps {
  chart: ChartDef;
  /** API group of the page's entity. */
  group: string;
  /** The page's keyword and filters. */
  query: ListUrlQuery;
  tx: (text: Text | undefined) => string;
  fieldTitle: (field: string) => string;
  onDrill?: (chart: ChartDef, group: AggregateGroup) => void;
}

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; answer: AggregateAnswer };

/** A chart card (see the module comment). */
export function ChartCard({ chart, group, query, tx, fieldTitle, onDrill }: ChartCardProps) {
  const { t, i18n } = useTranslation('chart');
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [asTable, setAsTable] = useState(chart.type === 'table');
  const [attempt, setAttempt] = useState(0);
  const requestKey = JSON.stringify(chartRequest(chart, query));

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    aggregate(group, JSON.parse(requestKey)).then(
      (answer) => live && setState({ kind: 'ready', answer }),
      (e: unknown) => live && setState({ kind: 'error', message: e instanceof Error && e.message ? e.message : t('loadFailed') }),
    );
    return () => {
      live = false;
    };
  }, [group, requestKey, attempt, t]);

  const title = tx(chart.title);
  const measures = useMemo(() => chart.measures.map((m) => measureTitle(m, tx, fieldTitle, t)), [chart, tx, fieldTitle, t]);
  const answer = state.kind === 'ready' ? state.answer : null;
  const option = useMemo(() => (answer && chart.type !== 'table' ? chartOption(chart, answer, measures) : null), [answer, chart, measures]);

  let body;
  if (state.kind === 'loading')
    body = (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  else if (state.kind === 'error') {
    body = (
      <Alert
        type="error"
        showIcon
        data-testid="chart-error"
        title={t('loadFailed')}
        description={state.message}
        action={
          <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (!state.answer.groups.length) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />;
  else if (asTable)
    body = (
      <DataTable
        chart={chart}
        answer={state.answer}
        levels={chart.groupBy.map((g) => fieldTitle(g.field))}
        measures={measures}
        locale={i18n.language}
        onDrill={onDrill}
      />
    );
  else {
    body = (
      <div role="img" aria-label={t('chartLabel', { title, count: state.answer.groups.length })} data-testid={`chart-canvas-${chart.id}`}>
        <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
          <EChart option={option!} height={CHART_HEIGHT} onPick={onDrill ? (gi) => onDrill(chart, state.answer.groups[gi]) : undefined} />
        </Suspense>
      </div>
    );
  }

  return (
    <Card
      size="small"
      className="oa-chart-card"
      data-testid={`chart-${chart.id}`}
      title={<span data-testid={`chart-title-${chart.id}`}>{title}</span>}
      extra={
        chart.type !== 'table' && (
          <Segmented
            size="small"
            aria-label={t('viewToggle', { title })}
            data-testid={`chart-toggle-${chart.id}`}
            value={asTable ? 'table' : 'chart'}
            onChange={(v) => setAsTable(v === 'table')}
            options={[
              { value: 'chart', label: t('showChart') },
              { value: 'table', label: t('showTable') },
            ]}
          />
        )
      }
    >
      {answer?.truncated && <Typography.Paragraph type="warning">{t('truncated', { count: answer.groups.length })}</Typography.Paragraph>}
      {body}
    </Card>
  );
}

/** The groups of an answer as a table: one column per level, one per measure, and a link to the records. */
function DataTable(props: {
  chart: ChartDef;
  answer: AggregateAnswer;
  levels: string[];
  measures: string[];
  locale: string;
  onDrill?: ChartCardProps['onDrill'];
}) {
  const { t } = useTranslation('chart');
  const { chart, answer, levels, measures, locale, onDrill } = props;
  const columns = [
    ...levels.map((title, i) => ({ key: `l${i}`, title, render: (_: unknown, r: TableRow) => r.labels[i] })),
    ...measures.map((title, j) => ({ key: `m${j}`, title, align: 'right' as const, render: (_: unknown, r: TableRow) => formatValue(r.values[j], locale) })),
    ...(onDrill
      ? [
          {
            key: '$open',
            title: '',
            render: (_: unknown, r: TableRow) =>
              answer.groups[r.key].keys.every((k) => k !== null) ? (
                <Button type="link" size="small" data-testid={`chart-open-${chart.id}-${r.key}`} onClick={() => onDrill(chart, answer.groups[r.key])}>
                  {t('openList')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <Table<TableRow>
      size="small"
      rowKey="key"
      data-testid={`chart-table-${chart.id}`}
      columns={columns}
      dataSource={tableRows(answer)}
      pagination={answer.groups.length > 20 ? { pageSize: 20 } : false}
      scroll={{ x: 'max-content' }}
    />
  );
}
