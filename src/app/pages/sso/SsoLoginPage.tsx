/** /ssologin?appid=&secret=&unionid= → Login/ssoindex (SPEC §2.2, §7). */
import { api } from '../../services/api';
import { SsoFrame } from './SsoFrame';

const call = (q: URLSearchParams) => {
  const appid = q.get('appid');
  const secret = q.get('secret');
  const unionid = q.get('unionid');
  return appid && secret && unionid ? api.ssoLogin(appid, secret, unionid) : null;
};

export default function SsoLoginPage() {
  return <SsoFrame call={call} />;
}
