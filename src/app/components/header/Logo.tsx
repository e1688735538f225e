/**
 * The shell logo: the emblem and "<current department>OA" (SPEC §1), or the system name before the user
 * is known. Props: `collapsed` (emblem only), `className`.
 */
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { userAtom } from '../../stores/user';
import { Emblem } from '../Emblem';
import { CONSOLE_PATH } from '../../router/routeTable';

/** The logo text of a department (SPEC §1: department name followed by "OA"). */
export function useLogoText(): string {
  const { t } = useTranslation('common');
  const user = useAtomValue(userAtom);
  return user?.dept ? t('logoText', { dept: user.dept }) : t('systemName');
}

export function Logo({ collapsed = false, className = '' }: { collapsed?: boolean; className?: string }) {
  const text = useLogoText();
  return (
    <Link to={CONSOLE_PATH} className={`oa-logo ${collapsed ? 'oa-logo-collapsed' : ''} ${className}`} data-testid="logo" title={text}>
      <Emblem size={30} />
      {!collapsed && <span className="oa-logo-text">{text}</span>}
    </Link>
  );
}
