/**
 * Account/password login (SPEC §4, §5): user name, password, captcha when the server asks for it, an
 * administrator-login switch. The password is SM2-encrypted and sent with the client-computed
 * isStrongPassword flag. Props: `redirect` (query value).
 */
import { useCallback, useState } from 'react';
import { Button, Checkbox, Form, Input } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isStrongPassword } from '@shared/constants';
import { api } from '../../services/api';
import { transportPassword } from '../../services/crypto';
import { CaptchaImage } from './CaptchaImage';
import { handleLoginAnswer } from './handleLoginAnswer';

interface Values {
  username: string;
  password: string;
  captcha?: string;
  adminLogin?: boolean;
}

export function AccountLoginForm({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation('login');
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captchaKey, setCaptchaKey] = useState('');
  const [captchaRefresh, setCaptchaRefresh] = useState(0);
  const onKey = useCallback((k: string) => setCaptchaKey(k), []);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const password = await transportPassword(v.password);
      const env = await api.login({
        username: v.username.trim(),
        password,
        isStrongPassword: isStrongPassword(v.password) ? 1 : 0,
        adminLogin: v.adminLogin ? 1 : 0,
        ...(needCaptcha ? { captchaKey, captcha: (v.captcha ?? '').trim() } : {}),
      });
      const outcome = handleLoginAnswer(env, redirect);
      if (!outcome.ok) {
        if (outcome.needCaptcha) {
          setNeedCaptcha(true);
          setCaptchaRefresh((n) => n + 1);
        }
        form.setFieldValue('captcha', '');
      }
    } catch {
      /* transport errors are shown by the http layer */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" size="large" onFinish={(v) => void submit(v)} requiredMark={false} className="oa-login-form" data-testid="login-form">
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('rule.username') }]}>
        <Input prefix={<UserOutlined />} placeholder={t('field.username')} autoComplete="username" data-testid="login-username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('rule.password') }]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('field.password')} autoComplete="current-password" data-testid="login-password" />
      </Form.Item>
      {needCaptcha && (
        <Form.Item required>
          <div className="oa-captcha-row">
            <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: t('rule.captcha') }]}>
              <Input prefix={<SafetyOutlined />} placeholder={t('field.captcha')} maxLength={8} data-testid="login-captcha" />
            </Form.Item>
            <CaptchaImage onKey={onKey} refresh={captchaRefresh} />
          </div>
        </Form.Item>
      )}
      <div className="oa-login-options">
        <Form.Item name="adminLogin" valuePropName="checked" noStyle>
          <Checkbox data-testid="login-admin">{t('adminLogin')}</Checkbox>
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" block loading={busy} className="oa-login-submit" data-testid="login-submit">
        {t('submit')}
      </Button>
    </Form>
  );
}
