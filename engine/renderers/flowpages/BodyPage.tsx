/**
 * 正文 (custom component `flow.body`, /affair/ntko): `?id=<instance>` edits the page's first `fields` entry
 * (the rich-text 正文) full-page with the forms' rich-text widget, when ./bodyAccess.ts says the caller may
 * (initiator of a draft: the record through the entity API with its version, then the draft; holder of the
 * current task whose node grants W: flow/act saveDraft with the instance version). A stale save is refused with
 * the server's message, shown above the editor; the text typed is kept. Otherwise the text is shown read-only
 * with the reason. 历史版本 opens the saved versions with what each changed (./BodyHistory.tsx). Without `?id`: the
 * caller's drafts and the 待办 whose step lets them edit the field.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, List, Result, Space, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, HistoryOutlined, SaveOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { CustomPageDef } from '../../schema/types';
import { flowApi } from '../../data/flow';
import { flowPagesApi } from '../../data/flowpages';
import { resource, type EntityRecord } from '../../data/api';
import { sanitizeHtml, widgetOf } from '../../../widgets';
import type { PageKindProps } from '../registry';
import { fieldTitle } from '../text';
import { positiveId, useInstance } from './instance';
import { bodyMode, nodeWrites } from './bodyAccess';
import { BodyHistory } from './BodyHistory';
import './flowpages.css';
import { formatTime as time } from '../time';
import { host } from '../../host';

/** The forms' rich-text widget outside a form. */
function RichText({ value, onChange, readOnly }: { value: string; onChange: (v: string) => void; readOnly: boolean }) {
  const Widget = widgetOf('richtext');
  if (!Widget) return null;
  const props = {
    id: 'oa-body',
    name: 'body',
    value,
    onChange: (v: unknown) => onChange(typeof v === 'string' ? v : ''),
    registry: { formContext: {} },
    options: {},
    schema: {},
    label: '',
    disabled: false,
    readonly: readOnly,
    rawErrors: [],
    onBlur: () => undefined,
    onFocus: () => undefined,
  };
  return <Widget {...(props as unknown as WidgetProps)} />;
}

type Editable = { id: number; title: string; kind: 'draft' | 'todo'; at: number; flowTitle: string };

/** Drafts of the caller and 待办 whose step grants W on `field`. */
function EditableList({ flows, field, onOpen }: { flows?: string[]; field: string; onOpen: (id: number) => void }) {
  const { t } = useTranslation('flowpages');
  const [rows, setRows] = useState<Editable[] | null>(null);
  useEffect(() => {
    let live = true;
    (async () => {
      const [drafts, todo] = await Promise.all([flowApi.list('drafts', { pageSize: 50, flows }), flowApi.list('todo', { pageSize: 50, flows })]);
      const defs = new Map<string, Awaited<ReturnType<typeof flowPagesApi.definition>>['definition'] | undefined>();
      for (const d of new Set(todo.list.map((r) => r.defId)))
        defs.set(
          d,
          await flowPagesApi.definition(d).then(
            (x) => x.definition,
            () => undefined,
          ),
        );
      const out: Editable[] = [
        ...drafts.list.map((r) => ({ id: r.instanceId, title: r.title, kind: 'draft' as const, at: r.updatedAt, flowTitle: r.flowTitle })),
        ...todo.list
          .filter((r) => defs.get(r.defId) && nodeWrites(defs.get(r.defId)!, r.nodeId, field))
          .map((r) => ({ id: r.instanceId, title: r.title, kind: 'todo' as const, at: r.createdAt, flowTitle: r.flowTitle })),
      ];
      if (live) setRows(out);
    })().catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [flows, field]);
  return (
    <Card size="small" title={t('body.listTitle')} data-testid="body-list">
      <List
        loading={rows === null}
        dataSource={rows ?? []}
        locale={{ emptyText: t('body.listEmpty') }}
        renderItem={(r) => (
          <List.Item
            actions={[
              <Typography.Text key="at" type="secondary">
                {time(r.at)}
              </Typography.Text>,
            ]}
          >
            <Space>
              <Tag color={r.kind === 'draft' ? 'default' : 'processing'}>{t(`body.kind.${r.kind}`)}</Tag>
              <Typography.Link onClick={() => onOpen(r.id)} data-testid="body-open">
                {r.title}
              </Typography.Link>
              <Typography.Text type="secondary">{r.flowTitle}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** The editor of one instance's field. */
function BodyEditor({ id, field, bundle, onBack }: { id: number; field: string; bundle: PageKindProps['bundle']; onBack: () => void }) {
  const { t } = useTranslation('flowpages');
  const me = host().useIdentity()?.id;
  const { view, error, loading, reload } = useInstance(id, t('common.loadFailed'));
  const [record, setRecord] = useState<EntityRecord | null>(null);
  const [value, setValue] = useState('');
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [history, setHistory] = useState(false);
  const mode = useMemo(() => (view ? bodyMode(view, me, field) : null), [view, me, field]);
  const group = bundle.entity?.group;

  useEffect(() => {
    if (!view || !mode) return;
    setRefusal(null);
    if (mode.kind === 'record' && group && view.recordId) {
      resource(group)
        .info(view.recordId)
        .then(
          (r) => {
            setRecord(r);
            setValue(typeof r[field] === 'string' ? (r[field] as string) : '');
          },
          () => setValue(String(view.state.data[field] ?? '')),
        );
    } else setValue(typeof view.state.data[field] === 'string' ? (view.state.data[field] as string) : '');
  }, [view, mode, group, field]);

  const save = useCallback(async () => {
    if (!view || !mode || mode.kind === 'none') return;
    setSaving(true);
    setRefusal(null);
    try {
      if (mode.kind === 'record' && group && view.recordId && view.entity && record) {
        await resource(group).edit({ id: view.recordId, version: Number(record.version), [field]: value });
        await flowApi.startForRecord({ defId: view.defId, entity: view.entity, recordId: view.recordId, draft: true });
      } else {
        await flowApi.act(view.id, view.version, { type: 'saveDraft', ...(mode.kind === 'task' ? { taskId: mode.taskId } : {}), data: { [field]: value } });
      }
      host().notify.success(t('body.saved'));
      reload();
    } catch (e) {
      setRefusal(e instanceof Error && e.message ? e.message : t('common.loadFailed'));
    } finally {
      setSaving(false);
    }
  }, [view, mode, group, record, field, value, reload, t]);

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="body-back">
      {t('body.back')}
    </Button>
  );
  if (error) return <Result status="warning" title={t('common.refused')} subTitle={error} extra={back} data-testid="body-refused" />;
  if (loading || !view || !mode) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  const editable = mode.kind !== 'none' && (mode.kind !== 'record' || record !== null);
  return (
    <Card
      size="small"
      data-testid="body-editor"
      title={
        <Space wrap>
          {back}
          <span>{view.title}</span>
          <Typography.Text type="secondary">{fieldTitle(bundle, field)}</Typography.Text>
        </Space>
      }
      extra={
        <Space>
          <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)} data-testid="body-history-open">
            {t('body.history.open')}
          </Button>
          {editable && (
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="body-save">
              {t('body.save')}
            </Button>
          )}
        </Space>
      }
    >
      <BodyHistory id={view.id} field={field} open={history} onClose={() => setHistory(false)} />
      {mode.kind === 'none' && <Alert type="info" showIcon title={t(`body.why.${mode.reason}`)} style={{ marginBottom: 12 }} data-testid="body-readonly" />}
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} data-testid="body-refusal" />}
      {editable ? (
        <div className="oa-body-editor">
          <RichText value={value} onChange={setValue} readOnly={false} />
        </div>
      ) : value ? (
        <div className="oa-richtext-view" data-testid="body-view" dangerouslySetInnerHTML={{ __html: sanitizeHtml(value) }} />
      ) : (
        <Typography.Text type="secondary">{t('body.empty')}</Typography.Text>
      )}
    </Card>
  );
}

/** The page (see the module comment). */
export function BodyPage({ bundle }: PageKindProps) {
  const page = bundle.page as CustomPageDef;
  const field = page.fields?.[0] ?? 'body';
  const [params, setParams] = useSearchParams();
  const id = positiveId(params.get('id'));
  if (id) return <BodyEditor key={id} id={id} field={field} bundle={bundle} onBack={() => setParams({})} />;
  return <EditableList flows={page.flows} field={field} onOpen={(n) => setParams({ id: String(n) })} />;
}
