/**
 * Language dropdown zh-CN / en-US (SPEC §2.4): remembered, switches i18next, antd and dayjs locales. Loaded by
 * ./LangSwitch.tsx after the page's first render. The page stays while the texts swap: the new language's resources
 * are loaded first (`ensureLanguage`) and the switch is a transition, so a part that still suspends keeps showing
 * the old texts instead of a Suspense fallback (the app's full-screen loading above the shell).
 */
import { startTransition } from 'react';
import { Dropdown } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@shared/constants';
import { ensureLanguage } from '../../i18n';
import { localeAtom } from '../../stores/locale';
import { LangButton } from './LangSwitch';

/** The dropdown with its trigger button (`showLabel`: the current language's name beside the icon). */
export default function LangSwitchMenu({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation('common');
  const [locale, setLocale] = useAtom(localeAtom);
  const switchTo = (next: (typeof LOCALES)[number]) => {
    const swap = () => startTransition(() => setLocale(next));
    ensureLanguage(next).then(swap, swap);
  };
  return (
    <Dropdown
      trigger={['click']}
      destroyOnHidden
      placement="bottomRight"
      menu={{
        selectedKeys: [locale],
        items: LOCALES.map((l) => ({
          key: l,
          label: (
            <span className="oa-lang-item" data-testid={`lang-${l}`}>
              <span>{t(`lang.${l}`)}</span>
              {l === locale ? <CheckOutlined /> : null}
            </span>
          ),
        })),
        onClick: ({ key }) => switchTo(key as (typeof LOCALES)[number]),
      }}
    >
      <LangButton showLabel={showLabel} testId="lang-switch" />
    </Dropdown>
  );
}
