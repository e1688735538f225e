/**
 * The app root: jotai store, antd ConfigProvider (locale zh_CN / en_US following the language, the theme
 * of ./theme.ts with the brand colour of the layout style), antd App (context for toasts and dialogs), the router.
 */
import { useEffect, useMemo } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { Provider, useAtomValue } from 'jotai';
import { RouterProvider } from 'react-router-dom';
import { appStore } from './stores/store';
import { localeAtom } from './stores/locale';
import { layoutAtom } from './stores/layout';
import { primaryOf } from './layouts/menuTheme';
import { useDeviceWatcher } from './layouts/useShellEffects';
import { setMessageApi } from './services/feedback';
import { setNavigator } from './services/navigation';
import { createAppRouter } from './router';
import { appTheme } from './theme';

const router = createAppRouter();
setNavigator((to, opts) => router.navigate(to, opts));

function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setMessageApi(message);
    return () => setMessageApi(null);
  }, [message]);
  return null;
}

function Themed() {
  const locale = useAtomValue(localeAtom);
  const layout = useAtomValue(layoutAtom);
  useDeviceWatcher();
  const primary = primaryOf(layout);
  const theme = useMemo(() => appTheme(primary), [primary]);
  return (
    <ConfigProvider locale={locale === 'en-US' ? enUS : zhCN} theme={theme}>
      <AntApp className="oa-app">
        <MessageBridge />
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}

/** The whole application. */
export function App() {
  return (
    <Provider store={appStore}>
      <Themed />
    </Provider>
  );
}
