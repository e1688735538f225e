/**
 * Language dropdown zh-CN / en-US (SPEC §2.4): remembered, switches i18next, antd and dayjs locales. The page stays
 * while the texts swap: the new language's resources are loaded first (`i18n.loadLanguages`, a no-op when they are
 * there) and the switch is a transition, so a part that still suspends keeps showing the old texts instead of a
 * Suspense fallback (the app's full-screen loading above the shell).
 */
import { startTransition } from 'react';
import { Dropdown } from 'antd';
import { TranslationOutlined, CheckOutlined } from '@ant-design/icons';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@shared/constants';
import { localeAtom } from '../../stores/locale';

export function LangSwitch({ showLabel = false }: { showLabel?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const [locale, setLocale] = useAtom(localeAtom);
  const switchTo = (next: (typeof LOCALES)[number]) => {
    const swap = () => startTransition(() => setLocale(next));
    i18n.loadLanguages(next).then(swap, swap);
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
      <button
        type="button"
        className="oa-header-action"
        aria-label={showLabel ? `${t('lang.label')} ${t(`lang.${locale}`)}` : t('lang.label')}
        data-testid="lang-switch"
      >
        <TranslationOutlined />
        {showLabel ? <span className="oa-header-action-text">{t(`lang.${locale}`)}</span> : null}
      </button>
    </Dropdown>
  );
}
