/**
 * 正文 templates of the demo organisation ("正文 … templates per 公文种类"; services/docTemplates.ts): one
 * common template for each of the commonly drafted kinds — 通知 (8), 请示 (11), 报告 (10), 函 (14), 意见 (7), 纪要 (15)
 * of dictionary document_type. The HTML is what the editor (tiptap) writes; the structure follows GB/T 9704-2012
 * 7.3.2–7.3.3 and 《党政机关公文处理工作条例》: opening (the 主送机关 line is the form's own element, printed above
 * the body), 结构层次 as h1 "一、" / h2 "（一）" (黑体 / 楷体
 * in the PDF), and the closing formula of the kind. "××" marks the words the drafter replaces.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../../../server/db/types.js';

/** A demo template: 公文种类 code, name and body HTML. */
export interface DemoTemplate {
  doc_type: string;
  name: string;
  body: string;
}

const p = (text: string) => `<p>${text}</p>`;
const h1 = (text: string) => `<h1>${text}</h1>`;
const h2 = (text: string) => `<h2>${text}</h2>`;

/** The demo templates, in display order. */
export const DEMO_TEMPLATES: DemoTemplate[] = [
  {
    doc_type: '8',
    name: '通知（部署工作）',
    body: [
      p('为贯彻落实××××精神，切实做好××××工作，经市政府同意，现就有关事项通知如下：'),
      h1('一、总体要求'),
      p('坚持××××，以××××为目标，统筹推进××××，确保各项任务按期完成。'),
      h1('二、主要任务'),
      h2('（一）××××。'),
      p('各区、各部门要结合实际，制定具体实施方案，明确责任分工和完成时限。'),
      h2('（二）××××。'),
      p('加强部门协同，建立工作台账，定期调度推进情况。'),
      h1('三、工作要求'),
      p('各区、各部门要高度重视，主要负责同志亲自部署、亲自推动。工作进展情况请于×月×日前报市政府办公室。'),
      p('特此通知。'),
    ].join(''),
  },
  {
    doc_type: '11',
    name: '请示（事项审批）',
    body: [
      p('为××××，根据《××××》有关规定，我单位拟××××。现将有关情况请示如下：'),
      h1('一、基本情况'),
      p('××××（简述事项背景、现状和存在的问题）。'),
      h1('二、请示事项'),
      p('拟××××，所需经费××万元，从××××中列支。'),
      h1('三、理由和依据'),
      p('××××（说明必要性、可行性及政策依据）。'),
      p('妥否，请批示。'),
    ].join(''),
  },
  {
    doc_type: '10',
    name: '报告（工作情况）',
    body: [
      p('根据××××要求，我单位认真开展××××工作，现将有关情况报告如下：'),
      h1('一、工作开展情况'),
      h2('（一）××××。'),
      p('××××（列明主要做法、完成的任务和取得的成效）。'),
      h2('（二）××××。'),
      p('××××。'),
      h1('二、存在的问题'),
      p('××××（客观分析问题及原因）。'),
      h1('三、下一步工作安排'),
      p('××××（提出改进措施和工作计划）。'),
      p('特此报告。'),
    ].join(''),
  },
  {
    doc_type: '14',
    name: '函（商洽事宜）',
    body: [
      p('为××××，经研究，拟与贵单位就××××事宜进行商洽。现将有关事项函告如下：'),
      h1('一、××××'),
      p('××××。'),
      h1('二、××××'),
      p('××××。'),
      p('联系人：××，联系电话：××××××××。'),
      p('特此函告。'),
    ].join(''),
  },
  {
    doc_type: '7',
    name: '意见（指导工作）',
    body: [
      p('为进一步××××，推动××××高质量发展，经市政府同意，现提出如下意见。'),
      h1('一、指导思想'),
      p('以××××为指导，坚持××××，着力××××。'),
      h1('二、基本原则'),
      p('坚持问题导向、统筹推进、分类施策、务求实效。'),
      h1('三、重点任务'),
      h2('（一）××××。'),
      p('××××。'),
      h2('（二）××××。'),
      p('××××。'),
      h1('四、保障措施'),
      p('加强组织领导，强化督促检查，将落实情况纳入年度绩效考核。'),
      p('各区、各部门要结合实际认真贯彻落实。'),
    ].join(''),
  },
  {
    doc_type: '15',
    name: '纪要（会议纪要）',
    body: [
      h1('一、关于××××的问题'),
      p('会议听取了××××关于××××的汇报。会议认为，××××。会议要求，××××。'),
      h1('二、关于××××的问题'),
      p('会议原则同意××××，由××××牵头，××××配合，于×月×日前完成。'),
      p('出席：××、××、××。'),
      p('列席：××、××。'),
    ].join(''),
  },
];

/** Inserts DEMO_TEMPLATES as common templates (unit_id null), sorted in their order. */
export async function seedDocTemplates(trx: Transaction<DB>, t: number): Promise<void> {
  await trx
    .insertInto('doc_body_templates')
    .values(
      DEMO_TEMPLATES.map((d, i) => ({
        doc_type: d.doc_type,
        name: d.name,
        body: d.body,
        unit_id: null,
        sort: (i + 1) * 10,
        status: 1,
        created_by: null,
        created_at: t,
        updated_at: t,
      })),
    )
    .execute();
}
