/** /test: a public diagnostics page (SPEC §2.2): client version, base path, language, device and time. */
import { Card, Descriptions } from 'antd';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { orgNow } from '../../../../engine/renderers/time';
import { BlankLayout } from '../../layouts/BlankLayout';
import { deviceAtom } from '../../stores/device';
import { basePath } from '../../utils/basePath';
import { getToken } from '../../utils/cookies';

export default function TestPage() {
  const { t, i18n } = useTranslation('pages');
  const device = useAtomValue(deviceAtom);
  return (
    <BlankLayout>
      <Card title={t('test.title')} className="oa-test-card" data-testid="test-page">
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('test.basePath')}>{basePath()}</Descriptions.Item>
          <Descriptions.Item label={t('test.language')}>{i18n.language}</Descriptions.Item>
          <Descriptions.Item label={t('test.device')}>{t(`test.devices.${device}`)}</Descriptions.Item>
          <Descriptions.Item label={t('test.session')}>{getToken() ? t('test.signedIn') : t('test.signedOut')}</Descriptions.Item>
          <Descriptions.Item label={t('test.time')}>{orgNow().format('YYYY-MM-DD HH:mm:ss')}</Descriptions.Item>
          <Descriptions.Item label={t('test.agent')}>{navigator.userAgent}</Descriptions.Item>
        </Descriptions>
      </Card>
    </BlankLayout>
  );
}
