/** /register/result: the account was created and waits for approval. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLogoText } from '../../components/header/Logo';
import { AuthFrame } from '../login/AuthFrame';

export default function RegisterResultPage() {
  const { t } = useTranslation('login');
  const brand = useLogoText();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as { msg?: string; mail?: string };
  return (
    <AuthFrame title={brand} intro={false}>
      <div className="oa-login-card oa-register-result" data-testid="register-result">
        <Result
          status="success"
          title={t('register.resultTitle')}
          subTitle={state.msg || t('register.resultText')}
          extra={
            <Button type="primary" onClick={() => navigate('/login')} data-testid="register-result-login">
              {t('register.toLogin')}
            </Button>
          }
        />
      </div>
    </AuthFrame>
  );
}
