/**
 * The 公文 of the demo organisation (./content.ts seeds them): 发文 of the 市政府办公室 drafted by 张伟 (秘书科) at
 * every step of document.send — a draft, one returned to him, 待办 of 李娜 (部门核稿), 周明远 (办公室核稿), 周杰
 * (会签), 陈静 (签发), 王芳 (编号), and finished ones numbered and distributed to the units, whose 收发员 find them
 * waiting for 签收 — and 收文 registered by 王芳 (文电科) at 拟办, 批示 and 承办 (张伟) and one finished.
 * Records are in the demo file format of src/server/engine/demoData.ts; `markId` is the 京政办发 mark.
 */
import type { DemoFile, DemoRecord, DemoStep } from '../../../../server/engine/demoData.js';

const OFFICE = '市政府办公室';

/** The 发文 waiting for 签发 that 周明远 supervises (督办). */
export const SUPERVISED_TITLE = '关于印发《市人民政府工作规则》的通知';
const SECRETARIAT = `${OFFICE}/秘书科`;

/** A 发文 of 张伟 with its 正文 paragraphs and the steps it went through. */
function send(
  title: string,
  docType: string,
  paragraphs: string[],
  flow: { draft?: boolean; steps?: DemoStep[] },
  extra: Record<string, unknown> = {},
): DemoRecord {
  return {
    as: 'zhangwei',
    data: {
      title,
      docType,
      secretLevel: '0',
      urgency: '0',
      draftDept: { $dept: SECRETARIAT },
      issuerOrg: '市人民政府办公室',
      body: paragraphs.map((p) => `<p>${p}</p>`).join(''),
      ...extra,
    },
    flow: { id: 'document.send', ...flow },
  };
}

/** The first `upTo` steps of a 发文: 部门核稿, 办公室核稿, 会签 (with `countersign`), 签发, 编号, 用印, 分发. */
function sendSteps(upTo: number, markId: number, mainTo: string[], opts: { countersign?: string[]; docDate?: number } = {}): DemoStep[] {
  const all: DemoStep[] = [
    { as: 'lina', type: 'approve', opinion: '核稿无误，请周主任审核。' },
    {
      as: 'demo',
      type: 'approve',
      opinion: opts.countersign ? '请有关部门会签后报陈静秘书长签发。' : '同意，请陈静秘书长签发。',
      data: {
        issuerUser: { $user: 'chenjing' },
        markId,
        mainTo: mainTo.map(($dept) => ({ $dept })),
        ...(opts.countersign ? { countersignDepts: opts.countersign.map(($dept) => ({ $dept })) } : {}),
      },
    },
    ...(opts.countersign ? [{ as: 'zhoujie', type: 'approve', opinion: '会签同意。' }] : []),
    { as: 'chenjing', type: 'approve', opinion: '同意印发。', data: { docDate: { $date: opts.docDate ?? 0 } } },
    { as: 'wangfang', type: 'approve', opinion: '已编号。' },
    { as: 'wangfang', type: 'approve', opinion: '已用印。' },
    { as: 'wangfang', type: 'approve', opinion: '已分发。' },
  ];
  return all.slice(0, upTo);
}

/** The 发文 of the demo (see the module comment). */
export function sendDemo(markId: number): DemoFile {
  const units = ['市财政局', '市教育局', '市发展和改革委员会'];
  return {
    entity: 'document.send',
    records: [
      send('关于印发《市政府办公室2027年工作要点》的通知', '8', ['各科室：', '现将《市政府办公室2027年工作要点》印发给你们，请结合实际认真抓好落实。'], {
        draft: true,
      }),
      send(
        '关于申请调整市政府常务会议议题申报时限的函',
        '14',
        ['市政府办公室各科室：', '为提高会议议题准备质量，拟将常务会议议题申报时限由会前5个工作日调整为会前7个工作日。'],
        {
          steps: [{ as: 'lina', type: 'return', target: 'initiator', opinion: '请补充调整依据后重新报送。' }],
        },
      ),
      send(
        '关于进一步加强政务值班工作的通知',
        '8',
        ['各县区人民政府，市政府各部门：', '为切实做好节假日期间政务值班和突发事件信息报送工作，现就有关事项通知如下。'],
        { steps: sendSteps(0, markId, units) },
      ),
      send('关于开展2026年度机关档案工作检查的通知', '8', ['市政府各部门：', '根据《机关档案管理规定》，市政府办公室定于下月开展年度机关档案工作检查。'], {
        steps: sendSteps(0, markId, units),
      }),
      send(
        '关于做好2027年元旦春节期间有关工作的通知',
        '8',
        ['各县区人民政府，市政府各部门：', '2027年元旦、春节将至，为确保全市人民群众度过欢乐祥和的节日，现就有关工作通知如下。'],
        { steps: sendSteps(1, markId, units) },
      ),
      send(
        '关于印发《市政府重点工作督查督办办法》的通知',
        '8',
        ['市政府各部门：', '《市政府重点工作督查督办办法》已经市政府同意，现印发给你们，请认真贯彻执行。'],
        { steps: sendSteps(1, markId, units) },
      ),
      send(
        '关于推进政务服务“高效办成一件事”的实施意见',
        '7',
        ['各县区人民政府，市政府各部门：', '为深入推进政务服务“高效办成一件事”，提升企业和群众办事便利度，提出如下实施意见。'],
        {
          steps: sendSteps(2, markId, units, { countersign: ['市财政局'] }),
        },
      ),
      send(SUPERVISED_TITLE, '8', ['市政府各部门：', '《市人民政府工作规则》已经市政府第十一次常务会议审议通过，现印发给你们，请遵照执行。'], {
        steps: sendSteps(2, markId, units),
      }),
      send(
        '关于公布市政府部门权责清单调整事项的通知',
        '8',
        ['各县区人民政府，市政府各部门：', '根据机构职能调整情况，市政府对部门权责清单进行了动态调整，现予公布。'],
        { steps: sendSteps(3, markId, units) },
      ),
      send(
        '关于做好今冬明春安全生产工作的通知',
        '8',
        ['各县区人民政府，市政府各部门：', '当前已进入冬季，安全生产形势复杂严峻，为切实做好今冬明春安全生产工作，现通知如下。'],
        { steps: sendSteps(6, markId, units.slice(0, 2), { docDate: -6 }) },
      ),
      send(
        '关于做好2026年度政府信息公开工作年度报告编制发布工作的通知',
        '8',
        ['市政府各部门：', '根据《中华人民共和国政府信息公开条例》，现就2026年度政府信息公开工作年度报告编制发布工作通知如下。'],
        {
          steps: sendSteps(6, markId, units, { docDate: -3 }),
        },
      ),
    ],
  };
}

/** A 收文 of the 省政府 registered by 王芳 (文电科) and the steps it went through. */
function receive(title: string, fromNumber: string, receivedDays: number, deadlineDays: number, steps: DemoStep[]): DemoRecord {
  return {
    as: 'wangfang',
    data: {
      title,
      docType: '8',
      secretLevel: '0',
      urgency: '0',
      fromOrg: '省人民政府办公厅',
      fromNumber,
      receivedDate: { $date: receivedDays },
      deadline: { $date: deadlineDays },
    },
    flow: { id: 'document.receive', steps },
  };
}

/** The 收文 steps through 拟办 (李娜 主办 or the given host), 批示 and 承办. */
function receiveSteps(upTo: number, host: string): DemoStep[] {
  const all: DemoStep[] = [
    { as: 'wangfang', type: 'approve', opinion: '已登记。' },
    {
      as: 'demo',
      type: 'approve',
      opinion: '拟请刘洋副主任阅示，秘书科牵头办理。',
      data: {
        proposal: '建议由秘书科牵头办理，有关科室配合。',
        instructLeader: { $user: 'liuyang' },
        hostUsers: [{ $user: host }],
        readers: [{ $user: 'lina' }],
      },
    },
    { as: 'liuyang', type: 'approve', opinion: '同意拟办意见，请秘书科抓紧办理。', data: { instruction: '请秘书科抓紧办理，按期报送。' } },
    { as: host, type: 'approve', opinion: '已按要求办理。', data: { result: '已按要求报送有关材料。' } },
    { as: host, type: 'approve', opinion: '办结。', data: { result: '已办结。' } },
  ];
  return all.slice(0, upTo);
}

/** The 收文 of the demo (see the module comment). */
export function receiveDemo(): DemoFile {
  return {
    entity: 'document.receive',
    records: [
      receive('关于做好2027年度政务公开工作的通知', '省政办发〔2026〕58号', -1, 14, receiveSteps(1, 'zhangwei')),
      receive('关于开展全省政务服务效能提升专项行动的通知', '省政办发〔2026〕55号', -3, 10, receiveSteps(2, 'zhangwei')),
      receive('关于报送2026年度重点工作完成情况的通知', '省政办函〔2026〕121号', -5, 5, receiveSteps(3, 'zhangwei')),
      receive('关于做好岁末年初重要节点值班值守工作的通知', '省政办明电〔2026〕19号', -10, -3, receiveSteps(5, 'zhangwei')),
    ],
  };
}
