/**
 * The printed text of the GB/T 9704-2012 elements, shared by the PDF and DOCX renderers. Labels come from the
 * server catalogue (`document.pdf.*`) in zh-CN: the document itself is always Chinese.
 */
import { translate } from '../../../../server/i18n/index.js';
import mjDict from '../../../../../schemas/common/dicts/document_mj.json' with { type: 'json' };
import commonZh from '../../../../../schemas/common/locales/zh-CN.json' with { type: 'json' };
import type { OfficialDocument, SecretMark } from './types.js';

/** A `document.pdf.*` label in zh-CN with `{name}` placeholders filled. */
export function label(key: string, params: Record<string, string | number> = {}): string {
  return translate('zh-CN', `document.pdf.${key}`, params);
}

/**
 * An ISO date 'YYYY-MM-DD' as "2026年11月25日": Arabic numerals, full year, month and day without a
 * leading zero (GB/T 9704-2012 7.3.5.5). Throws an Error naming the value when it is not a real date.
 */
export function chineseDate(iso: string): string {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(iso.trim());
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) throw new Error(label('badDate', { value: iso }));
  return label('date', { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) });
}

/** The shipped zh-CN label of a document_mj value (dictionary overlays are the caller's, see SecretMark.label). */
function mjLabel(level: string): string {
  const item = mjDict.items.find((i) => i.value === level);
  const texts = commonZh as Record<string, string>;
  return item ? (texts[item.label.t] ?? item.label.d) : level;
}

/** 密级和保密期限 as printed: "机密★1年", or the level alone (GB/T 9704-2012 7.2.2). */
export function secretText(s: SecretMark): string {
  const level = s.label ?? mjLabel(s.level);
  return s.term ? label('secretTerm', { level, term: s.term }) : level;
}

/** Strips one trailing ASCII or full-width colon / full stop / comma so a label's own punctuation is not doubled. */
const stripEnd = (s: string, re: RegExp) => s.trim().replace(re, '');

/** 主送机关 with its full-width colon (7.3.2). */
export function mainToText(mainTo: string): string {
  return label('mainTo', { names: stripEnd(mainTo, /[:\uff1a]$/) });
}

/** 抄送机关 names ending with a full stop (7.4.2); the "抄送：" label apart (the names align after it). */
export function ccToText(ccTo: string): string {
  return label('ccToEnd', { names: stripEnd(ccTo, /[.\u3002,\uff0c;\uff1b]$/) });
}

/** 附注 in parentheses (7.3.6), unless already parenthesised. */
export function noteText(note: string): string {
  const n = note.trim();
  return /^[(\uff08].*[)\uff09]$/.test(n) ? n : label('note', { note: n });
}

/** The 附件说明 lines: one name unnumbered, several as "1. name" (7.3.4). */
export function attachmentLines(names: string[]): string[] {
  const list = names.map((n) => n.trim()).filter(Boolean);
  return list.length === 1 ? list : list.map((name, i) => label('attachmentItem', { n: i + 1, name }));
}

/** "2026年11月25日印发" (7.4.3), or null without a 印发日期. */
export function printedText(doc: OfficialDocument): string | null {
  return doc.printDate ? label('printed', { date: chineseDate(doc.printDate) }) : null;
}

/** The 版头 marks top left, in order 份号, 密级和保密期限, 紧急程度 (7.2.1–7.2.3); `hei` marks 黑体 lines. */
export function headMarks(doc: OfficialDocument): { text: string; hei: boolean }[] {
  const out: { text: string; hei: boolean }[] = [];
  if (doc.copyNo?.trim()) out.push({ text: doc.copyNo.trim(), hei: false });
  if (doc.secret) out.push({ text: secretText(doc.secret), hei: true });
  if (doc.urgency?.trim()) out.push({ text: doc.urgency.trim(), hei: true });
  return out;
}

/** Whether the document has a 版记 (抄送 or 印发机关/日期, 7.4). */
export function hasRecord(doc: OfficialDocument): boolean {
  return Boolean(doc.ccTo?.trim() || doc.printer?.trim() || doc.printDate);
}

/** 签发人 names in rows of two (7.2.6). */
export function signerRows(signers: string[]): string[][] {
  const names = signers.map((s) => s.trim()).filter(Boolean);
  const rows: string[][] = [];
  for (let i = 0; i < names.length; i += 2) rows.push(names.slice(i, i + 2));
  return rows;
}
