/**
 * The captcha image (Login/captcha → {captchaKey, image}); a click loads a new one.
 * Props: `onKey(captchaKey)` receives the key of the image shown; `refresh` bumps to reload from outside.
 */
import { useCallback, useEffect, useState } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../services/api';

export function CaptchaImage({ onKey, refresh = 0 }: { onKey: (key: string) => void; refresh?: number }) {
  const { t } = useTranslation('login');
  const [image, setImage] = useState('');
  const [loading, setLoading] = useState(false);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const r = await api.captcha();
      setImage(r.image);
      onKey(r.captchaKey);
    } catch {
      setImage('');
    } finally {
      setLoading(false);
    }
  }, [onKey]);
  useEffect(() => {
    void load();
  }, [load, refresh]);
  return (
    <button type="button" className="oa-captcha" onClick={() => void load()} title={t('captcha.refresh')} data-testid="login-captcha-image">
      {loading ? <Spin size="small" /> : image ? <img src={image} alt={t('captcha.alt')} /> : <span>{t('captcha.reload')}</span>}
    </button>
  );
}
