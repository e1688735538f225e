/**
 * Canonical JSON and a stable hash of definitions (DESIGN §4), used for ETags and overlay `baseHash`.
 * Pure: no Node crypto; FNV-1a 64 over the UTF-8 bytes of the canonical JSON.
 */

/**
 * JSON text with object keys sorted (by code unit) at every depth and no whitespace, so two equal
 * definitions give the same text whatever their key order. `undefined` members are dropped (as JSON.stringify).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : sortKeys(v)));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/**
 * FNV-1a 64 of a string's UTF-8 bytes, as 16 lower-case hex digits. Computed in four 16-bit limbs
 * (offset basis cbf29ce484222325, prime 2^40 + 0x1b3) so it needs no BigInt and stays fast.
 */
export function fnv1a64(text: string): string {
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (const byte of new TextEncoder().encode(text)) {
    h0 ^= byte;
    const t0 = h0 * 0x1b3;
    let t1 = h1 * 0x1b3;
    let t2 = h2 * 0x1b3 + (h0 << 8);
    const t3 = h3 * 0x1b3 + (h1 << 8);
    t1 += t0 >>> 16;
    h0 = t0 & 0xffff;
    t2 += t1 >>> 16;
    h1 = t1 & 0xffff;
    h3 = (t3 + (t2 >>> 16)) & 0xffff;
    h2 = t2 & 0xffff;
  }
  const hex = (n: number) => n.toString(16).padStart(4, '0');
  return hex(h3) + hex(h2) + hex(h1) + hex(h0);
}

/** Stable hash of a definition: `fnv1a64(canonicalJson(def))` — 16 hex digits, for ETags and overlay baseHash. */
export function hashDefinition(def: unknown): string {
  return fnv1a64(canonicalJson(def));
}
