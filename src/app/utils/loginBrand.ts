/**
 * The login title remembered from the login query values DepartmentName and titleId (SPEC §2.1, §3
 * "Local storage": login_DepartmentName, login_titleId).
 */
export const LOGIN_DEPARTMENT_KEY = 'login_DepartmentName';
export const LOGIN_TITLE_ID_KEY = 'login_titleId';

/** The remembered department name and title id (empty strings when unset). */
export function readLoginBrand(): { departmentName: string; titleId: string } {
  try {
    return {
      departmentName: localStorage.getItem(LOGIN_DEPARTMENT_KEY) ?? '',
      titleId: localStorage.getItem(LOGIN_TITLE_ID_KEY) ?? '',
    };
  } catch {
    return { departmentName: '', titleId: '' };
  }
}

/** Remembers the values present in the login query (absent values leave the stored ones alone). */
export function rememberLoginBrand(query: URLSearchParams): void {
  try {
    const dn = query.get('DepartmentName');
    const tid = query.get('titleId');
    if (dn !== null) localStorage.setItem(LOGIN_DEPARTMENT_KEY, dn);
    if (tid !== null) localStorage.setItem(LOGIN_TITLE_ID_KEY, tid);
  } catch {
    /* storage unavailable */
  }
}

/** The login path carrying the stored titleId and DepartmentName, if set (SPEC §4 "Logout"). */
export function loginPathWithBrand(): string {
  const { departmentName, titleId } = readLoginBrand();
  const q = new URLSearchParams();
  if (titleId) q.set('titleId', titleId);
  if (departmentName) q.set('DepartmentName', departmentName);
  const s = q.toString();
  return s ? `/login?${s}` : '/login';
}
