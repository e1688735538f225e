/**
 * The attachments of a document flow's record (SPEC §7 getAttachList, mergeDownAttachs): every field of
 * kind `attachments` of the record's entity (e.g. 发文 `attachments`), whose values are file refs
 * (`{id, name, size, type}` as engine/data/api.ts `Attachment`, or bare ids) into the `attachments` table
 * (./../files.ts). Names and sizes come from that table, not from the record.
 *
 * The ZIP (mergeDownAttachs) is built with JSZip, streamed: entry names are the stored names (Chinese kept; JSZip
 * sets the UTF-8 flag, general purpose bit 11 of APPNOTE 4.4.4, for non-ASCII names); equal names get ` (2)`,
 * ` (3)`… before the extension.
 */
import fs from 'node:fs';
import JSZip from 'jszip';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../server/db/types.js';
import { flowEntity } from '../../../../server/engine/flow/records.js';
import { deriveTable } from '../../../../server/engine/table.js';
import { rowToRecord } from '../../../../server/engine/codec.js';
import { attachmentsInfo, findAttachment, type AttachmentInfo } from '../../../../server/services/files.js';
import type { Translate } from '../../../../server/services/context.js';

/** The attachment ids held by `v` (an attachments field's value), in order. */
function idsOf(v: unknown): string[] {
  const list = typeof v === 'string' ? safeParse(v) : v;
  if (!Array.isArray(list)) return [];
  return list.flatMap((x) =>
    typeof x === 'string' ? [x] : x && typeof x === 'object' && typeof (x as { id?: unknown }).id === 'string' ? [(x as { id: string }).id] : [],
  );
}

function safeParse(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}

/** The attachments of record `recordId` of entity `entity` (all its attachments fields, each file once); [] when none. */
export async function recordAttachments(db: Kysely<DB>, entity: string, recordId: number): Promise<AttachmentInfo[]> {
  const def = flowEntity(entity);
  if (!def) return [];
  const fields = Object.entries(def.model.properties)
    .filter(([, p]) => (p as { 'x-kind'?: string })['x-kind'] === 'attachments')
    .map(([k]) => k);
  if (!fields.length) return [];
  const spec = deriveTable(def);
  const row = await (db as Kysely<any>).selectFrom(spec.table).selectAll().where('id', '=', recordId).executeTakeFirst();
  if (!row) return [];
  const record = rowToRecord(spec, row as Record<string, unknown>);
  const ids = [...new Set(fields.flatMap((f) => idsOf(record[f])))];
  return attachmentsInfo(db, ids);
}

/** `names` made unique: a repeated name gets ` (2)`, ` (3)`… before its extension. */
export function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let out = name;
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let i = 2; seen.has(out.toLowerCase()); i++) out = `${stem} (${i})${ext}`;
    seen.add(out.toLowerCase());
    return out;
  });
}

/**
 * A ZIP stream of `files` (stored contents read from `dataDir`); -1 file.notFound (via `t`) when a file's content
 * is missing.
 */
export async function zipAttachments(db: Kysely<DB>, dataDir: string, files: AttachmentInfo[], t: Translate): Promise<NodeJS.ReadableStream> {
  const stored = await Promise.all(files.map((f) => findAttachment(db, dataDir, f.id, t)));
  const zip = new JSZip();
  const names = uniqueNames(stored.map((f) => f.name));
  stored.forEach((f, i) => zip.file(names[i], fs.createReadStream(f.path), { binary: true }));
  return zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
