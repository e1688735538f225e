/**
 * Layout of standalone pages (SPEC §2.2): no menu, no header, no tabs; a slim brand bar on top.
 * Props: `children`, `centered` (vertically centred content, for exception pages).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Emblem } from '../components/Emblem';

export function BlankLayout({ children, centered = false }: { children: ReactNode; centered?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div className={centered ? 'oa-blank oa-blank-centered' : 'oa-blank'}>
      <header className="oa-blank-bar">
        <Emblem size={26} />
        <span className="oa-blank-title">{t('systemName')}</span>
      </header>
      <main className="oa-blank-main">{children}</main>
    </div>
  );
}
