/**
 * The front-end modules of the business areas (DESIGN §1: an area is one folder): every
 * `src/areas/<area>/client/index.ts` is imported here, and registers its custom page components, widgets and
 * approval panels in the engine's registries (engine/renderers/registry.ts, widgets/registry.ts). Found by the
 * bundler at build time (import.meta.glob), so that no generic file names an area; import this module once,
 * after the engine (src/app/main.tsx, and the tests that need every registered component).
 */
const modules = import.meta.glob('./*/client/index.ts', { eager: true });

/** The areas whose client module was loaded, sorted (for diagnostics and tests). */
export const clientAreas: string[] = Object.keys(modules)
  .map((p) => p.split('/')[1])
  .sort();
