/**
 * Shared body of the single-sign-on pages: runs `call()` once, completes the login (cookies skipped when the
 * answer says islogin, SPEC §4) or shows the failure with a link to the login page.
 * Props: `call` returning the login envelope, or null when the query misses values.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Envelope } from '@shared/codes';
import { Code } from '@shared/codes';
import type { LoginResult } from '@shared/types';
import { completeLogin } from '../../services/auth';
import { useLogoText } from '../../components/header/Logo';
import { AuthFrame } from '../login/AuthFrame';

export function SsoFrame({ call }: { call: (q: URLSearchParams) => Promise<Envelope<LoginResult>> | null }) {
  const { t } = useTranslation('login');
  const brand = useLogoText();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const p = call(query);
    if (!p) {
      setError(t('sso.missing'));
      return;
    }
    p.then((env) => {
      if ((env.code === Code.OK || env.code === Code.PASSWORD_CHANGE_REQUIRED) && env.data?.info) {
        void completeLogin(env.data, { code: env.code, msg: env.msg, redirect: query.get('redirect') });
      } else setError(env.msg || t('sso.failed'));
    }).catch((e: unknown) => setError(e instanceof Error ? e.message : t('sso.failed')));
  }, [call, query, t]);

  return (
    <AuthFrame title={brand} intro={false}>
      <div className="oa-login-card oa-sso-card" data-testid="sso-page">
        {error ? (
          <Result
            status="warning"
            title={t('sso.failedTitle')}
            subTitle={error}
            extra={
              <Button type="primary" onClick={() => navigate('/login')}>
                {t('sso.toLogin')}
              </Button>
            }
          />
        ) : (
          <div className="oa-sso-wait">
            <Spin size="large" />
            <p>{t('sso.signing')}</p>
          </div>
        )}
      </div>
    </AuthFrame>
  );
}
