/**
 * A realistic 通知 for the renderer tests and the bench: every GB/T 9704-2012 element, a 正文 of `sections`
 * numbered parts (headings of the four levels, bold, a list and a small table).
 */
import { PNG } from 'pngjs';
import type { OfficialDocument } from '../../../src/areas/document/server/pdf/types.js';

const PARAS = [
  '为深入贯彻落实党中央、国务院关于安全生产工作的决策部署，进一步压实安全生产责任，有效防范化解重大安全风险，坚决遏制重特大事故发生，确保全市安全生产形势持续稳定向好，经市人民政府同意，现就做好岁末年初安全生产工作通知如下。',
  '各区、各部门要充分认识做好岁末年初安全生产工作的极端重要性，坚持人民至上、生命至上，统筹发展和安全，把安全生产摆在更加突出的位置，<strong>切实加强组织领导</strong>，层层压实责任，确保各项措施落地见效。',
  '要聚焦道路交通、建筑施工、危险化学品、消防、燃气、特种设备等重点行业领域，组织开展全覆盖、拉网式隐患排查整治，建立问题清单、整改清单和责任清单，实行<u>闭环管理</u>，对重大隐患挂牌督办，确保整改到位。',
  '要严格落实领导干部带班和关键岗位<em>二十四小时</em>值班制度，确保信息畅通、反应迅速、处置有力。遇有重大突发事件，要按照规定第一时间报告，不得迟报、漏报、谎报、瞒报。',
];

/** The 正文 HTML with `sections` 一级 parts of about half a page each. */
export function sampleBody(sections: number): string {
  const cn = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
  const out: string[] = [`<p>${PARAS[0]}</p>`];
  for (let i = 0; i < sections; i++) {
    out.push(`<h1>${cn[i % 10]}、${['提高思想认识，切实加强组织领导', '突出工作重点，深入排查整治隐患', '强化应急值守，妥善处置突发事件'][i % 3]}</h1>`);
    out.push(`<h2>（一）压实各方责任。</h2><p>${PARAS[1]}</p>`);
    out.push(`<h3>1. 严格落实属地管理责任。</h3><p>${PARAS[2]}</p>`);
    out.push(`<h4>（1）加强值班值守。</h4><p>${PARAS[3]}</p>`);
    if (i === 0) {
      out.push('<ol><li><p>市应急管理局负责统筹协调；</p></li><li><p>市公安局负责道路交通安全；</p></li></ol>');
      out.push(
        '<table><tbody><tr><th>检查事项</th><th>牵头单位</th><th>完成时限</th></tr><tr><td>燃气安全专项检查</td><td>市城市管理委</td><td>2026年12月31日</td></tr><tr><td>消防安全专项检查</td><td>市消防救援支队</td><td>2027年1月15日</td></tr></tbody></table>',
      );
    }
  }
  out.push('<p>请各区、各部门于2026年12月20日前将贯彻落实情况报市应急管理局。</p>');
  return out.join('');
}

/** A complete 下行文 通知 (份号, 密级, 紧急程度, 主送, 附件, 印章, 附注, 抄送, 印发). */
export function sampleNotice(sections = 2, seal?: Buffer): OfficialDocument {
  return {
    copyNo: '000123',
    secret: { level: '2', term: '1年' },
    urgency: '特急',
    organMark: '某某市人民政府文件',
    docNumber: '某政发〔2026〕12号',
    title: '某某市人民政府关于做好岁末年初安全生产工作的通知',
    mainTo: '各区人民政府，市政府各委、办、局，各市属机构',
    bodyHtml: sampleBody(sections),
    attachments: ['岁末年初安全生产重点检查事项清单', '安全生产工作联系人名单'],
    issuerName: '某某市人民政府',
    date: '2026-11-25',
    ...(seal ? { seal: { png: seal } } : {}),
    note: '此件公开发布',
    ccTo: '市委各部门，市人大常委会办公厅，市政协办公厅，市监委，市法院，市检察院',
    printer: '某某市人民政府办公厅',
    printDate: '2026-11-26',
  };
}

/**
 * A 印章-like PNG drawn with pngjs: a red ring (about a tenth of its width thick) and a five-pointed star
 * on a transparent background, `size` pixels square.
 */
export function sealPng(size = 240): Buffer {
  const png = new PNG({ width: size, height: size });
  const c = size / 2;
  const outer = c - 2;
  const inner = outer - size / 14;
  // The star: inside the pentagram of radius R when inside the polygon of its 10 vertices.
  const R = size * 0.2;
  const pts = Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? R : R * 0.382;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    return [c + r * Math.cos(a), c + r * Math.sin(a)];
  });
  const inStar = (x: number, y: number) => {
    let inside = false;
    for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
      const [xi, yi] = pts[i];
      const [xj, yj] = pts[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - c, y + 0.5 - c);
      const on = (d <= outer && d >= inner) || inStar(x + 0.5, y + 0.5);
      const i = (y * size + x) * 4;
      png.data[i] = 230;
      png.data[i + 1] = 0;
      png.data[i + 2] = 18;
      png.data[i + 3] = on ? 220 : 0;
    }
  }
  return PNG.sync.write(png);
}
