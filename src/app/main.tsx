/**
 * Entry point: styles, i18n (the public namespaces of the language), error handlers, then the app. antd's component styles are not a static sheet: each
 * component injects its own CSS when it first renders (antd's CSS-in-JS, theme.ts), so a page loads only those it uses.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import 'antd/dist/reset.css';
import './styles/global.css';
import './styles/shell.css';
import './styles/header.css';
import './styles/tabs.css';
import './styles/layoutControls.css';
import './styles/auth.css';
import './styles/console.css';
import './styles/pages.css';
import { installErrorHandlers } from './services/frontLog';
import { installTabsUnloadFlush } from './services/tabsPersist';
import { loadGroup, storedLocale } from './i18n';
import { App } from './App';
import { provideHost } from '../../engine/host';
import { shellHost } from './services/engineHost';

provideHost(shellHost);
installErrorHandlers();
installTabsUnloadFlush();
document.documentElement.lang = storedLocale();

// the first render waits for the public namespaces of the language (i18n/index.ts); rendered anyway should they fail
const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
void loadGroup('public').then(render, render);
