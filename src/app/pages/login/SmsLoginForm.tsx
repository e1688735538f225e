/**
 * SMS-code login (Login/getsmscode purpose 'login', then Login/smsindex), SPEC §4, §5.
 * Props: `redirect` (query value).
 */
import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { MobileOutlined, MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MOBILE_PATTERN } from '@shared/constants';
import { api } from '../../services/api';
import { SmsCodeButton } from './SmsCodeButton';
import { handleLoginAnswer } from './handleLoginAnswer';

interface Values {
  mobile: string;
  sms_code: string;
}

export function SmsLoginForm({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation('login');
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const getMobile = async () => {
    try {
      const v = await form.validateFields(['mobile']);
      return v.mobile.trim();
    } catch {
      return null;
    }
  };

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const env = await api.smsLogin(v.mobile.trim(), v.sms_code.trim());
      handleLoginAnswer(env, redirect);
    } catch {
      /* shown by the http layer */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      size="large"
      onFinish={(v) => void submit(v)}
      requiredMark={false}
      className="oa-login-form"
      data-testid="sms-login-form"
    >
      <Form.Item
        name="mobile"
        rules={[
          { required: true, whitespace: true, message: t('rule.mobile') },
          { pattern: MOBILE_PATTERN, message: t('rule.mobileFormat') },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder={t('field.mobile')} maxLength={11} inputMode="numeric" data-testid="login-mobile" />
      </Form.Item>
      <Form.Item required>
        <div className="oa-captcha-row">
          <Form.Item name="sms_code" noStyle rules={[{ required: true, whitespace: true, message: t('rule.smsCode') }]}>
            <Input prefix={<MessageOutlined />} placeholder={t('field.smsCode')} maxLength={6} inputMode="numeric" data-testid="login-sms-code" />
          </Form.Item>
          <SmsCodeButton getMobile={getMobile} purpose="login" />
        </div>
      </Form.Item>
      <div className="oa-login-options oa-login-options-hint">{t('sms.hint')}</div>
      <Button type="primary" htmlType="submit" block loading={busy} className="oa-login-submit" data-testid="login-sms-submit">
        {t('submit')}
      </Button>
    </Form>
  );
}
