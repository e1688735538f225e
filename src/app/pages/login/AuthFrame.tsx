/**
 * The frame of the sign-in pages (login, register, SSO): a government-style backdrop with the emblem,
 * the title, an introduction panel and a footer. Props: `title` (brand title), `children` (the card),
 * `intro` (show the left introduction, default true).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { Emblem } from '../../components/Emblem';
import { LangSwitch } from '../../components/header/LangSwitch';

function Skyline() {
  const columns = Array.from({ length: 10 }, (_, i) => 372 + i * 46);
  return (
    <svg className="oa-auth-skyline" viewBox="0 0 1600 260" preserveAspectRatio="xMidYMax slice" aria-hidden="true">
      <g fill="#ffffff" opacity="0.07">
        <rect x="0" y="170" width="120" height="90" />
        <rect x="130" y="130" width="70" height="130" />
        <rect x="210" y="150" width="90" height="110" />
        <rect x="1290" y="140" width="80" height="120" />
        <rect x="1380" y="110" width="60" height="150" />
        <rect x="1450" y="160" width="150" height="100" />
      </g>
      <g fill="#ffffff" opacity="0.12">
        <path d="M340 118 L800 58 L1260 118 Z" />
        <rect x="352" y="118" width="896" height="14" />
        {columns.map((x) => (
          <rect key={x} x={x} y="136" width="18" height="92" />
        ))}
        <rect x="340" y="228" width="920" height="10" />
        <rect x="320" y="238" width="960" height="10" />
        <rect x="300" y="248" width="1000" height="12" />
        <rect x="797" y="8" width="4" height="52" />
      </g>
      <path d="M801 10 h40 l-6 8 l6 8 h-40 z" fill="#e53935" opacity="0.55" />
    </svg>
  );
}

export function AuthFrame({ title, children, intro = true }: { title: string; children: ReactNode; intro?: boolean }) {
  const { t } = useTranslation('login');
  const year = new Date().getFullYear();
  return (
    <div className="oa-auth">
      <div className="oa-auth-bg" aria-hidden="true" />
      <Skyline />
      <header className="oa-auth-top">
        <div className="oa-auth-brand" data-testid="login-title">
          <Emblem size={40} />
          <div>
            <div className="oa-auth-brand-title">{title}</div>
            <div className="oa-auth-brand-sub">{t('brandSub')}</div>
          </div>
        </div>
        <div className="oa-auth-lang">
          <LangSwitch showLabel />
        </div>
      </header>
      <div className="oa-auth-center">
        {intro && (
          <section className="oa-auth-intro">
            <h1 className="oa-auth-headline">{t('headline')}</h1>
            <p className="oa-auth-lead">{t('lead')}</p>
            <ul className="oa-auth-features">
              <li>
                <span className="oa-auth-feature-icon">
                  <AuditOutlined />
                </span>
                <span>
                  <b>{t('feature.doc')}</b>
                  <em>{t('feature.docDesc')}</em>
                </span>
              </li>
              <li>
                <span className="oa-auth-feature-icon">
                  <TeamOutlined />
                </span>
                <span>
                  <b>{t('feature.collab')}</b>
                  <em>{t('feature.collabDesc')}</em>
                </span>
              </li>
              <li>
                <span className="oa-auth-feature-icon">
                  <SafetyCertificateOutlined />
                </span>
                <span>
                  <b>{t('feature.secure')}</b>
                  <em>{t('feature.secureDesc')}</em>
                </span>
              </li>
            </ul>
          </section>
        )}
        <section className="oa-auth-card">{children}</section>
      </div>
      <footer className="oa-auth-footer">
        <span>{t('footer.copyright', { year })}</span>
        <span className="oa-auth-footer-sep">|</span>
        <span>{t('footer.browser')}</span>
      </footer>
    </div>
  );
}
