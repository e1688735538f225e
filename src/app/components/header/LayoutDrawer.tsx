/**
 * The layout drawer (gear in the header, SPEC §2.4): the layout controls in a right-hand drawer. The controls
 * (sliders, switches, colour presets) load when the drawer first opens, not with the shell.
 */
import { lazy, Suspense } from 'react';
import { Drawer, Skeleton, Tooltip } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { layoutDrawerOpenAtom } from '../../stores/layout';

const LayoutControls = lazy(() => import('./LayoutControls').then((m) => ({ default: m.LayoutControls })));

/** The gear button that opens the drawer. */
export function LayoutDrawerTrigger() {
  const { t } = useTranslation('layout');
  const [, setOpen] = useAtom(layoutDrawerOpenAtom);
  return (
    <Tooltip title={t('drawer.title')}>
      <button type="button" className="oa-header-action" aria-label={t('drawer.title')} data-testid="layout-drawer-trigger" onClick={() => setOpen(true)}>
        <SettingOutlined />
      </button>
    </Tooltip>
  );
}

/** The drawer itself (rendered once by the shell). */
export function LayoutDrawer() {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useAtom(layoutDrawerOpenAtom);
  return (
    <Drawer title={t('drawer.title')} open={open} onClose={() => setOpen(false)} size={320} destroyOnHidden data-testid="layout-drawer">
      <Suspense fallback={<Skeleton active />}>
        <LayoutControls />
      </Suspense>
    </Drawer>
  );
}
