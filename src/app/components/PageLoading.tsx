/** A centred spinner for pages and the shell while they load. Props: `full` fills the viewport. */
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function PageLoading({ full = false }: { full?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className={full ? 'oa-loading oa-loading-full' : 'oa-loading'} role="status" aria-live="polite">
      <Spin size="large" />
      <span className="oa-loading-text">{t('loading')}</span>
    </div>
  );
}
