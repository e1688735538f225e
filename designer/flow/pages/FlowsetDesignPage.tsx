/**
 * 流程设计 (custom component `flowset.design`, /flowset/add, SPEC §2.3): `?id=` opens the flow's
 * draft (Flowset/draft), else its newest published version (Flowset/getInfo); `?id=&entity=&title=` of a flow
 * not yet published starts from a blank flow (start → end) for that entity. Renders FlowDesigner with the
 * entity's model (./useFlowModel). 保存草稿 stores the definition as the draft (Flowset/saveDraft); 发布 is
 * refused while validateForPublish reports problems (they are listed), else asks for a comment, saves the
 * draft and publishes it (Flowset/publish; a server refusal is shown); 放弃草稿 deletes the draft and
 * reloads the published version. Unsaved changes are guarded on leaving (返回列表 and the browser's unload).
 * 标题模板 above the canvas edits the flow's work-item title template (`title.cel`, type-checked against the
 * entity's model as it is typed); a flow without one gets DEFAULT_TITLE_TEMPLATE (the form's name and the initiator's).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Form, Input, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { DesignHeader, PublishAlerts, PublishDialog, useDesignGuards, type DesignStatus } from '../../shared/DesignParts';
import type { ListKind } from '../../shared/ListParts';
import { FULLSCREEN_CLASS, useFullscreen } from '../../shared/Fullscreen';
import type { FlowDef } from '../../../engine/flow/types';
import { checkTitleTemplate, DEFAULT_TITLE_TEMPLATE } from '../../../engine/flow/title';
import type { Text } from '../../../engine/schema/types';
import { textOf } from '../../../engine/schema/text';
import type { PageKindProps } from '../../../engine/renderers/registry';
import { FlowDesigner } from '../FlowDesigner';
import { findBranch, findNode, validateForPublish, type DesignerProblem } from '../model';
import { flowsetApi } from './api';
import { blankFlow } from './blankFlow';
import { useFlowModel } from './useFlowModel';

/** Where the definition being edited came from. */
type Origin = { kind: 'draft'; updatedAt: number } | { kind: 'version'; version: number } | { kind: 'new' };

const KIND: ListKind = { ns: 'flowset', prefix: 'flowset' };

/** The design page (see the module comment). */
export function FlowsetDesignPage(_props: PageKindProps) {
  const { t, i18n } = useTranslation('flowset');
  const { t: td } = useTranslation('flowdesigner');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [loaded, setLoaded] = useState<FlowDef | null>(null);
  const [current, setCurrent] = useState<FlowDef | null>(null);
  const [origin, setOrigin] = useState<Origin | null>(null);
  const [published, setPublished] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [refused, setRefused] = useState<DesignerProblem[] | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [busy, setBusy] = useState(false);
  // the work-item title template (title.cel), edited beside the canvas and merged into what is saved
  const [template, setTemplate] = useState(DEFAULT_TITLE_TEMPLATE);
  const { model, entityTitle, texts } = useFlowModel(current?.entity ?? params.get('entity'));
  // Titles as the flow's other pages show them (the area's texts in the reader's language, else the default); a
  // title renamed here has a key of its own (designer/flow renamedText) and reads its new default everywhere.
  const text = useCallback((x: Text) => textOf(x, texts), [texts]);
  const locale = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';

  const load = useCallback(async () => {
    setFailed(false);
    const [draft, info] = await Promise.all([flowsetApi.draft(id).catch(() => null), flowsetApi.info(id).catch(() => null)]);
    setPublished(info?.version ?? null);
    let def: FlowDef | null = null;
    if (draft) {
      def = draft.definition;
      setOrigin({ kind: 'draft', updatedAt: draft.updatedAt });
    } else if (info) {
      def = info.definition;
      setOrigin({ kind: 'version', version: info.version });
    } else if (params.get('entity') && params.get('title')) {
      def = blankFlow(id, params.get('entity')!, params.get('title')!, { start: t('new.start'), end: t('new.end') });
      setOrigin({ kind: 'new' });
    }
    if (!def) setFailed(true);
    setTemplate(def?.title.cel ?? DEFAULT_TITLE_TEMPLATE);
    setLoaded(def);
    setCurrent(def);
    setDirty(!!def && !draft && !info);
  }, [id, params, t]);
  useEffect(() => {
    if (id) void load();
  }, [id]); // eslint-disable-line react-hooks/exhaustive-deps

  const { back, confirmDiscard } = useDesignGuards(KIND.ns, dirty, '/flowset/list');
  const full = useFullscreen();

  const onChange = useCallback((def: FlowDef) => {
    setCurrent(def);
    setDirty(true);
    setRefused(null);
  }, []);

  /** `def` with the title template of the field (the default when the field is blank). */
  const withTemplate = (def: FlowDef): FlowDef => ({ ...def, title: { ...def.title, cel: template.trim() || DEFAULT_TITLE_TEMPLATE } });
  const templateCheck = useMemo(
    () => (model ? checkTitleTemplate(template.trim() || DEFAULT_TITLE_TEMPLATE, model) : { ok: true as const }),
    [template, model],
  );

  const saveDraft = async (): Promise<boolean> => {
    if (!current) return false;
    setBusy(true);
    try {
      const r = await flowsetApi.saveDraft(withTemplate(current));
      setOrigin({ kind: 'draft', updatedAt: r.updatedAt });
      setDirty(false);
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  };

  const startPublish = () => {
    if (!current) return;
    setServerError(null);
    const problems = validateForPublish(current, { model, locale });
    setRefused(problems.length ? problems : null);
    if (!problems.length && templateCheck.ok) setPublishing(true);
  };

  const publish = async (comment: string) => {
    if (!current) return;
    if ((dirty || origin?.kind !== 'draft') && !(await saveDraft())) return;
    setBusy(true);
    try {
      const r = await flowsetApi.publish(current.id, comment);
      setPublishing(false);
      void message.success(t('design.published', { version: r.version }));
      setPublished(r.version);
      setOrigin({ kind: 'version', version: r.version });
      setDirty(false);
    } catch (e) {
      setPublishing(false);
      setServerError(t('design.serverRefused', { message: (e as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  const discard = () =>
    confirmDiscard(async () => {
      if (origin?.kind === 'draft') await flowsetApi.deleteDraft(id);
      void message.success(t('design.discarded'));
      setDirty(false);
      if (published == null) navigate('/flowset/list');
      else await load();
    });

  const problemTitle = (p: DesignerProblem) => {
    if (!p.nodeId || !current) return '';
    const n = findNode(current, p.nodeId);
    const b = n ? undefined : findBranch(current, p.nodeId);
    return n ? text(n.title) : b ? text(b.branch.title) : p.nodeId;
  };

  const status = useMemo((): DesignStatus | null => {
    if (!origin || origin.kind === 'draft') return origin;
    if (origin.kind === 'version') return { kind: 'published', text: t('design.editingVersion', { version: origin.version }) };
    return { kind: 'unpublished', text: t('design.newFlow') };
  }, [origin, t]);
  const problemLine = (p: DesignerProblem) => {
    const title = problemTitle(p);
    return title ? t('design.problemLine', { title, text: td(p.key, p.params ?? {}) }) : td(p.key, p.params ?? {});
  };

  if (!id) return <Result status="warning" title={t('design.missingId')} />;
  if (failed)
    return <Result status="404" title={t('design.notFound', { id })} extra={<Button onClick={() => navigate('/flowset/list')}>{t('design.back')}</Button>} />;
  if (!loaded || !current) return <Spin style={{ display: 'block', margin: '80px auto' }} />;

  return (
    <Card size="small" className={full.on ? FULLSCREEN_CLASS : undefined} data-testid="flowset-design">
      <DesignHeader
        {...KIND}
        title={text(current.title)}
        subtitle={current.entity ? t('design.entity', { entity: entityTitle ?? current.entity }) : t('design.noEntity')}
        status={status}
        dirty={dirty}
        busy={busy}
        canDiscard={origin?.kind === 'draft' || (dirty && published != null)}
        onBack={back}
        onDiscard={discard}
        onSave={() => void saveDraft().then((ok) => ok && void message.success(t('design.saved')))}
        onPublish={startPublish}
        fullscreen={full}
      />
      <PublishAlerts
        {...KIND}
        refused={refused?.map(problemLine) ?? null}
        serverError={serverError}
        onCloseRefused={() => setRefused(null)}
        onCloseServerError={() => setServerError(null)}
      />
      <Form layout="inline" style={{ margin: '8px 0' }}>
        <Form.Item
          label={t('design.titleTemplate')}
          tooltip={t('design.titleTemplateHelp')}
          validateStatus={templateCheck.ok ? undefined : 'error'}
          help={templateCheck.ok ? undefined : templateCheck.message}
          style={{ flex: 1 }}
        >
          <Input
            value={template}
            aria-label={t('design.titleTemplate')}
            maxLength={1000}
            data-testid="flowset-title-template"
            onChange={(e) => {
              setTemplate(e.target.value);
              setDirty(true);
            }}
          />
        </Form.Item>
      </Form>
      <FlowDesigner definition={loaded} model={model} onChange={onChange} text={text} height={620} />
      <PublishDialog {...KIND} open={publishing} busy={busy} maxLength={255} onOk={(c) => void publish(c)} onCancel={() => setPublishing(false)} />
    </Card>
  );
}
