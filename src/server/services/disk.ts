/**
 * Disk usage of the file system holding DATA_DIR, shown to administrators as `concurrent`
 * (SPEC §3 "Department list for the user", §2.4 clear cache with a disk-usage percent).
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * Used space of the file system of `dir` in whole percent (0–100), as `df` counts it (space free to
 * unprivileged users excluded). A `dir` that does not exist yet is measured at its nearest existing
 * parent; 0 when the file system cannot be read.
 */
export function diskUsagePercent(dir: string): number {
  let d = path.resolve(dir);
  while (!fs.existsSync(d) && path.dirname(d) !== d) d = path.dirname(d);
  try {
    const s = fs.statfsSync(d);
    const used = s.blocks - s.bfree;
    const total = used + s.bavail;
    return total > 0 ? Math.min(100, Math.max(0, Math.round((used / total) * 100))) : 0;
  } catch {
    return 0;
  }
}
