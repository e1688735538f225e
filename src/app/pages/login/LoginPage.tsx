/**
 * The login page (/login, SPEC §2.1, §4, §5): account/password and SMS-code tabs, captcha when required,
 * the title from the remembered DepartmentName ("<DepartmentName>OA", default the system name), a link to
 * registration and a password reset.
 */
import { useEffect, useMemo, useState } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { readLoginBrand, rememberLoginBrand } from '../../utils/loginBrand';
import { setSessionEnding } from '../../services/session';
import { AuthFrame } from './AuthFrame';
import { useLogoText } from '../../components/header/Logo';
import { AccountLoginForm } from './AccountLoginForm';
import { SmsLoginForm } from './SmsLoginForm';
import { ResetPasswordModal } from './ResetPasswordModal';

export default function LoginPage() {
  const { t } = useTranslation('login');
  const [query] = useSearchParams();
  const [tab, setTab] = useState('account');
  const [resetOpen, setResetOpen] = useState(false);
  const redirect = query.get('redirect');

  const brand = useMemo(() => {
    rememberLoginBrand(query);
    return readLoginBrand();
  }, [query]);
  useEffect(() => setSessionEnding(false), []);
  // After the memo above stored the link's DepartmentName: the same text as the shell's logo.
  const title = useLogoText();

  return (
    <AuthFrame title={title}>
      <div className="oa-login-card" data-title-id={brand.titleId || undefined}>
        <h2 className="oa-login-card-title">{t('title')}</h2>
        <p className="oa-login-card-sub">{t('welcome')}</p>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          centered
          className="oa-login-tabs"
          items={[
            { key: 'account', label: <span data-testid="login-tab-account">{t('tab.account')}</span>, children: <AccountLoginForm redirect={redirect} /> },
            { key: 'sms', label: <span data-testid="login-tab-sms">{t('tab.sms')}</span>, children: <SmsLoginForm redirect={redirect} /> },
          ]}
        />
        <div className="oa-login-links">
          <Link to="/register" data-testid="login-register-link">
            {t('toRegister')}
          </Link>
          <button type="button" className="oa-link-button" onClick={() => setResetOpen(true)} data-testid="login-forgot">
            {t('forgot')}
          </button>
        </div>
      </div>
      <ResetPasswordModal open={resetOpen} onClose={() => setResetOpen(false)} />
    </AuthFrame>
  );
}
