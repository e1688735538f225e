/**
 * The field frame of engine forms (rjsf `FieldTemplate`): label (with the required mark), the widget, its
 * description, then its errors or help — the vertical layout of antd's Form.Item, drawn with plain elements
 * and the `oa-field*` classes (src/app/styles/pages.css). antd's Form.Item costs several style hooks and a
 * Row with two Cols per field; on a form of 150 fields that was most of the time to first screen.
 */
import type { FieldTemplateProps } from '@rjsf/utils';
import { getTemplate, getUiOptions } from '@rjsf/utils';

/** Renders one field's frame (see the module comment). */
export function FieldTemplate(props: FieldTemplateProps) {
  const { children, description, displayLabel, errors, help, rawHelp, hidden, id, label, rawErrors, rawDescription, required, registry, uiSchema } = props;
  if (hidden) return <div className="rjsf-field-hidden">{children}</div>;
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, getUiOptions(uiSchema));
  const failed = !!rawErrors?.length;
  return (
    <WrapIfAdditionalTemplate {...props}>
      <div className={failed ? 'oa-field oa-field-has-error' : 'oa-field'}>
        {displayLabel && label ? (
          <label htmlFor={id} className={required ? 'oa-field-label oa-field-required' : 'oa-field-label'} title={label}>
            {label}
          </label>
        ) : null}
        {children}
        {rawDescription ? <div className="oa-field-extra">{description}</div> : null}
        {failed ? (
          <div className="oa-field-explain" role="alert">
            {errors}
          </div>
        ) : rawHelp ? (
          <div className="oa-field-extra">{help}</div>
        ) : null}
      </div>
    </WrapIfAdditionalTemplate>
  );
}
