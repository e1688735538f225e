/**
 * The `form` page kind (DESIGN §4, issue: form renderer): an rjsf form (antd theme, ajv8 validator with
 * ajv-i18n messages) compiled from the page definition by engine/form — layout (sections, tabs, grids,
 * sub-tables, attachments, texts), widgets by kind, rules, computed fields and cross-field validators.
 * With `recordId` it loads the record (`<group>/info`) and saves with `<group>/edit` and the version read;
 * without, it starts from the model defaults plus `initial` and saves with `<group>/add`. A refusal (-1,
 * e.g. a stale version) is shown above the form and the input kept; success toasts and calls `onDone`.
 * Leaving with unsaved changes asks first (cancel button, and the browser's beforeunload).
 */
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Modal, Result, Space, Spin, Typography } from 'antd';
import Form from '@rjsf/antd';
import type { IChangeEvent } from '@rjsf/core';
import type { CustomValidator, FormValidation, RegistryFieldsType } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { applyRules, compileForm, compileLogic, formValidator, makeTransformErrors, makeTranslateString, textFn, type CompiledForm, type FormLogic } from '../form';
import { resource, type RefNames } from '../data/api';
import type { FormPageDef } from '../schema/types';
import { toast } from '../../src/app/services/feedback';
import { widgetMap, widgetOf } from '../../widgets';
import { DefinitionError } from './DefinitionError';
import type { PageKindProps } from './registry';
import { bundleText } from './text';
import { LayoutTemplate } from './form/LayoutTemplate';
import { LeaveGuardContext } from './leaveGuard';
import { FieldTemplate } from './form/FieldTemplate';
import { SubtableField } from './form/SubtableField';
import { differs, formToRecord, recordToForm, unknownWidget, type EngineFormContext } from './form/model';

type Data = Record<string, unknown>;
/**
 * Numbers go straight to their widget (antd InputNumber parses and keeps partial input itself): rjsf's own
 * NumberField re-creates an Intl.NumberFormat on every render of every number field.
 */
const NumberField: RegistryFieldsType[string] = (props) => {
  const { StringField } = props.registry.fields;
  return <StringField {...props} />;
};
const FIELDS: RegistryFieldsType = { subtable: SubtableField, NumberField };
const TEMPLATES = { FieldTemplate };

/** Renders a form page definition (see the module comment). */
export function FormPage(props: PageKindProps) {
  const { t } = useTranslation('form');
  const { bundle } = props;
  const page = bundle.page;
  const built = useMemo(() => {
    if (page.pageKind !== 'form' || !bundle.entity) return { error: t('form.invalidDefinition', { message: `${page.id}: entity` }) };
    try {
      const compiled = compileForm(bundle);
      const logic = compileLogic(page, bundle.entity.model, textFn(bundle.texts));
      return { compiled, logic, page };
    } catch (e) {
      return { error: t('form.invalidDefinition', { message: (e as Error).message }) };
    }
  }, [bundle, page, t]);
  if ('error' in built) return <DefinitionError definition={page.id} path="layout" message={built.error ?? ''} />;
  const missing = unknownWidget(built.compiled, (k) => !!widgetOf(k));
  if (missing) return <DefinitionError definition={page.id} path={missing.path} message={t('form.unknownWidget', { page: page.id, path: missing.path, widget: missing.widget })} />;
  return <FormEditor {...props} compiled={built.compiled} logic={built.logic} page={built.page} />;
}

interface EditorProps extends PageKindProps {
  compiled: CompiledForm;
  logic: FormLogic;
  page: FormPageDef;
}

type Load = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready' };

function FormEditor({ bundle, recordId, initial, onDone, onCancel, embedded, compiled, logic, page }: EditorProps) {
  const { t, i18n } = useTranslation('form');
  const group = bundle.entity!.group;
  const [load, setLoad] = useState<Load>({ kind: recordId ? 'loading' : 'ready' });
  // rjsf keeps the values being typed; `dataRef` mirrors them. FormEditor re-renders (and hands rjsf
  // `dataRef.current`) only when what it draws changes: rule outcomes, computed values, dirty, load, saving.
  // Re-rendering it on every keystroke made rjsf rebuild its state for the whole form twice per key.
  const [ruleData, setRuleData] = useState<Data>(() => (recordId ? {} : logic.compute(null, { ...compiled.defaults, ...(initial ?? {}) }).data));
  const dataRef = useRef(ruleData);
  const baseline = useRef<Data>(ruleData);
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
    resource(group)
      .info(recordId)
      .then(
        (record) => {
          if (!live) return;
          Object.assign(refs.users, record._refs?.users ?? {});
          Object.assign(refs.depts, record._refs?.depts ?? {});
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
    if (!dirty) return;
    const guard = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, [dirty]);

  const ruleState = useMemo(() => logic.rules(ruleData), [logic, ruleData]);
  const ruleKey = ruleState.key;
  const ruleKeyRef = useRef(ruleKey);
  ruleKeyRef.current = ruleKey;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const view = useMemo(() => applyRules(compiled.schema, { ...compiled.uiSchema, 'ui:ObjectFieldTemplate': LayoutTemplate, 'ui:submitButtonOptions': { norender: true } }, ruleState), [compiled, ruleKey]);
  const formContext = useMemo<EngineFormContext>(() => ({ bundle, refs, layout: compiled.layout, tx: bundleText(bundle) }), [bundle, refs, compiled]);
  const widgets = useMemo(() => widgetMap(), []);
  const lang = i18n.language;
  const translateString = useMemo(() => makeTranslateString((i18n.getResourceBundle(lang, 'form') as { rjsf?: Record<string, string> } | undefined)?.rjsf ?? {}), [i18n, lang]);
  const transformErrors = useMemo(() => makeTransformErrors(compiled.titles, (title) => t('form.required', { title })), [compiled, t]);
  const validator = useMemo(() => formValidator(lang), [lang]);
  const customValidate = useCallback<CustomValidator>(
    (formData, errors: FormValidation) => {
      for (const v of logic.validate((formData ?? {}) as Data)) {
        const target = v.field ? (errors as unknown as Record<string, FormValidation | undefined>)[v.field] : undefined;
        (target ?? errors).addError(v.message);
      }
      return errors;
    },
    [logic],
  );

  const onChange = useCallback(
    (e: IChangeEvent) => {
      const typed = (e.formData ?? {}) as Data;
      const next = logic.compute(dataRef.current, typed).data;
      dataRef.current = next;
      // Computed values to show, or rules that now hide / require / lock other fields: draw again.
      if (next !== typed || logic.rules(next).key !== ruleKeyRef.current) setRuleData(next);
      setDirty(differs(next, baseline.current));
    },
    [logic],
  );

  const onSubmit = async (e: IChangeEvent) => {
    const body = formToRecord((e.formData ?? {}) as Data, compiled.fields);
    setSaving(true);
    setRefusal(null);
    try {
      const api = resource(group);
      const stored = recordId ? await api.edit({ ...body, id: recordId, version: version.current ?? 0 }) : await api.add(body);
      if (typeof stored?.version === 'number') version.current = stored.version;
      baseline.current = dataRef.current;
      setDirty(false);
      toast.success(t('form.saved'));
      const notice = stored?._notice;
      if (notice?.text) {
        lasting.info({
          title: t('form.noticeTitle'),
          content: (
            <div data-testid="form-notice">
              <Typography.Paragraph>{notice.text}</Typography.Paragraph>
              {notice.copy && <Typography.Text code copyable data-testid="form-notice-copy">{notice.copy}</Typography.Text>}
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
            modal.confirm({ title: t('form.dirtyTitle'), content: t('form.dirtyContent'), okText: t('form.leave'), cancelText: t('form.stay'), onOk: () => resolve(true), onCancel: () => resolve(false) }),
          )
        : Promise.resolve(true),
    [modal, t],
  );
  const leaveGuard = useContext(LeaveGuardContext);
  useEffect(() => {
    if (!leaveGuard) return;
    leaveGuard.current = mayLeave;
    return () => {
      if (leaveGuard.current === mayLeave) leaveGuard.current = null;
    };
  }, [leaveGuard, mayLeave]);

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
      <Result status="warning" title={t('form.loadFailed')} subTitle={load.message} extra={<Button onClick={() => setAttempt((n) => n + 1)}>{t('form.retry')}</Button>} />
    );
  }
  return (
    <div className="oa-form-page" data-testid={`form-page-${page.id}`}>
      {modalHolder}
      {!embedded && <Typography.Title level={4}>{bundleText(bundle)(page.title)}</Typography.Title>}
      {refusal && <Alert type="error" showIcon closable style={{ marginBottom: 16 }} title={t('form.staleTitle')} description={refusal} data-testid="form-refusal" onClose={() => setRefusal(null)} />}
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
        <Space style={{ marginTop: 8 }}>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="form-save">
            {t('form.save')}
          </Button>
          <Button onClick={cancel} data-testid="form-cancel">
            {t('form.cancel')}
          </Button>
        </Space>
      </Form>
    </div>
  );
}
