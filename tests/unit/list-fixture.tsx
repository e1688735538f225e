/**
 * Test helpers of the list renderer: the real receptions bundle built from `schemas/` (as Template/page
 * answers it, texts in zh-CN), a signed-in user with chosen permission codes, and a render helper that
 * wraps a page in a jotai store and antd's zh-CN locale, with the test host (./testHost) installed.
 */
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { createStore, Provider } from 'jotai';
import type { UserInfo } from '@shared/types';
import { userAtom } from '@app/stores/user';
import { testIdentityAtom } from './testHost';
import { buildRegistry } from '../../engine/schema/loader';
import { mergeLocaleFiles } from '../../engine/schema/text';
import type { PageBundle } from '../../engine/schema/bundle';
import type { DictDef } from '../../engine/schema/types';
import { readSchemaDir, ROOT } from './schema/helpers';

const dir = readSchemaDir(join(ROOT, 'schemas'));
const registry = buildRegistry(dir.files);
const texts = mergeLocaleFiles(dir.locales);

/** The bundle of page `id` with its entity, the dictionaries its model uses and the zh-CN texts. */
export function bundleOf(id: string): PageBundle {
  const page = registry.get('page', id)!;
  const entity = registry.entityOf(page) ?? null;
  const codes = Object.values(entity?.model.properties ?? {})
    .map((p) => p['x-dict'])
    .filter((c): c is string => !!c);
  const dicts = codes.map((c) => registry.get('dict', c)).filter((d): d is DictDef => !!d);
  return { page, entity, dicts, texts: texts['zh-CN'] ?? {}, etag: 'test' };
}

/** A user info with permission codes `access` and stored list settings. */
export function userWith(access: string[], list_settings: Record<string, unknown> = {}): UserInfo {
  return { id: 2, name: 'demo', realname: 'demo', access, list_settings, menu: [], menu_my: [], roles: [], tabs: [] } as unknown as UserInfo;
}

/** Renders `ui` with a fresh jotai store holding `user`; answers the store too. */
export function renderWithUser(ui: ReactNode, user: UserInfo) {
  const store = createStore();
  // the engine reads the user through the host; pages not yet on the host read the shell's atom
  store.set(userAtom, user);
  store.set(testIdentityAtom, user);
  const view = render(
    <Provider store={store}>
      <ConfigProvider locale={zhCN}>{ui}</ConfigProvider>
    </Provider>,
  );
  return { ...view, store };
}
