/**
 * The filter form of a list page: one control per definition filter — `$keyword` a search box,
 * `between` on a date a range picker, a dictionary field a select of its items, a user or department
 * field a searchable select (selector/search), a reference field (kind record) a searchable select of the target's
 * records (or, with op `like`, a text box matching their labels), anything else a text box. Props: `bundle`, `tx`,
 * `onSearch(values)` with the form's values by filter id (on search and on reset).
 */
import { useRef, useState } from 'react';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { PageBundle } from '../../schema/bundle';
import type { ListFilter } from '../../schema/types';
import { selector } from '../../data/api';
import { RecordSelect } from '../../../widgets/RecordPicker';
import { columnTitle, dictOf, fieldOf, type FilterValues, type TextFn } from './model';

/** Props of {@link FilterBar}. */
export interface FilterBarProps {
  bundle: PageBundle;
  tx: TextFn;
  onSearch: (values: FilterValues) => void;
  /** The filters shown, when not the list page's own (a chart page's). */
  filters?: ListFilter[];
  /** Initial values by filter id (declared defaults, or the filters a drill-down opened the list with). */
  initial?: FilterValues;
}

/** A select of users or departments found by name as the user types. */
function OrgSelect({ of, placeholder, ...rest }: { of: 'user' | 'dept'; placeholder: string; value?: unknown; onChange?: (v: unknown) => void }) {
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const seq = useRef(0);
  const search = (keyword: string) => {
    const k = keyword.trim();
    const n = ++seq.current;
    if (!k) return setOptions([]);
    selector.search(k).then(
      (r) => {
        if (n !== seq.current) return;
        setOptions(
          of === 'user'
            ? r.users.map((u) => ({ value: u.id, label: u.deptTitle ? `${u.realname} (${u.deptTitle})` : u.realname }))
            : r.depts.map((d) => ({ value: d.id, label: d.title })),
        );
      },
      () => undefined,
    );
  };
  return (
    <Select {...rest} showSearch={{ filterOption: false, onSearch: search }} allowClear options={options} placeholder={placeholder} style={{ width: 180 }} />
  );
}

function control(f: ListFilter, bundle: PageBundle, tx: TextFn, label: string, t: TFunction) {
  const prop = fieldOf(bundle.entity, f.field);
  const kind = prop?.['x-kind'];
  if (f.op === 'between' && (kind === 'date' || kind === 'datetime')) {
    return <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 260 }} placeholder={[t('list.filter.from'), t('list.filter.to')]} />;
  }
  const dict = dictOf(bundle, f.field);
  if (dict) {
    return (
      <Select
        allowClear
        mode={f.op === 'in' ? 'multiple' : undefined}
        style={{ width: 160 }}
        placeholder={t('list.filter.choose', { field: label })}
        options={dict.items.filter((i) => !i.disabled).map((i) => ({ value: i.value, label: tx(i.label) }))}
      />
    );
  }
  const target = kind === 'record' ? bundle.records?.[f.field] : undefined;
  if (target && f.op !== 'like')
    return <RecordSelect target={target} texts={bundle.texts} style={{ width: 200 }} placeholder={t('list.filter.choose', { field: label })} />;
  if (kind === 'user' || kind === 'users' || kind === 'dept' || kind === 'depts') {
    return <OrgSelect of={kind.startsWith('user') ? 'user' : 'dept'} placeholder={t('list.filter.choose', { field: label })} />;
  }
  return <Input allowClear style={{ width: 180 }} placeholder={t('list.filter.enter', { field: label })} />;
}

/** The filter form above the table. */
export function FilterBar({ bundle, tx, onSearch, filters: own, initial }: FilterBarProps) {
  const { t } = useTranslation('renderer');
  const [form] = Form.useForm<FilterValues>();
  const page = bundle.page;
  const filters = own ?? (page.pageKind === 'list' ? (page.filters ?? []) : []);
  // Enter in the keyword box both searches and submits the form: one request for both.
  const last = useRef(0);
  const submit = () => {
    const now = Date.now();
    if (now - last.current < 300) return;
    last.current = now;
    onSearch(form.getFieldsValue());
  };
  if (!filters.length) return null;
  return (
    <Form form={form} layout="inline" className="oa-list-filters" data-testid="list-filters" initialValues={initial} onFinish={submit}>
      {filters.map((f) => {
        if (f.field === '$keyword') {
          return (
            <Form.Item key={f.id} name={f.id}>
              <Input.Search allowClear data-testid="list-keyword" style={{ width: 240 }} placeholder={t('list.filter.keyword')} onSearch={submit} />
            </Form.Item>
          );
        }
        const label = columnTitle(f, bundle.entity, tx);
        return (
          <Form.Item key={f.id} name={f.id} label={label} data-testid={`list-filter-${f.id}`}>
            {control(f, bundle, tx, label, t)}
          </Form.Item>
        );
      })}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="list-search">
            {t('list.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            data-testid="list-reset"
            onClick={() => {
              form.resetFields();
              submit();
            }}
          >
            {t('list.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
