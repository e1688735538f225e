/**
 * The error box of a definition that cannot be rendered (DESIGN §3: an unknown key is a clear error that
 * names the definition and the path). Minimal version written by the list-page helper because the page
 * engine needed it first; the form/detail helper may extend it. Props: `definition` (id or file),
 * `path` (where in it), `message`.
 */
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Props of {@link DefinitionError}. */
export interface DefinitionErrorProps {
  definition: string;
  path?: string;
  message: string;
}

/** A red box naming the definition, the path and the problem. */
export function DefinitionError({ definition, path, message }: DefinitionErrorProps) {
  const { t } = useTranslation('renderer');
  return (
    <Alert
      type="error"
      showIcon
      data-testid="definition-error"
      title={t('engine.definitionError')}
      description={
        <div>
          <div>{message}</div>
          <code>
            {definition}
            {path ? ` # ${path}` : ''}
          </code>
        </div>
      }
    />
  );
}
