/**
 * A password strength meter (SPEC §5 strength rule: ≥ 8 characters with upper case, lower case and a digit).
 * Props: `password`.
 */
import { useTranslation } from 'react-i18next';
import { isStrongPassword } from '@shared/constants';

/** Strength level 0 (empty) … 3 (strong, meets SPEC §5). */
export function passwordLevel(pw: string): 0 | 1 | 2 | 3 {
  if (!pw) return 0;
  if (isStrongPassword(pw)) return 3;
  const classes = [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z0-9]/].filter((r) => r.test(pw)).length;
  return pw.length >= 8 && classes >= 2 ? 2 : 1;
}

const NAMES = ['', 'weak', 'medium', 'strong'] as const;

export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation('setting');
  const level = passwordLevel(password);
  return (
    <div className={`oa-strength oa-strength-${level}`} data-testid="password-strength" data-level={level}>
      <span className="oa-strength-bars">
        <i />
        <i />
        <i />
      </span>
      <span className="oa-strength-text">{level ? t(`password.level.${NAMES[level]}`) : t('password.rule')}</span>
    </div>
  );
}
