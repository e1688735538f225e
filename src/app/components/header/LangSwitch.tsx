/**
 * Language switch (SPEC §2.4) in the header and on the sign-in pages. The dropdown (antd Dropdown and Menu, in
 * ./LangSwitchMenu.tsx) loads after the page's first render: until then the same button shows, without its menu.
 */
import { forwardRef, lazy, Suspense, type ComponentPropsWithoutRef } from 'react';
import { TranslationOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { localeAtom } from '../../stores/locale';

const LangSwitchMenu = lazy(() => import('./LangSwitchMenu'));

/** Props of the switch button: `showLabel` shows the current language's name beside the icon. */
export interface LangButtonProps extends ComponentPropsWithoutRef<'button'> {
  showLabel?: boolean;
  testId?: string;
}

/** The switch's button (the Dropdown's trigger: it passes its handlers, ref and classes through). */
export const LangButton = forwardRef<HTMLButtonElement, LangButtonProps>(function LangButton({ showLabel, testId, className, ...rest }, ref) {
  const { t } = useTranslation('common');
  const locale = useAtomValue(localeAtom);
  return (
    <button
      ref={ref}
      type="button"
      className={className ? `oa-header-action ${className}` : 'oa-header-action'}
      aria-label={showLabel ? `${t('lang.label')} ${t(`lang.${locale}`)}` : t('lang.label')}
      {...rest}
      data-testid={testId}
    >
      <TranslationOutlined />
      {showLabel ? <span className="oa-header-action-text">{t(`lang.${locale}`)}</span> : null}
    </button>
  );
});

/** The language dropdown zh-CN / en-US (`showLabel`: the current language's name beside the icon). */
export function LangSwitch({ showLabel = false }: { showLabel?: boolean }) {
  return (
    <Suspense fallback={<LangButton showLabel={showLabel} />}>
      <LangSwitchMenu showLabel={showLabel} />
    </Suspense>
  );
}
