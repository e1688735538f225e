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
import { registerWidget, widgetOf, type FormWidget } from '../../../../widgets/registry';
import { SignForList } from './pages/SignForList';
import { SavePdfPage } from './pages/SavePdfPage';
import { DocumentStat } from './pages/DocumentStat';
import { DocumentSearch } from './pages/DocumentSearch';
import { DocActionSettings, DocFieldPermissions, DocGeneralSettings } from './pages/DocSettings';
import { DocAuthQuery } from './pages/DocAuthQuery';
import { ReassignDialog, SuperviseDialog } from './pages/DocSuperviseDialogs';
import { HistoryDrawer } from './pages/DocSuperviseHistory';
import { UnfavoriteDialog } from './pages/UnfavoriteDialog';
import { AttachmentsZip, FavoriteStar, RelatedPanel } from './pages/DocExtras';
import { DocMarkWidget } from './widgets/DocMark';
import { DocBodyWidget } from './widgets/DocBody';
import { signForPanel } from './console/signForPanel';

const PAGES: Record<string, ComponentType<PageKindProps>> = {
  'document.signFor': SignForList,
  'document.savePdf': SavePdfPage,
  'document.stat': DocumentStat,
  'document.search': DocumentSearch,
  'document.settings.general': DocGeneralSettings,
  'document.settings.actions': DocActionSettings,
  'document.settings.permissions': DocFieldPermissions,
  'document.authQuery': DocAuthQuery,
};

const DIALOGS: Record<string, ComponentType<RowDialogProps>> = {
  'document.supervise': SuperviseDialog,
  'document.reassignSupervisor': ReassignDialog,
  'document.supervisionHistory': HistoryDrawer,
  'document.unfavorite': UnfavoriteDialog,
};

const WIDGETS: Record<string, FormWidget> = {
  docMark: DocMarkWidget,
  docBody: DocBodyWidget,
};

// Module state survives hot reloads; register only what is missing.
for (const [key, c] of Object.entries(PAGES)) if (!customPageComponent(key)) registerCustomPage(key, c);
for (const [key, d] of Object.entries(DIALOGS)) if (!rowDialogComponent(key)) registerRowDialog(key, d);
for (const [key, w] of Object.entries(WIDGETS)) if (!widgetOf(key)) registerWidget(key, w);
if (!hasApprovalExtra('favorite')) registerApprovalExtra('favorite', 'header', FavoriteStar);
if (!hasApprovalExtra('attachmentsZip')) registerApprovalExtra('attachmentsZip', 'header', AttachmentsZip);
if (!hasApprovalExtra('related')) registerApprovalExtra('related', 'side', RelatedPanel);
if (!hasConsolePanel(signForPanel.key)) registerConsolePanel(signForPanel);
