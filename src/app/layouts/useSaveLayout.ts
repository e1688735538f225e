/**
 * Changing the layout setting: applied at once and saved through Person/saveLayout, showing the server
 * msg (SPEC §4 "Changing menuSetting saves at once", §7 "The response carries msg").
 */
import { useCallback } from 'react';
import { useAtom } from 'jotai';
import type { LayoutSetting } from '@shared/constants';
import { Code } from '@shared/codes';
import { layoutAtom } from '../stores/layout';
import { api } from '../services/api';
import { toast } from '../services/feedback';
import { serialiseLayout } from './layoutSetting';

/** Returns `[layout, save]`; `save(patch)` merges, applies and saves. */
export function useSaveLayout(): [LayoutSetting, (patch: Partial<LayoutSetting> | ((l: LayoutSetting) => LayoutSetting)) => void] {
  const [layout, setLayout] = useAtom(layoutAtom);
  const save = useCallback(
    (patch: Partial<LayoutSetting> | ((l: LayoutSetting) => LayoutSetting)) => {
      const next = typeof patch === 'function' ? patch(layout) : { ...layout, ...patch };
      setLayout(next);
      api
        .saveLayout(serialiseLayout(next))
        .then((env) => {
          if (env.code === Code.OK) {
            if (env.msg) toast.success(env.msg);
          } else if (env.msg) toast.error(env.msg);
        })
        .catch(() => undefined);
    },
    [layout, setLayout],
  );
  return [layout, save];
}
