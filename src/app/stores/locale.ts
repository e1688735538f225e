/**
 * The UI language (SPEC §2.4): zh-CN default, en-US switchable, remembered in localStorage, never
 * detected. Switching also switches the antd and dayjs locales.
 */
import { atom } from 'jotai';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import type { Locale } from '@shared/constants';
import { ensureLanguage, i18n, LOCALE_STORAGE_KEY, storedLocale } from '../i18n';

/** The dayjs locale name of an app locale. */
export const dayjsLocaleOf = (l: Locale): string => (l === 'zh-CN' ? 'zh-cn' : 'en');

const initial = storedLocale();
dayjs.locale(dayjsLocaleOf(initial));

const base = atom<Locale>(initial);

/**
 * Current locale; writing it loads the new language's resources (the groups loaded so far), then switches i18next,
 * and at once dayjs, <html lang> and the remembered choice. Should the resources fail to load, i18next stays.
 */
export const localeAtom = atom(
  (get) => get(base),
  (_get, set, next: Locale) => {
    set(base, next);
    void ensureLanguage(next).then(
      () => i18n.changeLanguage(next),
      () => undefined,
    );
    dayjs.locale(dayjsLocaleOf(next));
    try {
      localStorage.setItem(LOCALE_STORAGE_KEY, next);
    } catch {
      /* storage unavailable */
    }
    if (typeof document !== 'undefined') document.documentElement.lang = next;
  },
);
