/**
 * State of the form designer UI: the design history (undo / redo), the selected node, the clipboard,
 * and `run` — applies a model command, records it, selects what it created or moved and shows a refusal
 * (DesignError) as a toast in the `designer` namespace. Labels of new controls come from the `designer`
 * namespace in both languages; keys from the label's pinyin (fetched, then cached).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { host } from '../../engine/host';
import {
  DesignError,
  canRedo,
  canUndo,
  commit,
  createHistory,
  createPinyinCache,
  redo as redoHistory,
  undo as undoHistory,
  type Clipboard,
  type DesignEnv,
  type FormDesignState,
  type History,
  type PaletteKind,
} from './model';

/** Options of useFormDesign. */
export interface FormDesignOptions {
  initial: FormDesignState;
  /** Pinyin of a label (the caller asks /api/Form/getpinyin and answers its `pinyin`). */
  pinyin: (text: string) => Promise<string>;
  /** Called with every new present state (after commands, undo and redo). */
  onChange?: (state: FormDesignState) => void;
  /** Undo steps kept (default 100). */
  limit?: number;
}

/** What useFormDesign answers. */
export interface FormDesign {
  state: FormDesignState;
  /** Bumped on every change (keys the preview). */
  revision: number;
  selected: string | null;
  select: (id: string | null) => void;
  /** Applies `command(state, env)` after loading the pinyin of `texts`; answers false when refused. */
  run: (command: (state: FormDesignState, env: DesignEnv) => FormDesignState, texts?: string[]) => Promise<boolean>;
  /** Default label of a palette entry in zh-CN (to prefetch its pinyin). */
  defaultLabel: (kind: PaletteKind) => string;
  undo: () => void;
  redo: () => void;
  canUndo: boolean;
  canRedo: boolean;
  clipboard: Clipboard | null;
  setClipboard: (c: Clipboard | null) => void;
}

/** The designer state hook (see the module comment). */
export function useFormDesign({ initial, pinyin, onChange, limit }: FormDesignOptions): FormDesign {
  const { t, i18n } = useTranslation('designer');
  const [history, setHistory] = useState<History>(() => createHistory(initial, limit));
  const [revision, setRevision] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [clipboard, setClipboard] = useState<Clipboard | null>(null);
  const ref = useRef(history);
  ref.current = history;
  const cache = useMemo(() => createPinyinCache(pinyin), [pinyin]);
  const env = useMemo<DesignEnv>(() => {
    const zh = i18n.getFixedT('zh-CN', 'designer');
    const en = i18n.getFixedT('en-US', 'designer');
    return { pinyin: (text) => cache.get(text), label: (kind) => ({ zh: zh(`palette.${kind}`), en: en(`palette.${kind}`) }) };
  }, [cache, i18n]);

  const apply = useCallback(
    (h: History) => {
      if (h === ref.current) return;
      ref.current = h;
      setHistory(h);
      setRevision((r) => r + 1);
      onChange?.(h.present);
    },
    [onChange],
  );

  const run = useCallback<FormDesign['run']>(
    async (command, texts = []) => {
      await Promise.all(texts.filter(Boolean).map((x) => cache.load(x).catch(() => '')));
      try {
        const present = ref.current.present;
        const input = present.focus === undefined ? present : { ...present, focus: undefined };
        const next = command(input, env);
        if (next === input) return true;
        apply(commit(ref.current, next));
        if (next.focus) setSelected(next.focus);
        return true;
      } catch (e) {
        if (!(e instanceof DesignError)) throw e;
        host().notify.error(t(`error.${e.code}`, { message: e.message }));
        return false;
      }
    },
    [apply, cache, env, t],
  );

  return {
    state: history.present,
    revision,
    selected,
    select: setSelected,
    run,
    defaultLabel: (kind) => env.label(kind).zh,
    undo: () => apply(undoHistory(ref.current)),
    redo: () => apply(redoHistory(ref.current)),
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    clipboard,
    setClipboard,
  };
}
