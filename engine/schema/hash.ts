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

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;

/** FNV-1a 64 of a string's UTF-8 bytes, as 16 lower-case hex digits. */
export function fnv1a64(text: string): string {
  let h = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= BigInt(byte);
    h = (h * FNV_PRIME) & MASK;
  }
  return h.toString(16).padStart(16, '0');
}

/** Stable hash of a definition: `fnv1a64(canonicalJson(def))` — 16 hex digits, for ETags and overlay baseHash. */
export function hashDefinition(def: unknown): string {
  return fnv1a64(canonicalJson(def));
}
