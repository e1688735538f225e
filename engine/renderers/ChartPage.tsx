/**
 * The `chart` page kind (DESIGN §4; engine/schema/types.ts ChartPageDef): a filter bar like a list's, opened on the
 * filters' declared defaults, above the page's charts — two per row on wide screens, one below (./chart/ChartCard.tsx;
 * each chart is also readable as a data table). Every chart asks `<group>/aggregate` of the page's entity with the
 * bar's keyword and filters, within the caller's scope. With `drill`, clicking a group opens the list route with the
 * page's filters and the group's value (./list/urlQuery.ts), through the engine host.
 */
import { useCallback, useMemo, useState } from 'react';
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { host } from '../host';
import type { AggregateGroup } from '../data/aggregate';
import type { ChartDef, ChartPageDef } from '../schema/types';
import { DefinitionError } from './DefinitionError';
import type { PageKindProps } from './registry';
import { bundleText, fieldTitle as titleOfField } from './text';
import { FilterBar } from './list/FilterBar';
import { filterParams } from './list/model';
import { listUrl, type ListUrlQuery } from './list/urlQuery';
import { ChartCard } from './chart/ChartCard';
import { defaultFilterValues, drillQuery } from './chart/model';

/** System fields a chart may group by (their titles: `system.<field>` of the chart texts). */
const SYSTEM_FIELDS = ['created_by', 'updated_by', 'owner_dept_id', 'created_at', 'updated_at'];

/** Renders a chart page definition (see the module comment). */
export function ChartPage(props: PageKindProps) {
  const { t } = useTranslation('chart');
  const page = props.bundle.page;
  if (page.pageKind !== 'chart' || !props.bundle.entity)
    return <DefinitionError definition={page.id} path="entity" message={t('needsEntity', { id: page.id })} />;
  return <Charts {...props} page={page} group={props.bundle.entity.group} />;
}

function Charts({ bundle, embedded, page, group }: PageKindProps & { page: ChartPageDef; group: string }) {
  const { t } = useTranslation('chart');
  const tx = useMemo(() => bundleText(bundle), [bundle]);
  const fieldTitle = useCallback(
    (f: string) => (SYSTEM_FIELDS.includes(f) && !bundle.entity?.model.properties[f] ? t(`system.${f}`) : titleOfField(bundle, f)),
    [bundle, t],
  );
  const initial = useMemo(() => defaultFilterValues(page.filters), [page.filters]);
  const [query, setQuery] = useState<ListUrlQuery>(() => filterParams(page.filters, initial));
  const drill = page.drill;
  const onDrill = useMemo(
    () =>
      drill
        ? (chart: ChartDef, g: AggregateGroup) => {
            const q = drillQuery(chart, g, query);
            if (q) host().navigate(listUrl(drill.route, q));
          }
        : undefined,
    [drill, query],
  );
  const wide = page.charts.length > 1;
  return (
    <Card
      className="oa-chart-page"
      data-testid="chart-page"
      data-page={page.id}
      variant={embedded ? 'borderless' : 'outlined'}
      title={embedded ? undefined : <span data-testid="chart-page-title">{tx(page.title)}</span>}
    >
      <FilterBar bundle={bundle} tx={tx} filters={page.filters ?? []} initial={initial} onSearch={(values) => setQuery(filterParams(page.filters, values))} />
      {drill && (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          {t('drillHint')}
        </Typography.Paragraph>
      )}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {page.charts.map((c) => (
          <Col key={c.id} xs={24} xl={wide ? 12 : 24}>
            <ChartCard chart={c} group={group} query={query} tx={tx} fieldTitle={fieldTitle} onDrill={onDrill} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
