/**
 * The right-hand side of the header (SPEC §2.4): search, notices, front-end log, fullscreen, language,
 * layout drawer, user menu. Props: `device` (hides search and fullscreen on mobile).
 */
import { Tooltip } from 'antd';
import { ProfileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Device } from '../../stores/device';
import { HeaderSearch } from './HeaderSearch';
import { NoticeBell } from './NoticeBell';
import { FullscreenToggle } from './FullscreenToggle';
import { LangSwitch } from './LangSwitch';
import { LayoutDrawerTrigger } from './LayoutDrawer';
import { UserMenu } from './UserMenu';

export function HeaderActions({ device }: { device: Device }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  return (
    <div className="oa-header-actions">
      {device !== 'mobile' && <HeaderSearch />}
      <NoticeBell />
      {device === 'desktop' && (
        <Tooltip title={t('header.frontLog')}>
          <button type="button" className="oa-header-action" aria-label={t('header.frontLog')} data-testid="front-log-link" onClick={() => navigate('/log')}>
            <ProfileOutlined />
          </button>
        </Tooltip>
      )}
      {device !== 'mobile' && <FullscreenToggle />}
      <LangSwitch />
      {device !== 'mobile' && <LayoutDrawerTrigger />}
      <UserMenu compact={device === 'mobile'} />
    </div>
  );
}
