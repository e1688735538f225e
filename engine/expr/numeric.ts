/**
 * Numeric helpers of the function library: CEL ints are BigInt, doubles are number; Excel-style functions
 * accept both and mix them. Pure TS (no React, no Node).
 */

/** A CEL number as it reaches a function handler: BigInt for int, number for double. */
export type CelNumber = bigint | number;

/** Every combination of 'int'/'double' for `arity` parameters (2^arity lists). */
export function numericCombos(arity: number): ('int' | 'double')[][] {
  let out: ('int' | 'double')[][] = [[]];
  for (let i = 0; i < arity; i++)
    out = out.flatMap((c) => [
      [...c, 'int' as const],
      [...c, 'double' as const],
    ]);
  return out;
}

/** Sum of CEL numbers: BigInt when all are BigInt, otherwise a number. Empty → 0n. */
export function sumValues(values: readonly CelNumber[]): CelNumber {
  if (values.every((v) => typeof v === 'bigint')) return values.reduce<bigint>((s, v) => s + (v as bigint), 0n);
  return values.reduce<number>((s, v) => s + Number(v), 0);
}

/** Largest (`sign` 1) or smallest (`sign` −1) CEL number, keeping its own type; empty → 0n (Excel MAX of nothing is 0). */
export function extreme(values: readonly CelNumber[], sign: 1 | -1): CelNumber {
  if (values.length === 0) return 0n;
  let best = values[0];
  for (const v of values) if ((Number(v) - Number(best)) * sign > 0) best = v;
  return best;
}

/** Ints (BigInt) widened to doubles, as a double overload must return. */
export function toDouble(v: CelNumber): number {
  return typeof v === 'bigint' ? Number(v) : v;
}
