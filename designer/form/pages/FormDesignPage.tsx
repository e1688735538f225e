/**
 * 表单设计 (custom component `form.design`, /form/new?id=<form page id>, SPEC §2.3): opens the form's
 * draft, else its current revision (./useFormSource), in FormDesigner with keys from the labels' pinyin
 * (Form/getpinyin, cached per text). 保存草稿 stores the compiled form (toFormPage: page, model, owned
 * dictionaries, en-US texts) as the draft (Template/formedit); 发布 is refused while checkDesign reports
 * problems (they are listed), else asks for a comment and publishes the compiled form (Template/set; a server
 * refusal is shown); 放弃草稿 deletes the draft and reloads the current revision. 提交时启动 binds the form to
 * a flow of its entity (the page's `flow`: submitting the form starts it). Unsaved changes are guarded on
 * leaving (返回列表 and the browser's unload).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Result, Select, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { PageKindProps } from '../../../engine/renderers/registry';
import { FormDesigner } from '../FormDesigner';
import { checkDesign, toFormPage, type DesignProblem, type FormDesignState } from '../model';
import { formsetApi, type FormDefinition } from './api';
import { useFormSource, type FormOrigin } from './useFormSource';
import { DesignHeader, PublishAlerts, PublishDialog, useDesignGuards, type DesignStatus } from '../../shared/DesignParts';
import type { ListKind } from '../../shared/ListParts';
import { FULLSCREEN_CLASS, useFullscreen } from '../../shared/Fullscreen';

const KIND: ListKind = { ns: 'formset', prefix: 'form' };

/**
 * The stored form of a design: the page (with `flow` when one is bound), the model, the owned dictionaries
 * and the en-US texts. @throws DesignError badCondition (toFormPage).
 */
export function compileDesign(state: FormDesignState, flow: string | null): FormDefinition {
  const c = toFormPage({ ...state, meta: { ...state.meta, flow: flow || undefined } });
  return { page: c.page, entity: { model: c.model }, dicts: c.dicts, texts: { 'en-US': c.texts['en-US'] ?? {} } };
}

/** The design page (see the module comment). */
export function FormDesignPage(_props: PageKindProps) {
  const { t, i18n } = useTranslation('formset');
  const { t: td } = useTranslation('designer');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { source, error, reload } = useFormSource(id);
  const [state, setState] = useState<FormDesignState | null>(null);
  const [origin, setOrigin] = useState<FormOrigin | null>(null);
  const [flow, setFlow] = useState<string | null>(null);
  const [flows, setFlows] = useState<{ value: string; label: string }[]>([]);
  const [dirty, setDirty] = useState(false);
  const [refused, setRefused] = useState<DesignProblem[] | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [busy, setBusy] = useState(false);
  const pinyinCache = useRef(new Map<string, Promise<string>>());
  const locale = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';

  useEffect(() => {
    if (!source) return;
    setState(source.state);
    setOrigin(source.origin);
    setFlow(source.state.meta.flow ?? null);
    setDirty(false);
    setRefused(null);
  }, [source]);

  const entity = source?.state.meta.entity;
  useEffect(() => {
    if (!entity) return;
    formsetApi.flows().then(
      (r) => setFlows(r.list.filter((f) => f.entity === entity).map((f) => ({ value: f.id, label: t('design.flowOption', { title: f.title.d, id: f.id }) }))),
      () => setFlows([]),
    );
  }, [entity, t]);

  const { back, confirmDiscard } = useDesignGuards(KIND.ns, dirty, '/form/list');
  const full = useFullscreen();

  const pinyin = useCallback((text: string) => {
    const cache = pinyinCache.current;
    let p = cache.get(text);
    if (!p) {
      p = formsetApi.pinyin(text).then((r) => r.pinyin);
      p.catch(() => cache.delete(text));
      cache.set(text, p);
    }
    return p;
  }, []);

  const onChange = useCallback((s: FormDesignState) => {
    setState(s);
    setDirty(true);
    setRefused(null);
  }, []);

  /** The compiled form, or null after showing why it cannot be compiled. */
  const compiled = (): FormDefinition | null => {
    if (!state) return null;
    try {
      return compileDesign(state, flow);
    } catch (e) {
      setServerError(t('design.compileFailed', { message: (e as Error).message }));
      return null;
    }
  };

  const saveDraft = async () => {
    const def = compiled();
    if (!def) return;
    setBusy(true);
    try {
      const r = await formsetApi.saveDraft(id, def);
      setOrigin({ kind: 'draft', updatedAt: r.updatedAt });
      setDirty(false);
      void message.success(t('design.saved'));
    } catch {
      // the HTTP layer showed the refusal
    } finally {
      setBusy(false);
    }
  };

  const startPublish = () => {
    if (!state) return;
    setServerError(null);
    const problems = checkDesign(state, locale);
    setRefused(problems.length ? problems : null);
    if (!problems.length) setPublishing(true);
  };

  const publish = async (comment: string) => {
    const def = compiled();
    if (!def) return setPublishing(false);
    setBusy(true);
    try {
      const r = await formsetApi.publish(id, def, comment);
      setPublishing(false);
      void message.success(t('design.published', { revision: r.revision }));
      setDirty(false);
      await reload();
    } catch (e) {
      setPublishing(false);
      setServerError(t('design.serverRefused', { message: (e as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  const discard = () =>
    confirmDiscard(async () => {
      if (origin?.kind === 'draft') await formsetApi.deleteDraft(id);
      void message.success(t('design.discarded'));
      setDirty(false);
      await reload();
    });

  const status = useMemo((): DesignStatus | null => {
    if (!origin || origin.kind === 'draft') return origin;
    if (origin.revision === 0) return { kind: 'unpublished', text: source?.revisions.designed ? t('design.neverPublished') : t('design.editingBase') };
    return { kind: 'published', text: t('design.editingRevision', { revision: origin.revision }) };
  }, [origin, source, t]);

  if (!id) return <Result status="warning" title={t('design.missingId')} />;
  if (error)
    return (
      <Result
        status="404"
        title={t('design.notFound', { id })}
        subTitle={error}
        extra={<Button onClick={() => navigate('/form/list')}>{t('design.back')}</Button>}
      />
    );
  if (!source || !state) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const title = locale === 'en-US' ? (state.en[state.meta.title.t] ?? state.meta.title.d) : state.meta.title.d;

  return (
    <Card size="small" className={full.on ? FULLSCREEN_CLASS : undefined} data-testid="form-design">
      <DesignHeader
        {...KIND}
        title={title}
        subtitle={state.meta.entity}
        status={status}
        dirty={dirty}
        busy={busy}
        canDiscard={origin?.kind === 'draft' || dirty}
        onBack={back}
        onDiscard={discard}
        onSave={() => void saveDraft()}
        onPublish={startPublish}
        fullscreen={full}
      >
        <Typography.Text type="secondary">{t('design.flow')}</Typography.Text>
        <Select
          allowClear
          style={{ width: 260 }}
          placeholder={flows.length ? t('design.noFlow') : t('design.noFlows')}
          aria-label={t('design.flow')}
          value={flow ?? undefined}
          options={flow && !flows.some((f) => f.value === flow) ? [...flows, { value: flow, label: flow }] : flows}
          onChange={(v?: string) => {
            setFlow(v ?? null);
            setDirty(true);
          }}
          data-testid="form-flow"
        />
      </DesignHeader>
      {source.revisions.conflicts?.length ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('design.conflicts', { count: source.revisions.conflicts.length })}
          data-testid="form-conflicts"
        />
      ) : null}
      <PublishAlerts
        {...KIND}
        refused={refused?.map((p) => td(`problem.${p.code}`, { message: p.message ?? '' })) ?? null}
        serverError={serverError}
        onCloseRefused={() => setRefused(null)}
        onCloseServerError={() => setServerError(null)}
      />
      <FormDesigner key={source.loadNo} initial={source.state} pinyin={pinyin} onChange={onChange} dicts={source.sharedDicts} />
      <PublishDialog {...KIND} open={publishing} busy={busy} maxLength={500} onOk={(c) => void publish(c)} onCancel={() => setPublishing(false)} />
    </Card>
  );
}
