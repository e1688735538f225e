/**
 * The user menu (SPEC §2.4): personal setting, home setting (hidden for unit administrators), menu layout
 * choice, clear cache with the disk-usage percent (admins only), switch to another department, logout
 * (with the "退出确认" dialog when the option is on, SPEC §4).
 */
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { CheckOutlined, ClearOutlined, DownOutlined, HomeOutlined, LayoutOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MENU_LAYOUTS } from '@shared/constants';
import { Code } from '@shared/codes';
import { departmentsAtom, userAtom } from '../../stores/user';
import { useSaveLayout } from '../../layouts/useSaveLayout';
import { api } from '../../services/api';
import { logout, switchDepartment } from '../../services/auth';
import { toast } from '../../services/feedback';

const tid = (id: string, text: string) => <span data-testid={id}>{text}</span>;

export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('layout');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const depts = useAtomValue(departmentsAtom);
  const [layout, saveLayout] = useSaveLayout();
  if (!user) return null;
  const isdwgly = user.isdwgly || !!depts?.isdwgly;

  const doLogout = () => {
    if (!layout.logoutConfirm) {
      void logout();
      return;
    }
    modal.confirm({
      title: t('logout.title'),
      content: t('logout.content'),
      okText: t('logout.ok'),
      cancelText: t('logout.cancel'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'logout-confirm-ok' } },
      cancelButtonProps: { ...{ 'data-testid': 'logout-confirm-cancel' } },
      onOk: () => logout(),
    });
  };

  const clearCache = async () => {
    const env = await api.cleanCache().catch(() => null);
    if (env?.code === Code.OK) toast.success(t('user.clearSuccess'));
    else if (env?.msg) toast.error(env.msg);
  };

  const items: MenuProps['items'] = [
    {
      key: 'profile',
      disabled: true,
      className: 'oa-user-menu-profile',
      label: (
        <div className="oa-user-profile">
          <div className="oa-user-profile-name">{user.realname}</div>
          <div className="oa-user-profile-dept">{depts?.current?.title ?? user.dept}</div>
        </div>
      ),
    },
    { type: 'divider' },
    { key: 'setting', icon: <UserOutlined />, label: tid('user-menu-setting', t('user.setting')) },
    ...(!isdwgly ? [{ key: 'homeSetting', icon: <HomeOutlined />, label: tid('user-menu-home-setting', t('user.homeSetting')) }] : []),
    {
      key: 'layout',
      icon: <LayoutOutlined />,
      label: tid('user-menu-layout', t('user.layout')),
      children: MENU_LAYOUTS.map((m) => ({
        key: `layout:${m}`,
        label: (
          <span className="oa-user-layout-item" data-testid={`user-menu-layout-${m}`}>
            <span>{t(`mode.${m}`)}</span>
            {layout.menuSetting === m ? <CheckOutlined /> : null}
          </span>
        ),
      })),
    },
    ...(user.is_admin
      ? [
          {
            key: 'clearCache',
            icon: <ClearOutlined />,
            label: (
              <span className="oa-user-cache" data-testid="user-menu-clear-cache">
                <span>{t('user.clearCache')}</span>
                {depts ? <span className="oa-user-cache-usage">{t('user.diskUsage', { percent: depts.concurrent })}</span> : null}
              </span>
            ),
          },
        ]
      : []),
    ...(depts?.departments_other?.length
      ? [
          {
            key: 'switch',
            icon: <SwapOutlined />,
            label: tid('user-menu-switch-dept', t('user.switchDept')),
            children: depts.departments_other.map((d) => ({
              key: `dept:${d.id}`,
              label: tid(`dept-switch-${d.id}`, d.title),
            })),
          },
        ]
      : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, danger: true, label: tid('user-menu-logout', t('user.logout')) },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'setting') navigate('/acl/setting');
    else if (key === 'homeSetting') navigate('/index/setting');
    else if (key.startsWith('layout:')) saveLayout({ menuSetting: key.slice(7) as (typeof MENU_LAYOUTS)[number] });
    else if (key === 'clearCache') void clearCache();
    else if (key.startsWith('dept:')) void switchDepartment(Number(key.slice(5)));
    else if (key === 'logout') doLogout();
  };

  return (
    <Dropdown trigger={['click']} placement="bottomRight" menu={{ items, onClick, className: 'oa-user-menu' }} destroyOnHidden>
      <button type="button" className="oa-header-user" data-testid="user-menu-trigger">
        <Avatar size={30} src={user.avatar || undefined} className="oa-header-avatar">
          {user.realname.slice(0, 1)}
        </Avatar>
        {!compact && <span className="oa-header-username">{user.realname}</span>}
        {!compact && <DownOutlined className="oa-header-caret" />}
      </button>
    </Dropdown>
  );
}
