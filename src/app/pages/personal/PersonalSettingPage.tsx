/**
 * Personal settings (/acl/setting, SPEC §2.4): tabs 基本资料, 修改密码, 短信提醒, 手写签名, 菜单布局; `?tab=password`
 * opens the password tab (used after a -98 answer).
 */
import { Avatar, Card, Tabs } from 'antd';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { userAtom } from '../../stores/user';
import { LayoutControls } from '../../components/header/LayoutControls';
import { BasicInfoForm } from './BasicInfoForm';
import { PasswordForm } from './PasswordForm';
import { SmsSettingForm } from './SmsSettingForm';
import { SignatureForm } from './SignatureForm';

const TABS = ['basic', 'password', 'sms', 'signature', 'layout'] as const;

export default function PersonalSettingPage() {
  const { t } = useTranslation('setting');
  const [query, setQuery] = useSearchParams();
  const user = useAtomValue(userAtom);
  const tab = (TABS as readonly string[]).includes(query.get('tab') ?? '') ? (query.get('tab') as string) : 'basic';
  if (!user) return null;
  return (
    <div className="oa-setting">
      <Card className="oa-setting-profile">
        <Avatar size={72} src={user.avatar || undefined} className="oa-welcome-avatar">
          {user.realname.slice(0, 1)}
        </Avatar>
        <div className="oa-setting-profile-name">{user.realname}</div>
        <div className="oa-setting-profile-dept">{user.dept}</div>
        <div className="oa-setting-profile-meta">
          <span>{t('basic.username')}</span>
          <b>{user.name}</b>
        </div>
        {user.positions?.length ? (
          <div className="oa-setting-profile-meta">
            <span>{t('basic.position')}</span>
            <b>{user.positions.join(' / ')}</b>
          </div>
        ) : null}
      </Card>
      <Card className="oa-setting-main">
        <Tabs
          activeKey={tab}
          onChange={(k) => setQuery({ tab: k }, { replace: true })}
          items={TABS.map((k) => ({
            key: k,
            label: <span data-testid={`setting-tab-${k}`}>{t(`tab.${k}`)}</span>,
            children:
              k === 'basic' ? (
                <BasicInfoForm />
              ) : k === 'password' ? (
                <PasswordForm />
              ) : k === 'sms' ? (
                <SmsSettingForm />
              ) : k === 'signature' ? (
                <SignatureForm />
              ) : (
                <div className="oa-setting-layout">
                  <LayoutControls />
                </div>
              ),
          }))}
        />
      </Card>
    </div>
  );
}
