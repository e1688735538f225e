/**
 * The server side of 应用管理 (SPEC §2.3 /apps/index), found and loaded by src/server/areas.ts: the `apps` calls
 * over the connected SSO apps (./api.ts). Signing in through an app (Login/ssoindex) is the platform's
 * (src/server/services/sso.ts).
 */
import type { AreaServer } from '../../../server/areas.js';
import { register } from './api.js';

const area: AreaServer = { register };

export default area;
