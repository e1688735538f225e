/**
 * The shell logo: the emblem and "<current department>OA" (SPEC §1), whole (a long name wraps in a smaller
 * size). Before the user is known — the standalone pages (login, exception, SSO, register) — the department
 * remembered from the login link (DepartmentName), else the one the shell last showed, else the system name. Props: `collapsed` (emblem only),
 * `className`.
 */
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { userAtom } from '../../stores/user';
import { readLoginBrand } from '../../utils/loginBrand';
import { Emblem } from '../Emblem';
import { CONSOLE_PATH } from '../../router/routeTable';

/** Logo texts longer than this (characters) take the smaller size. */
const LONG_LOGO = 9;

/** localStorage key of the department the shell last showed (the standalone pages show it before sign-in). */
const LAST_DEPT_KEY = 'oa_logo_dept';

function lastDept(): string {
  try {
    return localStorage.getItem(LAST_DEPT_KEY) ?? '';
  } catch {
    return '';
  }
}

/** The logo text (SPEC §1: department name followed by "OA"; see the module comment for the fallbacks). */
export function useLogoText(): string {
  const { t } = useTranslation('common');
  const user = useAtomValue(userAtom);
  useEffect(() => {
    try {
      if (user?.dept) localStorage.setItem(LAST_DEPT_KEY, user.dept);
    } catch {
      /* storage unavailable: the fallbacks still apply */
    }
  }, [user?.dept]);
  const dept = user?.dept || readLoginBrand().departmentName || lastDept();
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
