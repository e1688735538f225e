/**
 * The text of generated test documents (/debug/index): titles from the templates of the 公文种类
 * (关于…的通知 / 请示 / 报告 / 函 / 意见 …, 《党政机关公文处理工作条例》 第八条) over real-sounding subjects, and
 * 正文 of a few paragraphs in the register of government documents. Test data only (zh-CN, the language of
 * record of official documents), never shown as UI text. Deterministic for a given random source.
 */

/** A random source: an integer in [0, n). */
export type Rnd = (n: number) => number;

/** A seeded PRNG (mulberry32): the same `seed` gives the same sequence; answers Rnd. */
export function seededRnd(seed: number): Rnd {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** One element of `list`. */
export const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[rnd(list.length)];

/** Subjects of documents (the … of 关于…的通知). */
const SUBJECTS = [
  '做好元旦春节期间安全生产工作',
  '开展冬季消防安全大检查',
  '印发2026年政务公开工作要点',
  '进一步加强城市道路交通安全管理',
  '做好防汛抗旱准备工作',
  '开展重点行业领域安全隐患排查整治',
  '加强政务信息报送工作',
  '调整市政府部分议事协调机构',
  '推进政务服务“一网通办”',
  '做好高校毕业生就业创业工作',
  '加快推进老旧小区改造',
  '加强森林防火工作',
  '开展营商环境专项评估',
  '做好2026年度财政预算执行',
  '规范公务接待管理',
  '开展节能宣传周活动',
  '加强义务教育阶段学校管理',
  '做好冬春季疫病防控工作',
  '推进垃圾分类工作',
  '加强食品安全监管',
  '开展政府网站与政务新媒体检查',
  '做好农民工工资支付保障工作',
  '推进数字政府建设',
  '加强耕地保护和粮食安全',
  '开展安全生产月活动',
  '做好重大活动期间值班值守',
  '加强审计整改工作',
  '开展保密自查自评',
  '完善基层应急管理体系',
  '推动中小企业高质量发展',
  '做好城市供暖保障工作',
  '加强文物保护利用',
  '开展全民健身活动',
  '规范行政执法行为',
  '做好人口普查数据开发应用',
  '加强社会救助工作',
  '推进农村人居环境整治',
  '做好招商引资项目服务保障',
  '加强国有资产管理',
  '开展机关作风建设专项行动',
];

/** What is asked for in a 请示 (关于…的请示). */
const REQUESTS = [
  '申请追加专项经费',
  '召开全市安全生产工作会议',
  '购置应急指挥通信设备',
  '调整机构编制',
  '举办城市发展论坛',
  '设立政务服务分中心',
  '增补防汛物资储备',
  '开展干部专题培训',
];

/** Receivers of a 函 (关于商请…的函). */
const LETTERS = ['商请协助开展联合执法检查', '商请提供有关统计数据', '商请派员参加专项督查', '征求对有关规划意见', '商请支持项目用地'];

/** 公文种类 (dict document_type) used by the generator, with weights (per cent) and title templates. */
export const KINDS: { code: string; weight: number; title: (rnd: Rnd) => string }[] = [
  { code: '8', weight: 45, title: (rnd) => `关于${pick(rnd, SUBJECTS)}的通知` },
  { code: '11', weight: 15, title: (rnd) => `关于${pick(rnd, REQUESTS)}的请示` },
  { code: '10', weight: 12, title: (rnd) => `关于${pick(rnd, SUBJECTS)}情况的报告` },
  { code: '14', weight: 12, title: (rnd) => `关于${pick(rnd, LETTERS)}的函` },
  { code: '7', weight: 8, title: (rnd) => `关于${pick(rnd, SUBJECTS)}的实施意见` },
  { code: '9', weight: 5, title: (rnd) => `关于${pick(rnd, SUBJECTS)}情况的通报` },
  { code: '15', weight: 3, title: (rnd) => `市政府第${1 + rnd(60)}次常务会议纪要` },
];

/** One entry of `table` drawn by its weights. */
export function weighted<T extends { weight: number }>(rnd: Rnd, table: readonly T[]): T {
  const total = table.reduce((a, x) => a + x.weight, 0);
  let r = rnd(total);
  for (const x of table) if ((r -= x.weight) < 0) return x;
  return table[0];
}

const OPENINGS = [
  '为深入贯彻落实党中央、国务院和市委、市政府决策部署，切实做好相关工作，经市政府同意，现就有关事项通知如下。',
  '根据上级有关文件精神，结合我市实际，现将有关事项通知如下。',
  '为进一步提高工作质量和效率，推动各项任务落地见效，现提出如下意见。',
  '按照年度工作安排，我单位认真组织开展了相关工作，现将有关情况报告如下。',
];
const POINTS = [
  '一、提高思想认识。各地区、各部门要充分认识做好此项工作的重要性和紧迫性，切实加强组织领导，明确责任分工，确保各项措施落实到位。',
  '二、突出工作重点。要聚焦重点领域和关键环节，全面排查风险隐患，建立问题清单、责任清单和整改清单，实行销号管理。',
  '三、强化统筹协调。各牵头部门要加强与有关单位的沟通配合，形成工作合力，重大事项及时向市政府报告。',
  '四、加强督促检查。市政府办公室将会同有关部门适时开展督查，对工作推进不力的单位予以通报。',
  '五、做好信息报送。请各单位明确一名联络员，于每月5日前将工作进展情况报送市政府办公室。',
  '六、严格值班值守。节假日和重要时段要严格落实领导带班和24小时值班制度，确保信息畅通。',
];
const CLOSINGS = ['特此通知。', '妥否，请批示。', '特此报告。', '请予支持为盼。', '以上意见，请认真贯彻执行。'];

/** 正文 HTML of a few paragraphs (opening, two to four points, closing), as the editor stores it. */
export function body(rnd: Rnd, kindCode: string): string {
  const start = rnd(POINTS.length);
  const n = 2 + rnd(3);
  const points = Array.from({ length: n }, (_, i) => POINTS[(start + i) % POINTS.length]);
  const closing =
    kindCode === '11' ? CLOSINGS[1] : kindCode === '10' ? CLOSINGS[2] : kindCode === '14' ? CLOSINGS[3] : kindCode === '7' ? CLOSINGS[4] : CLOSINGS[0];
  return [`<p>各有关单位：</p>`, `<p>${pick(rnd, OPENINGS)}</p>`, ...points.map((p) => `<p>${p}</p>`), `<p>${closing}</p>`].join('');
}

/** Opinions (审批意见) of each step of the 发文 and 收文 flows, by node id; anything else: DEFAULT_OPINIONS. */
export const OPINIONS: Record<string, readonly string[]> = {
  deptReview: ['核稿无误', '同意，请办公室审核', '已核，文字已作修改'],
  officeReview: ['同意，请领导签发', '拟同意，呈领导审签', '已审核'],
  countersign: ['会签同意', '无意见', '同意，建议补充我单位职责'],
  issue: ['同意印发', '同意', '同意，请抓紧办理'],
  number: ['已编号'],
  seal: ['已用印'],
  distribute: ['已分发'],
  register: ['已登记'],
  propose: ['拟请领导阅示', '拟请分管领导阅批', '建议由业务科室承办'],
  instruct: ['请认真落实', '同意拟办意见', '请办公室牵头落实'],
  hostHandle: ['已落实', '已按要求办理', '已转发各科室执行'],
  assistHandle: ['已配合办理'],
  finish: ['办结', '已办结归档'],
};
export const DEFAULT_OPINIONS = ['同意'];

/** Reasons of a 退回 to the drafter. */
export const RETURN_REASONS = ['请补充有关依据后重新报送', '文字需进一步精炼', '主送机关有误，请核对', '请先征求有关部门意见'];
