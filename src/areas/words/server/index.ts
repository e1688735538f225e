/**
 * The server side of 常用语 (SPEC §7 "System, codes and words"), found and loaded by src/server/areas.ts: the
 * `Words` calls beyond the generic entity API of `words.word` (./api.ts). The approval page's opinion box reads
 * them (engine/renderers/approval/words.ts).
 */
import type { AreaServer } from '../../../server/areas.js';
import { register } from './api.js';

const area: AreaServer = { register };

export default area;
