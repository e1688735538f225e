/**
 * Layout of standalone pages (SPEC §2.2): no menu, no header, no tabs; a slim brand bar on top with the shell's
 * logo text (SPEC §1: department name + OA).
 * Props: `children`, `centered` (vertically centred content, for exception pages).
 */
import type { ReactNode } from 'react';
import { Emblem } from '../components/Emblem';
import { useLogoText } from '../components/header/Logo';

export function BlankLayout({ children, centered = false }: { children: ReactNode; centered?: boolean }) {
  const title = useLogoText();
  return (
    <div className={centered ? 'oa-blank oa-blank-centered' : 'oa-blank'}>
      <header className="oa-blank-bar">
        <Emblem size={26} />
        <span className="oa-blank-title" data-testid="blank-title">
          {title}
        </span>
      </header>
      <main className="oa-blank-main">{children}</main>
    </div>
  );
}
