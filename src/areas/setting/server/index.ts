/**
 * The server side of 系统设置 (SPEC §2.3 /setting/index, /setting/holiday, /organization/systemmanage), found and
 * loaded by src/server/areas.ts: the `systemmanage` calls over the system settings (./api/systemmanage.ts) and the
 * 调休 schedule import of /setting/holiday (./api/holiday.ts). The settings themselves (services/settings.ts, read
 * by sessions and the engine) and the organisation's calendar with holiday/status (src/server/api/holiday, read
 * by the engine's deadlines and the console) stay the platform's.
 */
import type { AreaServer } from '../../../server/areas.js';
import { register as registerSystemManage } from './api/systemmanage.js';
import { register as registerHolidayImport } from './api/holiday.js';

const area: AreaServer = {
  register(app) {
    registerSystemManage(app);
    registerHolidayImport(app);
  },
};

export default area;
