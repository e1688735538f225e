/**
 * The shell logo: the emblem and "<current department>OA" (SPEC §1), whole (a long name wraps in a smaller
 * size). Before the user is known — the standalone pages (login, exception, SSO, register) — the department
 * remembered from the login link (DepartmentName), else the system name. Props: `collapsed` (emblem only),
 * `className`.
 */
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { userAtom } from '../../stores/user';
import { readLoginBrand } from '../../utils/loginBrand';
import { Emblem } from '../Emblem';
import { CONSOLE_PATH } from '../../router/routeTable';

/** Logo texts longer than this (characters) take the smaller size. */
const LONG_LOGO = 9;

/** The logo text (SPEC §1: department name followed by "OA"; see the module comment for the fallbacks). */
export function useLogoText(): string {
  const { t } = useTranslation('common');
  const user = useAtomValue(userAtom);
  const dept = user?.dept || readLoginBrand().departmentName;
  return dept ? t('logoText', { dept }) : t('systemName');
}

/** The class of a logo text: `oa-logo-long` when it needs the smaller size. */
export function logoTextClass(text: string): string {
  return text.length > LONG_LOGO ? 'oa-logo-text oa-logo-long' : 'oa-logo-text';
}

export function Logo({ collapsed = false, className = '' }: { collapsed?: boolean; className?: string }) {
  const text = useLogoText();
  return (
    <Link to={CONSOLE_PATH} className={`oa-logo ${collapsed ? 'oa-logo-collapsed' : ''} ${className}`} data-testid="logo" title={text}>
      <Emblem size={30} />
      {!collapsed && (
        <span className={logoTextClass(text)} data-testid="logo-text">
          {text}
        </span>
      )}
    </Link>
  );
}
