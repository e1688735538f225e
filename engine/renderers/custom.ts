/**
 * The components of `custom` pages (engine/renderers/CustomPage.tsx), registered once by key — the flow
 * pages (SPEC §2.3 /affair/*, /flow/*), written for any area's flows (an area's own components are
 * registered by its module, src/areas/<area>/client):
 * - `flow.print`: 阅办单 of an instance (./flowpages/PrintSheet);
 * - `flow.log`: 流程日志 of the instances one took part in (./flowpages/FlowLogPage);
 * - `flow.body`: the 正文 editor (./flowpages/BodyPage);
 * - `flow.settings`: 委托 and 常用语 (./flowpages/SettingsPage);
 * - `flow.tree`: 发起申请 (./flowpages/FlowTreePage);
 * - `flow.diagram`: a flow's or an instance's chart (./flowpages/FlowChartPage);
 */
import { customPageComponent, registerCustomPage, type PageKindProps } from './registry';
import type { ComponentType } from 'react';
import { PrintSheet } from './flowpages/PrintSheet';
import { FlowLogPage } from './flowpages/FlowLogPage';
import { BodyPage } from './flowpages/BodyPage';
import { SettingsPage } from './flowpages/SettingsPage';
import { FlowTreePage } from './flowpages/FlowTreePage';
import { FlowChartPage } from './flowpages/FlowChartPage';

const COMPONENTS: Record<string, ComponentType<PageKindProps>> = {
  'flow.print': PrintSheet,
  'flow.log': FlowLogPage,
  'flow.body': BodyPage,
  'flow.settings': SettingsPage,
  'flow.tree': FlowTreePage,
  'flow.diagram': FlowChartPage,
};

// Module state survives hot reloads; register only what is missing.
for (const [key, c] of Object.entries(COMPONENTS)) if (!customPageComponent(key)) registerCustomPage(key, c);
