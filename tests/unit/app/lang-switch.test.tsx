/**
 * The language switch of the header (src/app/components/header/LangSwitch.tsx): choosing English keeps the page on
 * screen while a part of it still waits for the new language (it suspends), instead of the Suspense fallback above
 * it (the app's full-screen loading), and then swaps the texts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Suspense, use } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider, useAtomValue } from 'jotai';
import { i18n } from '@app/i18n';
import { LangSwitch } from '@app/components/header/LangSwitch';
import { localeAtom } from '@app/stores/locale';

let release: () => void = () => undefined;
const englishReady = new Promise<void>((resolve) => (release = resolve));

/** A page part whose English needs a load (like a lazily loaded namespace): it suspends until `release()`. */
function Page() {
  const locale = useAtomValue(localeAtom);
  if (locale === 'en-US') use(englishReady);
  return <p data-testid="page">{locale === 'en-US' ? 'Home' : '首页'}</p>;
}

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('zh-CN'));
  localStorage.clear();
});

describe('language switch', () => {
  it('keeps the page while the new language loads, then swaps the texts', async () => {
    render(
      <Provider store={createStore()}>
        <Suspense fallback={<div data-testid="app-loading" />}>
          <LangSwitch />
          <Page />
        </Suspense>
      </Provider>,
    );
    fireEvent.click(await screen.findByTestId('lang-switch'));
    fireEvent.click(await screen.findByTestId('lang-en-US'));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByTestId('app-loading')).toBeNull();
    expect(screen.getByTestId('page').textContent).toBe('首页');
    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId('page').textContent).toBe('Home'));
    expect(screen.queryByTestId('app-loading')).toBeNull();
    expect(i18n.language).toBe('en-US');
  });
});
