/**
 * Exception pages of SPEC §2.1 / §8: 403 "抱歉，您无权访问此页面", 404 "您访问的页面不存在",
 * 500 "服务器报告错误", each with a back-to-home button. Props: `code` 403 | 404 | 500.
 */
import { Button } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CONSOLE_PATH } from '../../router/routeTable';

export interface ExceptionProps {
  code: 403 | 404 | 500;
}

function Illustration({ code }: ExceptionProps) {
  const accent = code === 403 ? '#d4380d' : code === 404 ? '#1d5fbf' : '#c0161d';
  return (
    <svg className="oa-exception-art" viewBox="0 0 320 200" aria-hidden="true">
      <ellipse cx="160" cy="178" rx="130" ry="12" fill="#000" opacity="0.06" />
      <rect x="70" y="30" width="180" height="130" rx="10" fill="#fff" stroke="#d9dee7" strokeWidth="2" />
      <rect x="70" y="30" width="180" height="26" rx="10" fill={accent} opacity="0.9" />
      <rect x="70" y="46" width="180" height="10" fill={accent} opacity="0.9" />
      <circle cx="88" cy="43" r="4" fill="#fff" opacity="0.85" />
      <circle cx="102" cy="43" r="4" fill="#fff" opacity="0.6" />
      <circle cx="116" cy="43" r="4" fill="#fff" opacity="0.4" />
      <text x="160" y="122" textAnchor="middle" fontSize="52" fontWeight="700" fill={accent} fontFamily="Arial, sans-serif">
        {code}
      </text>
      <rect x="105" y="136" width="110" height="6" rx="3" fill="#e6e9ef" />
      {code === 403 && (
        <g transform="translate(228 120)">
          <circle r="26" fill="#fff" stroke={accent} strokeWidth="3" />
          <rect x="-11" y="-4" width="22" height="17" rx="3" fill={accent} />
          <path d="M-7 -4v-6a7 7 0 0 1 14 0v6" stroke={accent} strokeWidth="3" fill="none" />
        </g>
      )}
      {code === 404 && (
        <g transform="translate(232 122)">
          <circle r="18" fill="#fff" stroke={accent} strokeWidth="4" />
          <line x1="13" y1="13" x2="28" y2="28" stroke={accent} strokeWidth="6" strokeLinecap="round" />
        </g>
      )}
      {code === 500 && (
        <g transform="translate(230 122)">
          <path d="M0 -26 L26 20 H-26 Z" fill="#fff" stroke={accent} strokeWidth="3" strokeLinejoin="round" />
          <rect x="-2.5" y="-10" width="5" height="17" rx="2" fill={accent} />
          <circle cy="13" r="3" fill={accent} />
        </g>
      )}
    </svg>
  );
}

export function Exception({ code }: ExceptionProps) {
  const { t } = useTranslation('exception');
  const navigate = useNavigate();
  return (
    <div className="oa-exception" data-testid={`exception-${code}`}>
      <Illustration code={code} />
      <div className="oa-exception-body">
        <div className="oa-exception-code">{code}</div>
        <div className="oa-exception-desc">{t(`${code}.desc`)}</div>
        <div className="oa-exception-hint">{t(`${code}.hint`)}</div>
        <Button type="primary" icon={<HomeOutlined />} data-testid="exception-home" onClick={() => navigate(CONSOLE_PATH)}>
          {t('backHome')}
        </Button>
      </div>
    </div>
  );
}
