/**
 * Personal settings, 修改密码 tab: old / new / confirm with a strength meter; both passwords SM2-encrypted
 * → Person/changePassword. After a -98 lock, success reloads the user info so the app unlocks.
 */
import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Code } from '@shared/codes';
import { isStrongPassword } from '@shared/constants';
import { passwordChangeRequiredAtom } from '../../stores/user';
import { api } from '../../services/api';
import { loadUser } from '../../services/auth';
import { transportPassword } from '../../services/crypto';
import { toast } from '../../services/feedback';
import { PasswordStrength } from './PasswordStrength';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

export function PasswordForm() {
  const { t } = useTranslation('setting');
  const [form] = Form.useForm<Values>();
  const pw = Form.useWatch('newPassword', form) ?? '';
  const [locked, setLocked] = useAtom(passwordChangeRequiredAtom);
  const [busy, setBusy] = useState(false);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const env = await api.changePassword({
        oldPassword: await transportPassword(v.oldPassword),
        newPassword: await transportPassword(v.newPassword),
        isStrongPassword: isStrongPassword(v.newPassword) ? 1 : 0,
      });
      if (env.code === Code.OK) {
        toast.success(env.msg || t('password.done'));
        form.resetFields();
        if (locked) {
          setLocked(false);
          await loadUser();
        }
      } else if (env.msg) toast.error(env.msg);
    } catch {
      /* shown by the http layer */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values> form={form} layout="vertical" className="oa-setting-form" onFinish={(v) => void submit(v)} data-testid="setting-password-form">
      {locked && (
        <Alert
          type="warning"
          showIcon
          className="oa-setting-alert"
          title={t('password.lockedTitle')}
          description={t('password.lockedText')}
          data-testid="password-locked"
        />
      )}
      <Form.Item name="oldPassword" label={t('password.old')} rules={[{ required: true, message: t('password.oldRequired') }]}>
        <Input.Password autoComplete="current-password" data-testid="setting-old-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('password.new')}
        extra={<PasswordStrength password={pw} />}
        rules={[
          { required: true, message: t('password.newRequired') },
          { validator: (_r, v: string) => (!v || isStrongPassword(v) ? Promise.resolve() : Promise.reject(new Error(t('password.weak')))) },
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="setting-new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('password.confirm')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_r, v: string) => (!v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch')))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="setting-confirm-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="setting-password-save">
        {t('password.submit')}
      </Button>
    </Form>
  );
}
