/** Personal settings, 基本资料 tab: real name, mobile, e-mail, gender → Person/saveUserInfo (SPEC §7). */
import { useState } from 'react';
import { Button, Form, Input, Radio } from 'antd';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Code } from '@shared/codes';
import { EMAIL_PATTERN, MOBILE_PATTERN } from '@shared/constants';
import { userAtom } from '../../stores/user';
import { api } from '../../services/api';
import { toast } from '../../services/feedback';

interface Values {
  realname: string;
  mobile: string;
  email: string;
  gender: number;
}

export function BasicInfoForm() {
  const { t } = useTranslation('setting');
  const [user, setUser] = useAtom(userAtom);
  const [busy, setBusy] = useState(false);
  if (!user) return null;

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const payload = { realname: v.realname.trim(), mobile: (v.mobile ?? '').trim(), email: (v.email ?? '').trim(), gender: v.gender };
      const env = await api.saveUserInfo(payload);
      if (env.code === Code.OK) {
        toast.success(env.msg || t('saved'));
        setUser({ ...user, ...payload });
      } else if (env.msg) toast.error(env.msg);
    } catch {
      /* shown by the http layer */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values>
      layout="vertical"
      className="oa-setting-form"
      initialValues={{ realname: user.realname, mobile: user.mobile ?? '', email: user.email ?? '', gender: user.gender ?? 0 }}
      onFinish={(v) => void submit(v)}
      data-testid="setting-basic-form"
    >
      <Form.Item label={t('basic.username')}>
        <Input value={user.name} disabled />
      </Form.Item>
      <Form.Item name="realname" label={t('basic.realname')} rules={[{ required: true, whitespace: true, message: t('basic.realnameRequired') }]}>
        <Input maxLength={32} data-testid="setting-realname" />
      </Form.Item>
      <Form.Item name="mobile" label={t('basic.mobile')} rules={[{ pattern: MOBILE_PATTERN, message: t('common:validation.mobile') }]}>
        <Input maxLength={11} data-testid="setting-mobile" />
      </Form.Item>
      <Form.Item name="email" label={t('basic.email')} rules={[{ pattern: EMAIL_PATTERN, message: t('common:validation.email') }]}>
        <Input maxLength={100} data-testid="setting-email" />
      </Form.Item>
      <Form.Item name="gender" label={t('basic.gender')}>
        <Radio.Group
          options={[
            { value: 1, label: t('common:gender.male') },
            { value: 2, label: t('common:gender.female') },
            { value: 0, label: t('common:gender.unknown') },
          ]}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="setting-basic-save">
        {t('save')}
      </Button>
    </Form>
  );
}
