/**
 * The front end of 系统设置 (SPEC §2.3 /setting/*), found by src/areas/clientModules.ts: registers the component of
 * its `custom` page `setting.holiday` 节假日设置 (./pages/HolidayPage: the 调休 schedule's state and import above the
 * engine's list of `setting.holiday`) in the engine's registry.
 */
import { customPageComponent, registerCustomPage, type PageKindProps } from '../../../../engine/renderers/registry';
import { lazyComponent } from '../../../../engine/renderers/lazyComponent';

const HolidayPage = lazyComponent<PageKindProps>(() => import('./pages/HolidayPage').then((m) => m.HolidayPage));

// Module state survives hot reloads; register only what is missing.
if (!customPageComponent('setting.holiday')) registerCustomPage('setting.holiday', HolidayPage);
