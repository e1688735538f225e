/** Test helpers of the form designer model: a DesignEnv with pinyin-pro (as Form/getpinyin) and the palette labels. */
import { pinyin } from 'pinyin-pro';
import type { DesignEnv, LocalLabel } from '../../designer/form/model';
import zh from '../../src/app/locales/zh-CN/designer.json';
import en from '../../src/app/locales/en-US/designer.json';

/** Pinyin as Form/getpinyin answers it (full, no tones, lower case, letters and digits). */
export const serverPinyin = (text: string): string =>
  (pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true } as never) as unknown as string[])
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The env the UI builds: pinyin from the server, default labels from the `designer` namespace. */
export const env: DesignEnv = {
  pinyin: serverPinyin,
  label: (kind): LocalLabel => ({ zh: (zh.palette as Record<string, string>)[kind], en: (en.palette as Record<string, string>)[kind] }),
};
