/**
 * The `custom` page kind (DESIGN §4, engine/schema/FORMATS.md): renders the component the page's `component`
 * names (registered with registerCustomPage, engine/renderers/custom.ts), handing it the page kind's props;
 * an unregistered key is the definition error box naming the page and its `component`.
 */
import { useTranslation } from 'react-i18next';
import { DefinitionError } from './DefinitionError';
import { customPageComponent, type PageKindProps } from './registry';

/** Renders a custom page definition (see the module comment). */
export function CustomPage(props: PageKindProps) {
  const { t } = useTranslation('flowpages');
  const page = props.bundle.page;
  const key = page.pageKind === 'custom' ? page.component : '';
  const Component = customPageComponent(key);
  if (!Component) return <DefinitionError definition={page.id} path="component" message={t('common.unknownComponent', { id: page.id, component: key })} />;
  return <Component {...props} />;
}
