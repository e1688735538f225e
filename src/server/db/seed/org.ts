/**
 * The demo organisation's structure: 市人民政府 (the root unit), its working departments (units with a
 * 机关代字 in `code`) and their internal offices (科室, kind 'dept'), and the positions with their rank.
 */

/** A working department or the 市政府办公室: a unit (kind 'unit') with its internal offices. */
export interface UnitSpec {
  /** Stable key used by the people plan (e.g. `gov_office`, `finance`). */
  key: string;
  name: string;
  short_name: string;
  /** 机关代字 used in 发文字号, e.g. 市政办. */
  code: string;
  /** Head and deputy position names: 局长/副局长, or 主任/副主任 for 委员会 and the 办公室. */
  head: string;
  deputy: string;
  /** Internal offices (科室), the first one is the unit's own 办公室 (except in 市政府办公室). */
  offices: string[];
}

/** The root unit. */
export const ROOT_UNIT = { name: '市人民政府', short_name: '市政府', code: '市政府' } as const;

/** The 市政府办公室 and the working departments, in display order. */
export const UNITS: UnitSpec[] = [
  {
    key: 'gov_office',
    name: '市政府办公室',
    short_name: '市政府办',
    code: '市政办',
    head: '主任',
    deputy: '副主任',
    offices: ['秘书科', '综合科', '文电科', '督查科', '机要保密科', '信息科', '行政科', '人事科'],
  },
  unit('drc', '市发展和改革委员会', '市发改委', '市发改委', true, ['综合科', '发展规划科', '固定资产投资科', '价格管理科']),
  unit('education', '市教育局', '市教育局', '市教育局', false, ['综合科', '基础教育科', '职业教育科', '教师工作科']),
  unit('police', '市公安局', '市公安局', '市公安局', false, ['指挥中心', '治安管理科', '刑事侦查科', '出入境管理科']),
  unit('finance', '市财政局', '市财政局', '市财政局', false, ['预算科', '国库科', '综合科', '政府采购监督管理科']),
  unit('hrss', '市人力资源和社会保障局', '市人社局', '市人社局', false, ['就业促进科', '社会保险科', '劳动关系科']),
  unit('resources', '市自然资源和规划局', '市自然资源规划局', '市自然资源规划局', false, ['国土空间规划科', '耕地保护科', '不动产登记科']),
  unit('ecology', '市生态环境局', '市生态环境局', '市生态环境局', false, ['大气环境科', '水生态环境科', '执法监督科']),
  unit('housing', '市住房和城乡建设局', '市住建局', '市住建局', false, ['房地产市场监管科', '建筑业管理科', '城市建设科']),
  unit('transport', '市交通运输局', '市交通运输局', '市交通运输局', false, ['综合规划科', '公路管理科', '运输管理科']),
  unit('health', '市卫生健康委员会', '市卫健委', '市卫健委', true, ['医政医管科', '疾病预防控制科', '基层卫生健康科']),
  unit('emergency', '市应急管理局', '市应急局', '市应急局', false, ['应急指挥科', '安全生产综合协调科', '防灾减灾救灾科']),
  unit('audit', '市审计局', '市审计局', '市审计局', false, ['财政审计科', '经济责任审计科', '企业审计科']),
  unit('market', '市市场监督管理局', '市市场监管局', '市市场监管局', false, ['登记注册科', '食品安全协调科', '质量发展科']),
  unit('statistics', '市统计局', '市统计局', '市统计局', false, ['综合科', '国民经济核算科', '工业统计科']),
  unit('petition', '市信访局', '市信访局', '市信访局', false, ['来访接待科', '网上信访科', '督查督办科']),
  unit('civil', '市民政局', '市民政局', '市民政局', false, ['社会救助科', '养老服务科', '区划地名科']),
  unit('justice', '市司法局', '市司法局', '市司法局', false, ['法治调研科', '行政复议科', '公共法律服务科']),
  unit('agriculture', '市农业农村局', '市农业农村局', '市农业农村局', false, ['乡村发展科', '种植业管理科', '农田建设管理科']),
  unit('commerce', '市商务局', '市商务局', '市商务局', false, ['对外贸易科', '市场建设科', '外商投资管理科']),
  unit('culture', '市文化广电旅游局', '市文广旅局', '市文广旅局', false, ['公共服务科', '旅游发展科', '文物保护科']),
];

function unit(key: string, name: string, short: string, code: string, committee: boolean, offices: string[]): UnitSpec {
  return {
    key,
    name,
    short_name: short,
    code,
    head: committee ? '主任' : '局长',
    deputy: committee ? '副主任' : '副局长',
    offices: ['办公室', ...offices],
  };
}

/** A position and its rank for leader chains (smaller is more senior). */
export interface PositionSpec {
  name: string;
  level: number;
}

/** Every position of the demo organisation, most senior first. */
export const POSITIONS: PositionSpec[] = [
  { name: '市长', level: 1 },
  { name: '副市长', level: 2 },
  { name: '秘书长', level: 3 },
  { name: '副秘书长', level: 4 },
  { name: '主任', level: 5 },
  { name: '局长', level: 5 },
  { name: '副主任', level: 6 },
  { name: '副局长', level: 6 },
  { name: '办公室主任', level: 7 },
  { name: '科长', level: 7 },
  { name: '办公室副主任', level: 8 },
  { name: '副科长', level: 8 },
  { name: '科员', level: 9 },
  { name: '办事员', level: 10 },
];
