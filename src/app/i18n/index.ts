/**
 * i18next setup (SPEC §2.4 language dropdown): zh-CN by default, en-US switchable, no auto-detection.
 * Every JSON file under `locales/<lang>/` is one namespace (`route`, `common`, `login`, `layout`, …).
 *
 * Resources load on demand, one language at a time, in two groups (each one chunk per language, vite.config.ts
 * codeSplitting): `public` (the namespaces of the pages outside sign-in, loaded before the first render, main.tsx)
 * and `app` (all the others, loaded with the shell after sign-in, router/index.tsx). Switching the language loads
 * the groups loaded so far in the new language before i18next switches (stores/locale.ts). Bundles are added
 * whole (addResourceBundle) so that flat keys containing dots (`document.dbgw` in route.json) stay flat.
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@shared/constants';
import { PUBLIC_NAMESPACES } from './namespaces';

type Json = Record<string, unknown>;

export { PUBLIC_NAMESPACES };

/** A group of namespaces loaded together: `public` before the first render, `app` with the signed-in shell. */
export type ResourceGroup = 'public' | 'app';

const files = import.meta.glob<Json>('../locales/*/*.json', { import: 'default' });

/** The namespace files of `lang` in `group`: namespace → loader. */
function groupFiles(lang: string, group: ResourceGroup): [string, () => Promise<Json>][] {
  const out: [string, () => Promise<Json>][] = [];
  for (const [file, load] of Object.entries(files)) {
    const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!m || m[1] !== lang) continue;
    const isPublic = (PUBLIC_NAMESPACES as readonly string[]).includes(m[2]);
    if (isPublic === (group === 'public')) out.push([m[2], load]);
  }
  return out;
}

/** Namespaces known to the app (both groups). */
export const NAMESPACES = [...new Set(Object.keys(files).map((f) => /([^/]+)\.json$/.exec(f)![1]))];

/** Storage key of the chosen language. */
export const LOCALE_STORAGE_KEY = 'oa_locale';

/** The remembered locale, or zh-CN (never the browser language: SPEC §2.4). */
export function storedLocale(): Locale {
  try {
    const v = localStorage.getItem(LOCALE_STORAGE_KEY);
    if (v && (LOCALES as readonly string[]).includes(v)) return v as Locale;
  } catch {
    /* storage unavailable */
  }
  return DEFAULT_LOCALE;
}

/** The app's i18next instance, initialised synchronously without resources (they load with loadGroup). */
export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: storedLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // re-render on added resources: the groups and the area routes' titles (services/routeTree.ts) arrive later
  react: { useSuspense: false, bindI18nStore: 'added' },
});

const loading = new Map<string, Promise<void>>();
const wanted = new Set<ResourceGroup>();

/**
 * Loads the namespaces of `group` in `lang` (once; later calls answer the same promise). Keys already present
 * (e.g. route titles from the server) are kept. Rejects when a chunk fails to load.
 */
export function loadResources(lang: string, group: ResourceGroup): Promise<void> {
  const key = `${lang}/${group}`;
  let p = loading.get(key);
  if (!p) {
    p = Promise.all(groupFiles(lang, group).map(async ([ns, load]) => [ns, await load()] as const)).then((bundles) => {
      for (const [ns, json] of bundles) i18n.addResourceBundle(lang, ns, json, true, false);
    });
    p.catch(() => loading.delete(key));
    loading.set(key, p);
  }
  return p;
}

/**
 * Loads `group` in the current language and remembers it so that a language switch loads it too (ensureLanguage).
 * Resolves when the namespaces are in.
 */
export function loadGroup(group: ResourceGroup): Promise<void> {
  wanted.add(group);
  return loadResources(i18n.language || storedLocale(), group);
}

/** Loads every group requested so far (loadGroup) in `lang`; call before switching to it. */
export function ensureLanguage(lang: string): Promise<void> {
  return Promise.all([...wanted].map((g) => loadResources(lang, g))).then(() => undefined);
}

/** Loads both groups in every language (component tests, which switch languages synchronously). */
export function loadAllResources(): Promise<void> {
  wanted.add('public').add('app');
  return Promise.all(LOCALES.flatMap((l) => [loadResources(l, 'public'), loadResources(l, 'app')])).then(() => undefined);
}

/** The localised title of a route key (namespace `route`), e.g. `document.dbgw` → 待办公文. */
export function routeTitle(t: TFunction, key: string): string {
  return t(key, { ns: 'route', keySeparator: false, defaultValue: key }) as string;
}
