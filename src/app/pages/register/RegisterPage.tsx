/**
 * Registration (/register, SPEC §3 "Account", §5): real name, e-mail, mobile, password, captcha →
 * api/register; the account then waits for approval (/register/result).
 */
import { useCallback, useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, MailOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Code } from '@shared/codes';
import { EMAIL_PATTERN, MOBILE_PATTERN, isStrongPassword } from '@shared/constants';
import { api } from '../../services/api';
import { transportPassword } from '../../services/crypto';
import { toast } from '../../services/feedback';
import { useLogoText } from '../../components/header/Logo';
import { AuthFrame } from '../login/AuthFrame';
import { CaptchaImage } from '../login/CaptchaImage';
import { PasswordStrength } from '../personal/PasswordStrength';

interface Values {
  realname: string;
  mail: string;
  mobile: string;
  password: string;
  confirm: string;
  captcha: string;
}

export default function RegisterPage() {
  const { t } = useTranslation('login');
  const brand = useLogoText();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const password = Form.useWatch('password', form) ?? '';
  const [busy, setBusy] = useState(false);
  const [captchaKey, setCaptchaKey] = useState('');
  const [refresh, setRefresh] = useState(0);
  const onKey = useCallback((k: string) => setCaptchaKey(k), []);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const env = await api.register({
        realname: v.realname.trim(),
        mail: v.mail.trim(),
        mobile: v.mobile.trim(),
        password: await transportPassword(v.password),
        captcha: v.captcha.trim(),
        captchaKey,
      });
      if (env.code === Code.OK) {
        navigate('/register/result', { state: { msg: env.msg, mail: v.mail.trim() } });
      } else {
        if (env.msg) toast.error(env.msg);
        setRefresh((n) => n + 1);
        form.setFieldValue('captcha', '');
      }
    } catch {
      /* shown by the http layer */
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={brand}>
      <div className="oa-login-card oa-register-card">
        <h2 className="oa-login-card-title">{t('register.title')}</h2>
        <p className="oa-login-card-sub">{t('register.sub')}</p>
        <Form
          form={form}
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={(v) => void submit(v)}
          className="oa-login-form"
          data-testid="register-form"
        >
          <Form.Item name="realname" rules={[{ required: true, whitespace: true, message: t('rule.realname') }]}>
            <Input prefix={<UserOutlined />} placeholder={t('field.realname')} data-testid="register-realname" />
          </Form.Item>
          <Form.Item
            name="mail"
            rules={[
              { required: true, whitespace: true, message: t('rule.email') },
              { pattern: EMAIL_PATTERN, message: t('rule.emailFormat') },
            ]}
          >
            <Input prefix={<MailOutlined />} placeholder={t('field.email')} data-testid="register-mail" />
          </Form.Item>
          <Form.Item
            name="mobile"
            rules={[
              { required: true, whitespace: true, message: t('rule.mobile') },
              { pattern: MOBILE_PATTERN, message: t('rule.mobileFormat') },
            ]}
          >
            <Input prefix={<MobileOutlined />} placeholder={t('field.mobile')} maxLength={11} data-testid="register-mobile" />
          </Form.Item>
          <Form.Item
            name="password"
            extra={<PasswordStrength password={password} />}
            rules={[
              { required: true, message: t('rule.password') },
              { validator: (_r, v: string) => (!v || isStrongPassword(v) ? Promise.resolve() : Promise.reject(new Error(t('rule.weak')))) },
            ]}
          >
            <Input.Password prefix={<LockOutlined />} placeholder={t('field.password')} autoComplete="new-password" data-testid="register-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            dependencies={['password']}
            rules={[
              { required: true, message: t('rule.confirm') },
              ({ getFieldValue }) => ({
                validator: (_r, v: string) => (!v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('rule.mismatch')))),
              }),
            ]}
          >
            <Input.Password prefix={<LockOutlined />} placeholder={t('field.confirmPassword')} autoComplete="new-password" data-testid="register-confirm" />
          </Form.Item>
          <Form.Item required>
            <div className="oa-captcha-row">
              <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: t('rule.captcha') }]}>
                <Input prefix={<SafetyOutlined />} placeholder={t('field.captcha')} data-testid="register-captcha" />
              </Form.Item>
              <CaptchaImage onKey={onKey} refresh={refresh} />
            </div>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} className="oa-login-submit" data-testid="register-submit">
            {t('register.submit')}
          </Button>
        </Form>
        <div className="oa-login-links">
          <Link to="/login" data-testid="register-login-link">
            {t('register.toLogin')}
          </Link>
        </div>
      </div>
    </AuthFrame>
  );
}
