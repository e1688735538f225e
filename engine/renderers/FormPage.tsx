/**
 * The `form` page kind (DESIGN §4, issue: form renderer): an rjsf form (antd theme, ajv8 validator with
 * ajv-i18n messages) compiled from the page definition by engine/form — layout (sections, tabs, grids,
 * sub-tables, attachments, texts), widgets by kind, rules, computed fields and cross-field validators.
 * With `recordId` (or the page's own `record`) it loads the record (`<group>/info`; an entity without an `info` call
 * takes the list row it was opened from, `record`) and saves with `<group>/edit` and the version read;
 * without, it starts from the model defaults plus `initial` and saves with `<group>/add`. A refusal (-1,
 * e.g. a stale version) is shown above the form and the input kept; success toasts and calls `onDone`.
 * Leaving with unsaved changes asks first (cancel button, and the browser's beforeunload).
 * A page with `flow` offers 提交 (save, then submit the record to that flow) and 暂存 (save, then keep the
 * flow as a draft, 待发) instead of 保存, and goes to `afterSubmit` when both succeed.
 * A bundle with the form revision a record pinned (Template/page {id, recordId}) shows it with a tag (./RevisionTag.tsx).
 */
import { useCallback, useContext, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, App, Button, Modal, Result, Space, Spin, Typography } from 'antd';
import Form from '@rjsf/antd';
import type { IChangeEvent } from '@rjsf/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../src/shared/types';
import { host } from '../host';
import { applyRules, type CompiledForm, type FormLogic } from '../form';
import { resource, type RefNames } from '../data/api';
import { flowApi } from '../data/flow';
import { callName } from '../schema/entityCalls';
import type { FormPageDef } from '../schema/types';
import { widgetOf } from '../../widgets';
import { DefinitionError } from './DefinitionError';
import { RevisionTag } from './RevisionTag';
import type { PageKindProps } from './registry';
import { bundleText } from './text';
import { applyPermissions } from './approval/model';
import { handedFormat, handedToText } from './approval/handedTo';
import { LayoutTemplate } from './form/LayoutTemplate';
import { LeaveGuardContext } from './leaveGuard';
import { compileFormPage, ENGINE_FIELDS as FIELDS, ENGINE_TEMPLATES as TEMPLATES, useFormLocale } from './form/rjsf';
import { differs, formToRecord, recordToForm, unknownWidget, type EngineFormContext } from './form/model';
import { useFormLogic } from './form/useFormLogic';

type Data = Record<string, unknown>;

/** Renders a form page definition (see the module comment). */
export function FormPage(props: PageKindProps) {
  const { t } = useTranslation('form');
  const { bundle } = props;
  const page = bundle.page;
  const built = useMemo(() => {
    const c = compileFormPage(bundle);
    return c.error === undefined ? c : { error: t('form.invalidDefinition', { message: c.error }) };
  }, [bundle, t]);
  if (built.error !== undefined) return <DefinitionError definition={page.id} path="layout" message={built.error} />;
  const missing = unknownWidget(built.compiled, (k) => !!widgetOf(k));
  if (missing)
    return (
      <DefinitionError
        definition={page.id}
        path={missing.path}
        message={t('form.unknownWidget', { page: page.id, path: missing.path, widget: missing.widget })}
      />
    );
  // A singleton form (the system settings) always edits its one record.
  return <FormEditor {...props} recordId={props.recordId ?? built.page.record} compiled={built.compiled} logic={built.logic} page={built.page} />;
}

interface EditorProps extends PageKindProps {
  compiled: CompiledForm;
  logic: FormLogic;
  page: FormPageDef;
}

type Load = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready' };

/**
 * Enter in a one-line field never submits the form (the browser's implicit submission): confirming a typed date
 * or a picked option with Enter must not save the record or start its flow. Pickers have handled the key by then;
 * text areas and buttons keep their own Enter.
 */
function noImplicitSubmit(e: KeyboardEvent<HTMLDivElement>): void {
  if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
}

/** The `x-default-from` values of a new record: the signed-in user's id or department id (none signed in: none). */
function fromSession(fields: Record<string, 'user' | 'dept'>, user: UserInfo | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [f, from] of Object.entries(fields)) {
    const v = from === 'user' ? user?.id : user?.dept_id;
    if (v != null) out[f] = v;
  }
  return out;
}

function FormEditor({ bundle, recordId, record: row, initial, onDone, onCancel, embedded, preview, compiled, logic, page }: EditorProps) {
  const { t } = useTranslation('form');
  const user = host().useIdentity();
  const group = bundle.entity!.group;
  const [load, setLoad] = useState<Load>({ kind: recordId ? 'loading' : 'ready' });
  // FormEditor re-renders only when what it draws changes (./form/useFormLogic): rule outcomes, computed
  // values, dirty, load, saving.
  const baseline = useRef<Data>({});
  const { setRuleData, dataRef, ruleState, onChange, customValidate } = useFormLogic(
    logic,
    () =>
      (baseline.current = recordId
        ? {}
        : logic.compute(null, { ...compiled.defaults, ...fromSession(compiled.sessionDefaults, user), ...(initial ?? {}) }).data),
    (next) => setDirty(differs(next, baseline.current)),
  );
  const version = useRef<number | undefined>(undefined);
  const [refs] = useState<RefNames>(() => ({ users: {}, depts: {} }));
  const [dirty, setDirtyState] = useState(false);
  const dirtyRef = useRef(false);
  const setDirty = useCallback((d: boolean) => {
    dirtyRef.current = d;
    setDirtyState(d);
  }, []);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [modal, modalHolder] = Modal.useModal();
  // The notice after saving outlives this form (a drawer closes on save): the app-level modal shows it.
  const appModal = App.useApp().modal;
  const lasting = typeof (appModal as Partial<typeof appModal> | undefined)?.info === 'function' ? appModal : Modal;

  useEffect(() => {
    if (!recordId) return;
    let live = true;
    setLoad({ kind: 'loading' });
    // An entity without an `info` call edits the list row it was opened from.
    (row && !callName(bundle.entity, 'info') ? Promise.resolve(row) : resource(group, bundle.entity).info(recordId)).then(
      (record) => {
        if (!live) return;
        Object.assign(refs.users, record._refs?.users ?? {});
        Object.assign(refs.depts, record._refs?.depts ?? {});
        for (const [field, labels] of Object.entries(record._refs?.records ?? {})) Object.assign(((refs.records ??= {})[field] ??= {}), labels);
        version.current = record.version;
        const d = logic.compute(null, recordToForm(record, compiled.fields)).data;
        dataRef.current = baseline.current = d;
        setRuleData(d);
        setDirty(false);
        setLoad({ kind: 'ready' });
      },
      (e: unknown) => live && setLoad({ kind: 'error', message: e instanceof Error && e.message ? e.message : t('form.loadFailed') }),
    );
    return () => {
      live = false;
    };
  }, [recordId, group, attempt]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!dirty || preview) return;
    const guard = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, [dirty, preview]);

  const ruleKey = ruleState.key;
  // A flow's form follows the start node's field permissions (R read-only, H hidden): the drafter's rights.
  const view = useMemo(() => {
    const ruled = applyRules(
      compiled.schema,
      { ...compiled.uiSchema, 'ui:ObjectFieldTemplate': LayoutTemplate, 'ui:submitButtonOptions': { norender: true } },
      ruleState,
    );
    return bundle.startFields ? applyPermissions(ruled.schema, ruled.uiSchema, compiled.fields, { perms: bundle.startFields, fallback: 'W' }) : ruled;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [compiled, ruleKey, bundle.startFields]);
  // `formData` reads the live values when a widget asks (e.g. 套用模板 by the current 公文种类), without drawing the form again.
  const formContext = useMemo<EngineFormContext>(
    () => ({
      bundle,
      refs,
      layout: compiled.layout,
      tx: bundleText(bundle),
      get formData() {
        return dataRef.current;
      },
    }),
    [bundle, refs, compiled, dataRef],
  );
  const { widgets, translateString, transformErrors, validator } = useFormLocale(compiled);

  /** Which button submitted a flow form: 提交 or 暂存 (rjsf's onSubmit does not say). */
  const intent = useRef<'submit' | 'draft'>('submit');
  const onSubmit = async (e: IChangeEvent) => {
    const body = formToRecord((e.formData ?? {}) as Data, compiled.fields, recordId ? baseline.current : undefined);
    setSaving(true);
    setRefusal(null);
    try {
      const api = resource(group, bundle.entity);
      const stored = recordId ? await api.edit({ ...body, id: recordId, version: version.current ?? 0 }) : await api.add(body);
      if (typeof stored?.version === 'number') version.current = stored.version;
      baseline.current = dataRef.current;
      setDirty(false);
      if (page.flow && bundle.entity && typeof stored?.id === 'number') {
        const draft = intent.current === 'draft';
        const started = await flowApi.startForRecord({ defId: page.flow, entity: bundle.entity.id, recordId: stored.id, draft });
        // the message names the step and the people the document went to (部门核稿（李娜）)
        const to = draft || !started?.state ? '' : await handedToText(started, bundleText(bundle), handedFormat(t));
        host().notify.success(draft ? t('form.flowDrafted') : to ? t('form.flowSubmittedTo', { to }) : t('form.flowSubmitted'));
        onDone?.(stored);
        if (page.afterSubmit) host().navigate(page.afterSubmit);
        return;
      }
      host().notify.success(t('form.saved'));
      const notice = stored?._notice;
      if (notice?.text) {
        lasting.info({
          title: t('form.noticeTitle'),
          content: (
            <div data-testid="form-notice">
              <Typography.Paragraph>{notice.text}</Typography.Paragraph>
              {notice.copy && (
                <Typography.Text code copyable data-testid="form-notice-copy">
                  {notice.copy}
                </Typography.Text>
              )}
            </div>
          ),
          okText: t('form.noticeOk'),
        });
      }
      onDone?.(stored ?? body);
    } catch (err) {
      setRefusal(err instanceof Error && err.message ? err.message : t('form.staleTitle'));
    } finally {
      setSaving(false);
    }
  };

  /** Resolves true when the form may be left: at once without unsaved changes, else after confirming. */
  const mayLeave = useCallback(
    () =>
      dirtyRef.current
        ? new Promise<boolean>((resolve) =>
            modal.confirm({
              title: t('form.dirtyTitle'),
              content: t('form.dirtyContent'),
              okText: t('form.leave'),
              cancelText: t('form.stay'),
              onOk: () => resolve(true),
              onCancel: () => resolve(false),
            }),
          )
        : Promise.resolve(true),
    [modal, t],
  );
  const leaveGuard = useContext(LeaveGuardContext);
  useEffect(() => {
    if (!leaveGuard || preview) return;
    leaveGuard.current = mayLeave;
    return () => {
      if (leaveGuard.current === mayLeave) leaveGuard.current = null;
    };
  }, [leaveGuard, mayLeave, preview]);

  const cancel = () => void mayLeave().then((ok) => ok && onCancel?.());

  if (load.kind === 'loading') {
    return (
      <div style={{ padding: 48, textAlign: 'center' }} data-testid="form-loading">
        <Spin />
      </div>
    );
  }
  if (load.kind === 'error') {
    return (
      <Result
        status="warning"
        title={t('form.loadFailed')}
        subTitle={load.message}
        extra={<Button onClick={() => setAttempt((n) => n + 1)}>{t('form.retry')}</Button>}
      />
    );
  }
  return (
    <div className="oa-form-page" data-testid={`form-page-${page.id}`} onKeyDown={noImplicitSubmit}>
      {modalHolder}
      {!embedded && <Typography.Title level={4}>{bundleText(bundle)(page.title)}</Typography.Title>}
      {recordId !== undefined && <RevisionTag revision={bundle.revision} />}
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable
          style={{ marginBottom: 16 }}
          title={t('form.staleTitle')}
          description={refusal}
          data-testid="form-refusal"
          onClose={() => setRefusal(null)}
        />
      )}
      <Form
        schema={view.schema as never}
        uiSchema={view.uiSchema as never}
        formData={dataRef.current}
        formContext={formContext}
        validator={validator}
        widgets={widgets}
        fields={FIELDS}
        templates={TEMPLATES}
        translateString={translateString}
        transformErrors={transformErrors}
        customValidate={customValidate}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        readonly={saving}
        onChange={onChange}
        onSubmit={(e) => void onSubmit(e)}
      >
        {!preview && (
          <Space style={{ marginTop: 8 }}>
            {page.flow ? (
              <>
                <Button type="primary" htmlType="submit" loading={saving} onClick={() => (intent.current = 'submit')} data-testid="form-submit-flow">
                  {t('form.submitFlow')}
                </Button>
                <Button htmlType="submit" loading={saving} onClick={() => (intent.current = 'draft')} data-testid="form-save-draft">
                  {t('form.saveDraft')}
                </Button>
              </>
            ) : (
              <Button type="primary" htmlType="submit" loading={saving} data-testid="form-save">
                {t('form.save')}
              </Button>
            )}
            <Button onClick={cancel} data-testid="form-cancel">
              {t('form.cancel')}
            </Button>
          </Space>
        )}
      </Form>
    </div>
  );
}
