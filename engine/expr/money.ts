/**
 * Rounding and 人民币大写 (the financial writing of amounts in Chinese capital numerals).
 * Pure TS (no React, no Node).
 */
import { FunctionError } from './errors';

/**
 * Round half away from zero to `digits` decimals, as Excel ROUND does (2.675 → 2.68, -2.5 → -3, 1.005 → 1.01).
 * Negative `digits` round left of the decimal point (ROUND(1234, -2) = 1200). Non-finite input is returned as is.
 * The decimal shift is done on the decimal text, so binary representation errors do not leak (1.005 is 1.01).
 */
export function roundHalfUp(x: number, digits = 0): number {
  if (!Number.isFinite(x)) return x;
  const d = Math.trunc(digits);
  const sign = x < 0 ? -1 : 1;
  const abs = Math.abs(x);
  const text = String(abs);
  let shifted: number;
  if (text.includes('e')) shifted = abs * Math.pow(10, d);
  else shifted = Number(`${text}e${d}`);
  const rounded = Math.round(shifted);
  const r = String(rounded);
  const back = r.includes('e') ? rounded / Math.pow(10, d) : Number(`${r}e${-d}`);
  return back === 0 ? 0 : sign * back;
}

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const UNITS = ['', '拾', '佰', '仟'];

/** Exclusive bound of the amounts UPPERMONEY accepts: 1 京 = 10^16 元 (16 integer digits, up to 万亿 groups). */
export const UPPERMONEY_LIMIT = 1e16;

/** Capital numerals of a non-empty string of decimal digits (no leading zeros), with 万/亿 groups. */
function integerToUpper(digits: string): string {
  let out = '';
  let zeroPending = false;
  let groupHasDigit = false;
  const len = digits.length;
  // The group above 亿 (10^12..10^15) is read as 「…万」 of 亿s: 1,2345,0000,0000 → 壹万贰仟叁佰肆拾伍亿.
  const highGroupNonZero = len > 12 && /[1-9]/.test(digits.slice(0, len - 12));
  for (let i = 0; i < len; i++) {
    const p = len - 1 - i;
    const d = digits.charCodeAt(i) - 48;
    if (d === 0) {
      if (out) zeroPending = true;
    } else {
      if (zeroPending) out += '零';
      zeroPending = false;
      out += DIGITS[d] + UNITS[p % 4];
      groupHasDigit = true;
    }
    if (p === 4 || p === 8 || p === 12) {
      if (groupHasDigit || (p === 8 && highGroupNonZero)) out += p === 8 ? '亿' : '万';
      // Zeros closing a group with digits are not read (10,7000 → 壹拾万柒仟); an all-zero group's are.
      if (groupHasDigit) zeroPending = false;
      groupHasDigit = false;
    }
  }
  return out;
}

/**
 * 人民币大写 of an amount in 元, following the People's Bank of China rules for writing amounts:
 * rounded half-up to 分; 「整」 after 元 or 角 when there are no 分; one 「零」 for a run of zeros inside the
 * integer part; 「零」 between 元 and 分 when 角 is zero; 拾 always carries its digit (10 → 壹拾元整);
 * no 「零」 is written between 元 and a non-zero 角 (that 零 is optional in the rules).
 *
 * Examples: 1234.56 → 壹仟贰佰叁拾肆元伍角陆分; 100 → 壹佰元整; 1005.07 → 壹仟零伍元零柒分; 0 → 零元整;
 * 0.5 → 伍角整; -8 → 负捌元整; 1e12 → 壹万亿元整.
 * @throws FunctionError `invalid_amount` for NaN/Infinity, `amount_out_of_range` when |x| ≥ UPPERMONEY_LIMIT (10^16).
 */
export function upperMoney(x: number): string {
  if (!Number.isFinite(x)) throw new FunctionError('invalid_amount', '金额不是有效数字', 'The amount is not a valid number');
  const rounded = roundHalfUp(x, 2);
  if (!(Math.abs(rounded) < UPPERMONEY_LIMIT)) {
    throw new FunctionError('amount_out_of_range', '金额超出范围（最大到万亿）', 'The amount is out of range (up to trillions)');
  }
  const negative = rounded < 0;
  const [intText, fracText] = Math.abs(rounded).toFixed(2).split('.');
  const intPart = intText.replace(/^0+/, '');
  const jiao = fracText.charCodeAt(0) - 48;
  const fen = fracText.charCodeAt(1) - 48;
  let out = '';
  if (intPart) out += integerToUpper(intPart) + '元';
  if (jiao === 0 && fen === 0) {
    out = (out || '零元') + '整';
  } else {
    if (jiao !== 0) out += DIGITS[jiao] + '角';
    else if (intPart) out += '零';
    out += fen !== 0 ? DIGITS[fen] + '分' : '整';
  }
  return (negative ? '负' : '') + out;
}
