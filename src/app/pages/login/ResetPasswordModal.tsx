/**
 * "Forgot password": mobile, SMS code (purpose 'repassword') and a new strong password → Login/repassword.
 * Props: `open`, `onClose()`.
 */
import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MOBILE_PATTERN, isStrongPassword } from '@shared/constants';
import { api } from '../../services/api';
import { transportPassword } from '../../services/crypto';
import { toast } from '../../services/feedback';
import { SmsCodeButton } from './SmsCodeButton';

interface Values {
  mobile: string;
  sms_code: string;
  password: string;
  confirm: string;
}

export function ResetPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('login');
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const getMobile = async () => {
    try {
      return (await form.validateFields(['mobile'])).mobile.trim();
    } catch {
      return null;
    }
  };
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await api.rePassword(v.mobile.trim(), v.sms_code.trim(), await transportPassword(v.password));
      toast.success(t('reset.done'));
      form.resetFields();
      onClose();
    } catch {
      /* shown by the http layer */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title={t('reset.title')}
      open={open}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={busy}
      okText={t('reset.ok')}
      destroyOnHidden
      okButtonProps={{ ...{ 'data-testid': 'reset-submit' } }}
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="mobile"
          label={t('field.mobile')}
          rules={[
            { required: true, message: t('rule.mobile') },
            { pattern: MOBILE_PATTERN, message: t('rule.mobileFormat') },
          ]}
        >
          <Input maxLength={11} data-testid="reset-mobile" />
        </Form.Item>
        <Form.Item label={t('field.smsCode')} required>
          <div className="oa-captcha-row">
            <Form.Item name="sms_code" noStyle rules={[{ required: true, message: t('rule.smsCode') }]}>
              <Input maxLength={6} data-testid="reset-sms-code" />
            </Form.Item>
            <SmsCodeButton getMobile={getMobile} purpose="repassword" testId="reset-sms-send" />
          </div>
        </Form.Item>
        <Form.Item
          name="password"
          label={t('field.newPassword')}
          extra={t('rule.strongHint')}
          rules={[
            { required: true, message: t('rule.password') },
            { validator: (_r, v: string) => (!v || isStrongPassword(v) ? Promise.resolve() : Promise.reject(new Error(t('rule.weak')))) },
          ]}
        >
          <Input.Password data-testid="reset-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('field.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('rule.confirm') },
            ({ getFieldValue }) => ({
              validator: (_r, v: string) => (!v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('rule.mismatch')))),
            }),
          ]}
        >
          <Input.Password data-testid="reset-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
