/**
 * Fresh ids of the flow designer (DESIGN §4: every addressable node carries a stable id, never reused). An id
 * source remembers every id it has seen or issued — also those of deleted and undone nodes — so no later node
 * gets an id an overlay or an older revision may still address. Pure TS.
 */

/** The ids seen or issued, and the counter of the next one. Treated as immutable. */
export interface IdSource {
  readonly used: ReadonlySet<string>;
  readonly next: number;
}

/** An id source that will never issue one of `ids` (e.g. every id of the definition and of its older revisions). */
export function idSource(ids: Iterable<string> = []): IdSource {
  return { used: new Set(ids), next: 1 };
}

/**
 * Issues ids from `src`: answers a function giving `<prefix>_<n>` for the smallest counter whose id is unused, and
 * a getter of the source after the issues (the input is not changed).
 */
export function issuer(src: IdSource): { fresh: (prefix: string) => string; result: () => IdSource } {
  let used: Set<string> | null = null;
  let next = src.next;
  const fresh = (prefix: string): string => {
    used ??= new Set(src.used);
    let id = `${prefix}_${next++}`;
    while (used.has(id)) id = `${prefix}_${next++}`;
    used.add(id);
    return id;
  };
  return { fresh, result: () => (used ? { used, next } : src) };
}

/** The source with `ids` marked as seen. */
export function markUsed(src: IdSource, ids: Iterable<string>): IdSource {
  let used: Set<string> | null = null;
  for (const id of ids) {
    if (src.used.has(id) || used?.has(id)) continue;
    used ??= new Set(src.used);
    used.add(id);
  }
  return used ? { used, next: src.next } : src;
}
