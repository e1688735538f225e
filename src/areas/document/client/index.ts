/**
 * The front end of the 公文 area (SPEC §2.3 /document/*), found by src/areas/clientModules.ts: registers the
 * components its `custom` pages name, its form widgets and the optional panels of its approval pages in the
 * engine's registries.
 *
 * - custom pages: `document.signFor` 公文签收 (./pages/SignForList), `document.savePdf` 正式文件 PDF and DOCX
 *   (./pages/SavePdfPage), `document.stat` 公文统计 (./pages/DocumentStat), `document.search` 公文检索
 *   (./pages/DocumentSearch), `document.settings.general`, `.actions` and `.permissions`: the custom tabs of 公文设置
 *   (./pages/DocSettings), `document.authQuery` 授权查询 (./pages/DocAuthQuery);
 * - row dialogs of its declared work lists (公文督办 supervise.page.json, 收藏公文 scgw.page.json):
 *   `document.supervise` 督办 and `document.reassignSupervisor` 更换督办人 (./pages/DocSuperviseDialogs),
 *   `document.supervisionHistory` 督办记录 (./pages/DocSuperviseHistory), `document.unfavorite` 取消收藏
 *   (./pages/UnfavoriteDialog);
 * - widgets: `docMark` (发文字号 mark, ./widgets/DocMark), `docBody` (正文 with templates, ./widgets/DocBody);
 * - approval extras: `favorite` 收藏 star and `attachmentsZip` 附件打包下载 in the header, `related` 关联文件 beside
 *   the history (./pages/DocExtras), declared in schemas/document/area.json `approvalExtras`;
 * - console panel: `sign` 待签收 (./console/signForPanel).
 *
 * Pages, dialogs, widgets and approval extras load on first use (engine/renderers/lazyComponent.tsx): the console, which loads this module for
 * its panel, does not download them.
 */
import type { ComponentType } from 'react';
import {
  customPageComponent,
  hasApprovalExtra,
  hasConsolePanel,
  registerApprovalExtra,
  registerConsolePanel,
  registerCustomPage,
  registerRowDialog,
  rowDialogComponent,
  type PageKindProps,
  type RowDialogProps,
} from '../../../../engine/renderers/registry';
import { lazyComponent } from '../../../../engine/renderers/lazyComponent';
import { registerWidget, widgetOf, type FormWidget } from '../../../../widgets/registry';
import { signForPanel } from './console/signForPanel';

const PAGES: Record<string, ComponentType<PageKindProps>> = {
  'document.signFor': lazyComponent(() => import('./pages/SignForList').then((m) => m.SignForList)),
  'document.savePdf': lazyComponent(() => import('./pages/SavePdfPage').then((m) => m.SavePdfPage)),
  'document.stat': lazyComponent(() => import('./pages/DocumentStat').then((m) => m.DocumentStat)),
  'document.search': lazyComponent(() => import('./pages/DocumentSearch').then((m) => m.DocumentSearch)),
  'document.settings.general': lazyComponent(() => import('./pages/DocSettings').then((m) => m.DocGeneralSettings)),
  'document.settings.actions': lazyComponent(() => import('./pages/DocSettings').then((m) => m.DocActionSettings)),
  'document.settings.permissions': lazyComponent(() => import('./pages/DocSettings').then((m) => m.DocFieldPermissions)),
  'document.authQuery': lazyComponent(() => import('./pages/DocAuthQuery').then((m) => m.DocAuthQuery)),
};

const DIALOGS: Record<string, ComponentType<RowDialogProps>> = {
  'document.supervise': lazyComponent(() => import('./pages/DocSuperviseDialogs').then((m) => m.SuperviseDialog)),
  'document.reassignSupervisor': lazyComponent(() => import('./pages/DocSuperviseDialogs').then((m) => m.ReassignDialog)),
  'document.supervisionHistory': lazyComponent(() => import('./pages/DocSuperviseHistory').then((m) => m.HistoryDrawer)),
  'document.unfavorite': lazyComponent(() => import('./pages/UnfavoriteDialog').then((m) => m.UnfavoriteDialog)),
};

const WIDGETS: Record<string, FormWidget> = {
  docMark: lazyComponent(() => import('./widgets/DocMark').then((m) => m.DocMarkWidget)),
  docBody: lazyComponent(() => import('./widgets/DocBody').then((m) => m.DocBodyWidget)),
};

// Module state survives hot reloads; register only what is missing.
for (const [key, c] of Object.entries(PAGES)) if (!customPageComponent(key)) registerCustomPage(key, c);
for (const [key, d] of Object.entries(DIALOGS)) if (!rowDialogComponent(key)) registerRowDialog(key, d);
for (const [key, w] of Object.entries(WIDGETS)) if (!widgetOf(key)) registerWidget(key, w);
const FavoriteStar = lazyComponent(() => import('./pages/DocExtras').then((m) => m.FavoriteStar));
const AttachmentsZip = lazyComponent(() => import('./pages/DocExtras').then((m) => m.AttachmentsZip));
const RelatedPanel = lazyComponent(() => import('./pages/DocExtras').then((m) => m.RelatedPanel));
if (!hasApprovalExtra('favorite')) registerApprovalExtra('favorite', 'header', FavoriteStar);
if (!hasApprovalExtra('attachmentsZip')) registerApprovalExtra('attachmentsZip', 'header', AttachmentsZip);
if (!hasApprovalExtra('related')) registerApprovalExtra('related', 'side', RelatedPanel);
if (!hasConsolePanel(signForPanel.key)) registerConsolePanel(signForPanel);
