/**
 * The server side of 枚举管理 (SPEC §2.3 /codes/index, §7 "codes"), found and loaded by src/server/areas.ts: the
 * `codes` calls (./api.ts) and the dictionaries administration as overlay revisions (./service.ts). Reading a
 * dictionary's items is the platform's (src/server/services/dicts.ts).
 */
import type { AreaServer } from '../../../server/areas.js';
import { register } from './api.js';

const area: AreaServer = { register };

export default area;
