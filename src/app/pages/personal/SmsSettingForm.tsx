/**
 * Personal settings, 短信提醒 tab: which reminders also go out by SMS (Person/smsSetting → saveSmsSetting).
 * Keys the server sends are shown; the usual kinds are offered when it sends none.
 */
import { useEffect, useState } from 'react';
import { Button, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { Code } from '@shared/codes';
import { api } from '../../services/api';
import { toast } from '../../services/feedback';

/** The reminder kinds offered when the server has no setting yet. */
export const DEFAULT_SMS_KEYS = ['document', 'affair', 'meeting', 'mail', 'notice', 'schedule'];

/** Normalises the smsSetting answer (`{setting: {...}}` or the setting itself) to key → on/off. */
export function normaliseSmsSetting(raw: unknown): Record<string, boolean> {
  const obj = raw && typeof raw === 'object' ? ((raw as { setting?: unknown }).setting ?? raw) : {};
  const out: Record<string, boolean> = {};
  if (obj && typeof obj === 'object') {
    for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
      if (typeof v === 'boolean' || v === 0 || v === 1 || v === '0' || v === '1') out[k] = v === true || v === 1 || v === '1';
    }
  }
  if (!Object.keys(out).length) for (const k of DEFAULT_SMS_KEYS) out[k] = false;
  return out;
}

export function SmsSettingForm() {
  const { t } = useTranslation('setting');
  const [setting, setSetting] = useState<Record<string, boolean> | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .smsSetting()
      .then((r) => setSetting(normaliseSmsSetting(r)))
      .catch(() => setSetting(normaliseSmsSetting({})));
  }, []);

  if (!setting) return <Skeleton active />;

  const save = async () => {
    setBusy(true);
    try {
      const env = await api.saveSmsSetting(Object.fromEntries(Object.entries(setting).map(([k, v]) => [k, v ? 1 : 0])));
      if (env.code === Code.OK) toast.success(env.msg || t('saved'));
      else if (env.msg) toast.error(env.msg);
    } catch {
      /* shown by the http layer */
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="oa-setting-form" data-testid="setting-sms-form">
      <p className="oa-setting-hint">{t('sms.hint')}</p>
      {Object.entries(setting).map(([k, v]) => (
        <div className="oa-setting-switch" key={k}>
          <span>{t(`sms.keys.${k}`, { defaultValue: k })}</span>
          <Switch checked={v} onChange={(on) => setSetting({ ...setting, [k]: on })} data-testid={`sms-setting-${k}`} />
        </div>
      ))}
      <Button type="primary" loading={busy} onClick={() => void save()} data-testid="setting-sms-save">
        {t('save')}
      </Button>
    </div>
  );
}
