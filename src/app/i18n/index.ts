/**
 * i18next setup (SPEC §2.4 language dropdown): zh-CN by default, en-US switchable, no auto-detection.
 * Every JSON file under `locales/<lang>/` is one namespace (`route`, `common`, `login`, `layout`, …).
 * Resources are passed at init so that flat keys containing dots (`document.dbgw` in route.json) stay flat.
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@shared/constants';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

/** The locale resources grouped by language and namespace. */
export function collectResources(): Resources {
  const out: Resources = {};
  for (const [file, json] of Object.entries(files)) {
    const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!m) continue;
    const [, lang, ns] = m;
    (out[lang] ??= {})[ns] = json;
  }
  return out;
}

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

const resources = collectResources();

/** Namespaces known to the app. */
export const NAMESPACES = Object.keys(resources[DEFAULT_LOCALE] ?? {});

/** The app's i18next instance, initialised synchronously. */
export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: storedLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // re-render on added resources: the area routes' titles arrive with the route tree after sign-in (services/routeTree.ts)
  react: { useSuspense: false, bindI18nStore: 'added' },
});

/** The localised title of a route key (namespace `route`), e.g. `document.dbgw` → 待办公文. */
export function routeTitle(t: TFunction, key: string): string {
  return t(key, { ns: 'route', keySeparator: false, defaultValue: key }) as string;
}
