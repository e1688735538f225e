/**
 * Loads the front end's registered keys (./frontKeys.ts) outside vitest, for the command-line tools: through Vite's
 * module runner (the renderers use import.meta.glob and import CSS, which plain Node cannot load), with the aliases of
 * vite.config.ts and CSS imports stubbed. Takes a few seconds.
 */
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type { FrontKeys } from './schemaLint';

const root = fileURLToPath(new URL('../..', import.meta.url));
const at = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));

/** CSS is of no use to a key list: every `.css` import becomes an empty module. */
const noCss: Plugin = {
  name: 'oa-no-css',
  enforce: 'pre',
  resolveId: (id) => (id.endsWith('.css') ? '\0oa-no-css' : null),
  load: (id) => (id === '\0oa-no-css' ? 'export default ""' : null),
};

/** The keys the front end registers (widgets, page kinds, custom pages). Throws when a registering module fails to load. */
export async function loadFrontKeys(): Promise<FrontKeys> {
  const { module } = await runnerImport<{ frontKeys: () => FrontKeys }>(at('tests/tools/frontKeys.ts'), {
    root,
    configFile: false,
    logLevel: 'error',
    plugins: [noCss],
    resolve: { alias: { '@shared': at('src/shared'), '@app': at('src/app'), '@engine': at('engine'), '@widgets': at('widgets') } },
  });
  return module.frontKeys();
}
