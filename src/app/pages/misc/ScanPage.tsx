/** /scan: the mobile scan landing page (public, SPEC §2.2); shows where to sign in. */
import { Button, Result } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BlankLayout } from '../../layouts/BlankLayout';

export default function ScanPage() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  return (
    <BlankLayout centered>
      <Result
        icon={<ScanOutlined className="oa-scan-icon" />}
        title={t('scan.title')}
        subTitle={t('scan.text')}
        extra={
          <Button type="primary" onClick={() => navigate('/login')}>
            {t('scan.toLogin')}
          </Button>
        }
        data-testid="scan-page"
      />
    </BlankLayout>
  );
}
