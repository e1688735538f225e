/**
 * The business form of the approval page: the form page's layout drawn by the same rjsf set-up as the `form`
 * page kind (engine/renderers/form/rjsf.tsx, LayoutTemplate; the 稿纸 grid of ./PaperTemplate.tsx when the page has one), over the instance's data, with its rules and
 * computed fields, under the caller's field permissions (R read-only, W editable, H hidden). The page reads the
 * edited values and asks for validation through the handle.
 */
import { forwardRef, useImperativeHandle, useMemo, useRef, useState } from 'react';
import Form from '@rjsf/antd';
import { applyRules, type CompiledForm, type FormLogic } from '../../form';
import type { RefNames } from '../../data/api';
import type { PageBundle } from '../../schema/bundle';
import { bundleText } from '../text';
import { LayoutTemplate } from '../form/LayoutTemplate';
import { ENGINE_FIELDS, ENGINE_TEMPLATES, useFormLocale } from '../form/rjsf';
import { recordToForm, type EngineFormContext } from '../form/model';
import { useFormLogic } from '../form/useFormLogic';
import { applyPermissions, type FieldAccess } from './model';
import { PaperTemplate } from './PaperTemplate';
import type { PaperLayout } from '../../schema/types';

type Data = Record<string, unknown>;

/** What the page asks of the form. */
export interface BusinessFormHandle {
  /** The current form data (all fields). */
  values(): Data;
  /** Validates (showing the errors at the fields); true when valid. */
  validate(): boolean;
}

export interface BusinessFormProps {
  /** The form page's bundle (layout, entity, dictionaries, texts). */
  bundle: PageBundle;
  compiled: CompiledForm;
  logic: FormLogic;
  /** The instance's form data. */
  data: Data;
  access: FieldAccess;
  /** Locks every field (while an action is being sent). */
  busy?: boolean;
  /** Names and record labels the data refers to (flow/info `_refs`): the start of what the widgets show. */
  initialRefs?: RefNames;
  /** The 稿纸 grid to draw instead of the form page's layout (./PaperTemplate.tsx). */
  paper?: PaperLayout;
}

/** The business form (see the module comment). Give it a new `key` to start again from new data. */
export const BusinessForm = forwardRef<BusinessFormHandle, BusinessFormProps>(function BusinessForm(
  { bundle, compiled, logic, data, access, busy, initialRefs, paper },
  ref,
) {
  const { dataRef, ruleState, onChange, customValidate } = useFormLogic(
    logic,
    () => logic.compute(null, recordToForm({ id: 0, ...data }, compiled.fields)).data,
  );
  const [refs] = useState<RefNames>(() => ({
    users: { ...initialRefs?.users },
    depts: { ...initialRefs?.depts },
    ...(initialRefs?.records ? { records: Object.fromEntries(Object.entries(initialRefs.records).map(([f, labels]) => [f, { ...labels }])) } : {}),
  }));
  const formRef = useRef<{ validateForm(): boolean } | null>(null);
  const ruleKey = ruleState.key;
  const view = useMemo(() => {
    const ruled = applyRules(
      compiled.schema,
      { ...compiled.uiSchema, 'ui:ObjectFieldTemplate': paper ? PaperTemplate : LayoutTemplate, 'ui:submitButtonOptions': { norender: true } },
      ruleState,
    );
    return applyPermissions(ruled.schema, ruled.uiSchema, compiled.fields, access);
  }, [compiled, ruleKey, access, paper]); // eslint-disable-line react-hooks/exhaustive-deps
  const formContext = useMemo<EngineFormContext & { paper?: PaperLayout }>(
    () => ({
      bundle,
      refs,
      layout: compiled.layout,
      paper,
      tx: bundleText(bundle),
      get formData() {
        return dataRef.current;
      },
    }),
    [bundle, refs, compiled, dataRef, paper],
  );
  const { widgets, translateString, transformErrors, validator } = useFormLocale(compiled);
  useImperativeHandle(ref, () => ({ values: () => dataRef.current, validate: () => formRef.current?.validateForm() ?? true }), [dataRef]);

  return (
    <div className="oa-approval-form" data-testid="approval-form">
      <Form
        ref={formRef as never}
        schema={view.schema as never}
        uiSchema={view.uiSchema as never}
        formData={dataRef.current}
        formContext={formContext}
        validator={validator}
        widgets={widgets}
        fields={ENGINE_FIELDS}
        templates={ENGINE_TEMPLATES}
        translateString={translateString}
        transformErrors={transformErrors}
        customValidate={customValidate}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        readonly={busy}
        onChange={onChange}
      />
    </div>
  );
});
