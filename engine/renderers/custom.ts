/**
 * The components of `custom` pages (engine/renderers/CustomPage.tsx), registered once by key — the flow
 * pages of issue 4 (SPEC §2.3 /affair/*, /flow/*), written for any area's flows:
 * - `flow.print`: 阅办单 of an instance (./flowpages/PrintSheet);
 * - `flow.log`: 流程日志 of the instances one took part in (./flowpages/FlowLogPage);
 * - `flow.body`: the 正文 editor (./flowpages/BodyPage);
 * - `flow.settings`: 委托 and 常用语 (./flowpages/SettingsPage);
 * - `flow.tree`: 发起申请 (./flowpages/FlowTreePage);
 * - `flow.diagram`: a flow's or an instance's chart (./flowpages/FlowChartPage);
 * - `document.signFor`: 公文签收 and one sign-for item (./flowpages/SignForList);
 * - `document.savePdf`: 正式文件 of a 发文, PDF and DOCX (./flowpages/SavePdfPage);
 * - `document.stat`: 公文统计 with charts (./flowpages/DocumentStat);
 * - `document.favorites`: 收藏公文 (./flowpages/FavoriteList);
 * - `document.search`: 公文检索 (./flowpages/DocumentSearch);
 * - `document.settings`: 公文设置 (./flowpages/DocSettings);
 * - `document.authQuery`: 授权查询 (./flowpages/DocAuthQuery);
 * - `document.supervise`: 公文督办 (./flowpages/DocSupervise).
 */
import { customPageComponent, registerCustomPage, type PageKindProps } from './registry';
import type { ComponentType } from 'react';
import { PrintSheet } from './flowpages/PrintSheet';
import { FlowLogPage } from './flowpages/FlowLogPage';
import { BodyPage } from './flowpages/BodyPage';
import { SettingsPage } from './flowpages/SettingsPage';
import { FlowTreePage } from './flowpages/FlowTreePage';
import { FlowChartPage } from './flowpages/FlowChartPage';
import { SignForList } from './flowpages/SignForList';
import { SavePdfPage } from './flowpages/SavePdfPage';
import { DocumentStat } from './flowpages/DocumentStat';
import { FavoriteList } from './flowpages/FavoriteList';
import { DocumentSearch } from './flowpages/DocumentSearch';
import { DocSettings } from './flowpages/DocSettings';
import { DocAuthQuery } from './flowpages/DocAuthQuery';
import { DocSupervise } from './flowpages/DocSupervise';

const COMPONENTS: Record<string, ComponentType<PageKindProps>> = {
  'flow.print': PrintSheet,
  'flow.log': FlowLogPage,
  'flow.body': BodyPage,
  'flow.settings': SettingsPage,
  'flow.tree': FlowTreePage,
  'flow.diagram': FlowChartPage,
  'document.signFor': SignForList,
  'document.savePdf': SavePdfPage,
  'document.stat': DocumentStat,
  'document.favorites': FavoriteList,
  'document.search': DocumentSearch,
  'document.settings': DocSettings,
  'document.authQuery': DocAuthQuery,
  'document.supervise': DocSupervise,
};

// Module state survives hot reloads; register only what is missing.
for (const [key, c] of Object.entries(COMPONENTS)) if (!customPageComponent(key)) registerCustomPage(key, c);
