/**
 * The front end of 系统设置 (SPEC §2.3 /setting/*), found by src/areas/clientModules.ts: registers the component of
 * its `custom` page `setting.holiday` 节假日设置 (./pages/HolidayPage: the 调休 schedule's state and import above the
 * engine's list of `setting.holiday`) in the engine's registry.
 */
import { customPageComponent, registerCustomPage } from '../../../../engine/renderers/registry';
import { HolidayPage } from './pages/HolidayPage';

// Module state survives hot reloads; register only what is missing.
if (!customPageComponent('setting.holiday')) registerCustomPage('setting.holiday', HolidayPage);
