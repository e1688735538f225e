/**
 * "Get code" button for SMS codes (Login/getsmscode): validates the mobile first, then counts down 60 s
 * (or the server's countdown) while disabled. Props: `getMobile()` returns a valid mobile or null,
 * `purpose`, `testId`.
 */
import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAPTCHA_COUNTDOWN_SECONDS } from '@shared/constants';
import { api, type SmsPurpose } from '../../services/api';
import { toast } from '../../services/feedback';
import { useCountdown } from './useCountdown';

export interface SmsCodeButtonProps {
  getMobile: () => Promise<string | null>;
  purpose: SmsPurpose;
  testId?: string;
}

export function SmsCodeButton({ getMobile, purpose, testId = 'login-sms-send' }: SmsCodeButtonProps) {
  const { t } = useTranslation('login');
  const [left, start] = useCountdown();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const mobile = await getMobile();
    if (!mobile) return;
    setBusy(true);
    try {
      const r = await api.getSmsCode(mobile, purpose);
      start(r?.countdown || CAPTCHA_COUNTDOWN_SECONDS);
      toast.success(t('sms.sent'));
    } catch {
      /* shown by the http layer */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="large" className="oa-sms-btn" disabled={left > 0} loading={busy} onClick={() => void send()} data-testid={testId}>
      {left > 0 ? t('sms.resendIn', { seconds: left }) : t('sms.get')}
    </Button>
  );
}
