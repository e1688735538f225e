/** /ussologin?info= → Login/usso (SPEC §2.2, §7). */
import { api } from '../../services/api';
import { SsoFrame } from './SsoFrame';

const call = (q: URLSearchParams) => {
  const info = q.get('info');
  return info ? api.usso(info) : null;
};

export default function UssoLoginPage() {
  return <SsoFrame call={call} />;
}
