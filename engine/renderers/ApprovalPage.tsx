/**
 * The `approval` page kind (DESIGN §4 "Approval page and lists"): the work-item page of one flow
 * instance (`recordId` = the instance id, flow/info). Left: the header (title, status, 打印 when the page
 * names a `print` route, who started it and when, the current steps), the business form — the form page `page.form` drawn by the form engine over the
 * instance's data, under the caller's field permissions (R / W / H of their task's node; the start node's for
 * the initiator of a draft) — the opinion box with 常用语 and the action bar: exactly `view.actions`, in
 * ACTION_ORDER. Right, in tabs: the flow log and the read-only flow diagram.
 *
 * An action sends flow/act with the instance version read, the opinion and (start, saveDraft, approve, reject,
 * signFor, return) the writable fields; reject and withdraw ask first; return, transfer, delegate, addSign
 * and cc open a dialog (./approval/ActionDialog). After success: a toast, the view and the log again, and
 * `onDone(view)` unless the action leaves the caller's work open (saveDraft, comment, urge, cc). A caller
 * with nothing to do sees everything read-only.
 *
 * A routed page showing an instance of another entity (a 收文 reminder names the 发文 page /document/show-audit/:id)
 * replaces the location with `open` of flow/info, the approval route of the instance's flow (/document/show/:id?).
 * The success message of 提交 and 同意 names the steps and people the work went to (./approval/handedTo.ts).
 *
 * A page with `paper` draws the business form as that 稿纸 (./approval/PaperTemplate.tsx): the opinions of the flow's
 * steps in their boxes and the caller's opinion input in the box of their step (the opinion card only when their
 * step has no box). The header is ./approval/ApprovalHeader.tsx.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Modal, Result, Row, Space, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActionName } from '../flow';
import type { Text } from '../schema/types';
import { flowApi, type ActBody, type FlowLogEntry, type InstanceView } from '../data/flow';
import { loadPage, selector } from '../data/api';
import type { PageBundle } from '../schema/bundle';
import { textOf } from '../schema/text';
import { host } from '../host';
import './approval/approval.css';
import { DefinitionError } from './DefinitionError';
import { approvalExtrasOf, type PageKindProps } from './registry';
import { compileFormPage } from './form/rjsf';
import { BusinessForm, type BusinessFormHandle } from './approval/BusinessForm';
import { OpinionBox } from './approval/OpinionBox';
import { ActionDialog, type DialogAction } from './approval/ActionDialog';
import { FlowLog } from './approval/FlowLog';
import { completionLabel, eventLabel } from './approval/labels';
import { handedFormat, handedToText } from './approval/handedTo';
import { nodeTitles } from './flowpages/instance';
import { FlowDiagram } from './approval/FlowDiagram';
import { ApprovalHeader } from './approval/ApprovalHeader';
import { PaperContext, opinionBoxOf, type PaperFacts } from './approval/PaperTemplate';
import {
  CONFIRMED,
  DATA_ACTIONS,
  DIALOG_ACTIONS,
  OPINION_REQUIRED,
  VALIDATING_ACTIONS,
  fieldAccess,
  myTasks,
  orderedActions,
  peopleOf,
  writableData,
  writableFields,
  STAYING,
  TASK_ACTIONS,
  otherApprovalPath,
  returnOptionsOf,
} from './approval/model';
export { otherApprovalPath };

type Loaded = { form: PageBundle; view: InstanceView; log: FlowLogEntry[] };

/**
 * Renders an approval page definition (see the module comment). The generic approval page (/flow/approval/:id: no
 * `entity` and `form`) first asks the server for itself filled in with the instance's entity and form
 * (Template/page {id, instanceId}), then renders like any other.
 */
export function ApprovalPage(props: PageKindProps) {
  const page = props.bundle.page;
  return page.pageKind === 'approval' && !page.form ? <GenericApprovalPage {...props} /> : <InstanceApprovalPage {...props} />;
}

/** The generic approval page: loads the page for the instance `recordId`, then renders it. */
function GenericApprovalPage(props: PageKindProps) {
  const { t } = useTranslation('approval');
  // the text of a failure only: a new `t` (its namespace arriving) must not load the page again
  const tRef = useRef(t);
  tRef.current = t;
  const { bundle, recordId } = props;
  const [state, setState] = useState<{ bundle?: PageBundle; error?: string }>({});
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!recordId) return;
    let live = true;
    setState({});
    loadPage({ id: bundle.page.id, instanceId: recordId }).then(
      (b) => live && setState({ bundle: b }),
      (e: unknown) => live && setState({ error: e instanceof Error && e.message ? e.message : tRef.current('load.failed') }),
    );
    return () => {
      live = false;
    };
  }, [bundle.page.id, recordId, attempt]);
  if (state.error !== undefined)
    return (
      <Result
        status="warning"
        title={t('load.failed')}
        subTitle={state.error}
        extra={<Button onClick={() => setAttempt((n) => n + 1)}>{t('load.retry')}</Button>}
      />
    );
  if (!state.bundle)
    return (
      <div style={{ padding: 48, textAlign: 'center' }} data-testid="approval-loading">
        <Spin />
      </div>
    );
  return <InstanceApprovalPage {...props} bundle={state.bundle} />;
}

/** An approval page whose definition names its form. */
function InstanceApprovalPage({ bundle, recordId, embedded, onDone }: PageKindProps) {
  const { t } = useTranslation('approval');
  const page = bundle.page;
  const formId = page.pageKind === 'approval' ? (page.form ?? '') : '';
  const identity = host().useIdentity();
  const me = identity?.id;
  const mySignature = identity?.signature ?? null;
  const [signed, setSigned] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [names, setNames] = useState<Record<string, string>>({});
  const [opinion, setOpinion] = useState('');
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<DialogAction | null>(null);
  const formRef = useRef<BusinessFormHandle>(null);
  const opinionRef = useRef<HTMLDivElement>(null);
  const [modal, modalHolder] = Modal.useModal();

  /** The address the instance was asked for at: a move to another kind's page applies only while the user is still there. */
  const openedAt = useRef('');
  // the text of a failure only: a new `t` (its namespace arriving) must not load the instance again
  const loadFailed = useRef(t);
  loadFailed.current = t;
  useEffect(() => {
    if (!recordId || !formId) return;
    let live = true;
    openedAt.current = host().location().pathname;
    setError(null);
    Promise.all([loadPage({ id: formId, instanceId: recordId }), flowApi.info(recordId), flowApi.log(recordId).catch(() => [] as FlowLogEntry[])]).then(
      ([form, view, log]) => live && setLoaded({ form, view, log: Array.isArray(log) ? log : [] }),
      (e: unknown) => live && setError(e instanceof Error && e.message ? e.message : loadFailed.current('load.failed')),
    );
    return () => {
      live = false;
    };
  }, [recordId, formId, attempt]);

  const view = loaded?.view;
  const log = loaded?.log;
  const elsewhere = view && !embedded && page.pageKind === 'approval' ? otherApprovalPath(page, view) : null;
  const extras = new Set(page.pageKind === 'approval' ? (page.extras ?? []) : []);
  useEffect(() => {
    // an answer that arrives after the user went elsewhere (another tab, another page) never moves them
    if (elsewhere && host().location().pathname === openedAt.current) host().navigate(elsewhere, { replace: true });
  }, [elsewhere]);
  // Names of the people the page shows (initiator, task holders, people named in the log), once per change.
  useEffect(() => {
    if (!view) return;
    const known = new Set((log ?? []).filter((e) => e.actor !== null && e.actorName).map((e) => String(e.actor)));
    const ask = peopleOf(
      view.state,
      (log ?? []).map((e) => e.detail),
    ).filter((id) => !names[String(id)] && !known.has(String(id)));
    if (!ask.length) return;
    selector.getlist({ users: ask }).then(
      (r) => setNames((n) => ({ ...n, ...(r?.users ?? {}) })),
      () => undefined,
    );
  }, [view, log]); // eslint-disable-line react-hooks/exhaustive-deps

  // The opinion starts from the caller's saved draft opinion (saveDraft on a task).
  const draftOpinion = view ? (myTasks(view.state, me).deciding?.draftOpinion ?? '') : '';
  useEffect(() => setOpinion(draftOpinion), [view?.id, view?.version]); // eslint-disable-line react-hooks/exhaustive-deps

  const tx = useCallback((text: Text) => textOf(text, bundle.texts), [bundle.texts]);
  const logNames = useMemo(
    () => new Map((log ?? []).filter((e) => e.actor !== null && e.actorName).map((e) => [String(e.actor), e.actorName as string])),
    [log],
  );
  const userName = useCallback((id: number) => names[String(id)] ?? logNames.get(String(id)) ?? String(id), [names, logNames]);
  const titles = useMemo(() => (view ? nodeTitles(view.definition, tx) : new Map<string, string>()), [view, tx]);
  const nodeTitle = useCallback((id: string) => titles.get(id) ?? id, [titles]);
  const built = useMemo(() => (loaded ? compileFormPage(loaded.form) : null), [loaded?.form]); // eslint-disable-line react-hooks/exhaustive-deps
  const access = useMemo(() => (view ? fieldAccess(view.definition, view.state, me, view.actions) : null), [view, me]);

  if (page.pageKind !== 'approval') return <DefinitionError definition={page.id} path="pageKind" message={t('load.wrongKind', { id: page.id })} />;
  if (error) {
    return (
      <Result status="warning" title={t('load.failed')} subTitle={error} extra={<Button onClick={() => setAttempt((n) => n + 1)}>{t('load.retry')}</Button>} />
    );
  }
  if (!loaded || !view || !built || !access || elsewhere) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }} data-testid="approval-loading">
        <Spin />
      </div>
    );
  }
  if (built.error !== undefined) return <DefinitionError definition={formId} path="layout" message={t('load.formInvalid', { message: built.error })} />;

  const { state, definition } = view;
  const tasks = myTasks(state, me);
  const actions = orderedActions(view.actions);
  const writable = writableFields(access, built.compiled.fields);
  const labelOf = (a: ActionName) => {
    if (a === 'approve' && tasks.deciding) return completionLabel(definition, tasks.deciding.nodeId, tx, t);
    if (a === 'start' && state.returned) return t('action.resubmit');
    return t(`action.${a}`);
  };
  const returnOptions = actions.includes('return') && tasks.deciding ? returnOptionsOf(definition, state, tasks.deciding, { nodeTitle, userName, t }) : [];

  const send = async (type: ActionName, extra: Partial<ActBody> = {}) => {
    const text = opinion.trim();
    const body: ActBody = { type, ...extra };
    if (text) body.opinion = text;
    if (signed && mySignature) body.signature = true;
    if (type === 'read' && tasks.reading) body.taskId = tasks.reading.id;
    else if (TASK_ACTIONS.has(type) && tasks.deciding) body.taskId = tasks.deciding.id;
    if (type === 'saveDraft' && tasks.deciding) body.taskId = tasks.deciding.id;
    if (DATA_ACTIONS.has(type) && writable.length && formRef.current) body.data = writableData(formRef.current.values(), writable, state.data);
    setBusy(true);
    try {
      const answered = await flowApi.act(view.id, view.version, body);
      const to = (type === 'start' || type === 'approve') && answered?.state ? await handedToText(answered, tx, handedFormat(t)) : '';
      host().notify.success(to ? t('result.doneTo', { action: labelOf(type), to }) : t('result.done', { action: labelOf(type) }));
      setDialog(null);
      setOpinion('');
      const [next, nextLog] = await Promise.all([
        answered?.id ? Promise.resolve(answered) : flowApi.info(view.id),
        flowApi.log(view.id).catch(() => loaded.log),
      ]);
      setLoaded({ form: loaded.form, view: next, log: Array.isArray(nextLog) ? nextLog : [] });
      if (!STAYING.has(type)) onDone?.(next as unknown as Record<string, unknown>);
    } catch {
      // the HTTP layer has shown the refusal (e.g. someone acted meanwhile: flow.stale); the input is kept
    } finally {
      setBusy(false);
    }
  };

  const run = (type: ActionName) => {
    if (OPINION_REQUIRED.has(type) && !opinion.trim()) {
      host().notify.warning(t('opinion.required'));
      const box = opinionRef.current;
      box?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      box?.querySelector('textarea')?.focus();
      return;
    }
    if (VALIDATING_ACTIONS.has(type) && writable.length && formRef.current && !formRef.current.validate()) {
      host().notify.warning(t('result.invalid'));
      return;
    }
    if (DIALOG_ACTIONS.has(type)) {
      setDialog(type as DialogAction);
      return;
    }
    if (CONFIRMED.has(type)) {
      modal.confirm({
        title: t(`confirm.${type}Title`),
        content: t(`confirm.${type}Content`),
        okText: t('confirm.ok'),
        cancelText: t('confirm.cancel'),
        okButtonProps: { danger: true, ...({ 'data-testid': 'approval-confirm-ok' } as object) },
        onOk: () => send(type),
      });
      return;
    }
    void send(type);
  };

  const primary = new Set<ActionName>(['start', 'approve', 'signFor', 'read']);
  const readOnly = actions.length === 0;
  const paper = page.paper;
  const opinionInput = !readOnly && (
    <div ref={opinionRef}>
      <OpinionBox value={opinion} onChange={setOpinion} disabled={busy} signature={mySignature} signed={signed} onSignedChange={setSigned} />
    </div>
  );
  // In the 稿纸 the caller writes in the box of their step; a step without a box keeps the opinion card.
  const inBox = opinionBoxOf(paper, tasks.deciding?.nodeId) !== undefined;
  const businessForm = (
    <BusinessForm
      key={`${view.id}:${view.version}`}
      ref={formRef}
      bundle={loaded.form}
      compiled={built.compiled}
      logic={built.logic}
      data={state.data}
      access={access}
      busy={busy}
      initialRefs={view._refs}
      paper={paper}
    />
  );
  const facts: PaperFacts = {
    entries: loaded.log,
    userName,
    initiator: state.initiator,
    startNodes: new Set(definition.nodes.filter((n) => n.type === 'start').map((n) => n.id)),
    myNode: tasks.deciding?.nodeId,
    input: opinionInput,
  };

  return (
    <div className="oa-approval-page" data-testid={`approval-page-${page.id}`}>
      {modalHolder}
      <ApprovalHeader page={page} view={view} embedded={embedded} flowTitle={tx(definition.title)} nodeTitle={nodeTitle} userName={userName} />
      <Row gutter={[16, 16]} className="oa-approval-body">
        <Col xs={24} xl={15} xxl={16}>
          {readOnly && <Alert type="info" showIcon className="oa-approval-hint" title={t('readonly')} data-testid="approval-readonly" />}
          {!readOnly && state.returned && me === state.initiator && <Alert type="warning" showIcon className="oa-approval-hint" title={t('returnedHint')} />}
          {paper ? (
            <Card size="small" className="oa-approval-card oa-approval-paper">
              <PaperContext.Provider value={facts}>{businessForm}</PaperContext.Provider>
            </Card>
          ) : (
            <Card size="small" title={t('panel.form')} className="oa-approval-card">
              {businessForm}
            </Card>
          )}
          {!readOnly && !inBox && (
            <Card size="small" title={t('panel.opinion')} className="oa-approval-card">
              {opinionInput}
            </Card>
          )}
          {!readOnly && (
            <div className="oa-approval-actions" data-testid="approval-actions">
              <Space wrap>
                {actions.map((a) => (
                  <Button
                    key={a}
                    type={primary.has(a) ? 'primary' : 'default'}
                    danger={a === 'reject' || a === 'withdraw'}
                    disabled={busy}
                    onClick={() => run(a)}
                    data-testid={`approval-action-${a}`}
                  >
                    {labelOf(a)}
                  </Button>
                ))}
              </Space>
            </div>
          )}
        </Col>
        <Col xs={24} xl={9} xxl={8}>
          <Card size="small" className="oa-approval-card oa-approval-side">
            <Tabs
              items={[
                {
                  key: 'log',
                  label: t('panel.log'),
                  children: <FlowLog entries={loaded.log} nodeTitle={nodeTitle} userName={userName} label={(e) => eventLabel(definition, e, tx, t)} />,
                },
                { key: 'diagram', label: t('panel.diagram'), children: <FlowDiagram definition={definition} state={state} text={tx} userName={userName} /> },
              ]}
            />
          </Card>
          {approvalExtrasOf(extras, 'side').map(({ key, component: Extra }) => (
            <Extra key={key} flowId={view.id} embedded={embedded} />
          ))}
        </Col>
      </Row>
      <ActionDialog
        action={dialog}
        returnOptions={returnOptions}
        defaultResubmit={definition.resubmit ?? 'restart'}
        busy={busy}
        onCancel={() => setDialog(null)}
        onOk={(extra) => dialog && void send(dialog, extra)}
      />
    </div>
  );
}
