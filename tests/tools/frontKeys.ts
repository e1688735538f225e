/**
 * The keys the front end registers (widgets, page kinds, custom page components, row dialogs), read by importing its registries.
 * Only loadable through Vite (vitest, or vite's runnerImport in ./lintSchemas.ts): the renderers use import.meta.glob.
 */
import { widgetKeys } from '../../widgets';
import { customPageKeys, pageKinds, rowDialogKeys } from '../../engine/renderers/registry';
import '../../engine/renderers/index';
import '../../designer/flow/pages/register';
import '../../designer/form/pages/register';
import '../../src/areas/clientModules';
import type { FrontKeys } from './schemaLint';

/** The registered keys, once every registering module is loaded. */
export function frontKeys(): FrontKeys {
  return { widgets: widgetKeys(), pageKinds: pageKinds(), components: customPageKeys(), rowDialogs: rowDialogKeys() };
}
