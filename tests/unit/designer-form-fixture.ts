/** Test helpers of the form designer model: a DesignEnv with pinyin-pro (as Form/getpinyin) and the palette labels. */
import { pinyin } from 'pinyin-pro';
import { expect } from 'vitest';
import { DesignError, emptyForm, locate, type DesignEnv, type FormDesignState, type LocalLabel } from '../../designer/form/model';
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

/** A new empty 请假申请 form. */
export const blank = (): FormDesignState =>
  emptyForm({ id: 'leave.request.form', entity: 'leave.request', title: { t: 'leave.request.page.form', d: '请假申请' } });

/** Asserts that `fn` throws a DesignError with `code`. */
export const refused = (fn: () => unknown, code: string): void => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DesignError);
    expect((e as DesignError).code).toBe(code);
    return;
  }
  throw new Error(`expected DesignError ${code}`);
};

/** Ids of the children of `parent` (null: the top level), in order. */
export const ids = (s: FormDesignState, parent: string | null): string[] =>
  (parent === null ? s.layout : (locate(s.layout, parent)!.node as { children: { id: string }[] }).children).map((n) => n.id);
