/**
 * Attachments (engine/data/api.ts `files`, DESIGN §4 fields of kind `attachments`): uploads stored by
 * content under `<DATA_DIR>/files/<sha256[0:2]>/<sha256>` (identical content is kept once), one
 * `attachments` row per upload (migration 0003), and the checks an upload must pass:
 * - the name is sanitised (no path, control or reserved characters, at most 200 characters);
 * - the extension is on the allow-list of office documents, PDF, OFD, images, text and archives
 *   (executables, scripts, HTML and SVG are refused), and the first bytes must fit that extension
 *   (a renamed executable is refused);
 * - the size is at most `config.uploadMaxBytes` (50 MB by default) and not zero.
 * Refusals are ApiError -1 with a message naming the file type or the limit.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';
import { newToken, now } from '../lib/clock.js';
import { ApiError } from '../lib/errors.js';
import type { Translate } from './context.js';

/** An attachment as the client holds it (engine/data/api.ts `Attachment`). */
export interface AttachmentInfo {
  id: string;
  name: string;
  /** Bytes. */
  size: number;
  /** MIME type the server determined. */
  type: string;
}

/** Longest stored file name, in characters (extension included). */
export const MAX_FILE_NAME_LENGTH = 200;

/** What the first bytes of a file say it is. */
type Family = 'pdf' | 'ole' | 'zip' | 'rtf' | 'png' | 'jpeg' | 'gif' | 'bmp' | 'webp' | 'tiff' | 'rar' | '7z' | 'text';

/** Allowed extensions: the MIME type answered and the content families the first bytes may show. */
const ALLOWED: Record<string, { type: string; families: Family[] }> = {
  pdf: { type: 'application/pdf', families: ['pdf'] },
  ofd: { type: 'application/ofd', families: ['zip'] },
  doc: { type: 'application/msword', families: ['ole', 'rtf'] },
  docx: { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', families: ['zip'] },
  xls: { type: 'application/vnd.ms-excel', families: ['ole'] },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', families: ['zip'] },
  ppt: { type: 'application/vnd.ms-powerpoint', families: ['ole'] },
  pptx: { type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', families: ['zip'] },
  wps: { type: 'application/kswps', families: ['ole', 'zip'] },
  et: { type: 'application/kset', families: ['ole', 'zip'] },
  dps: { type: 'application/ksdps', families: ['ole', 'zip'] },
  odt: { type: 'application/vnd.oasis.opendocument.text', families: ['zip'] },
  ods: { type: 'application/vnd.oasis.opendocument.spreadsheet', families: ['zip'] },
  odp: { type: 'application/vnd.oasis.opendocument.presentation', families: ['zip'] },
  rtf: { type: 'application/rtf', families: ['rtf'] },
  txt: { type: 'text/plain', families: ['text'] },
  csv: { type: 'text/csv', families: ['text'] },
  png: { type: 'image/png', families: ['png'] },
  jpg: { type: 'image/jpeg', families: ['jpeg'] },
  jpeg: { type: 'image/jpeg', families: ['jpeg'] },
  gif: { type: 'image/gif', families: ['gif'] },
  bmp: { type: 'image/bmp', families: ['bmp'] },
  webp: { type: 'image/webp', families: ['webp'] },
  tif: { type: 'image/tiff', families: ['tiff'] },
  tiff: { type: 'image/tiff', families: ['tiff'] },
  zip: { type: 'application/zip', families: ['zip'] },
  rar: { type: 'application/vnd.rar', families: ['rar'] },
  '7z': { type: 'application/x-7z-compressed', families: ['7z'] },
};

/** The allowed extensions (lower case, without the dot). */
export const ALLOWED_EXTENSIONS: readonly string[] = Object.keys(ALLOWED);

const startsWith = (b: Buffer, sig: number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Content families recognised from the first bytes `head` (none for executables or unknown binaries). */
export function sniff(head: Buffer): Family | null {
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(head, ascii('{\\rtf'))) return 'rtf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(head, ascii('Rar!\x1a\x07'))) return 'rar';
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return '7z';
  if (startsWith(head, ascii('BM')) && head.length >= 14) return 'bmp';
  // Executables are never text, whatever follows: PE (MZ), ELF, Mach-O.
  if (startsWith(head, ascii('MZ')) || startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return null;
  if ([0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(head.length >= 4 ? head.readUInt32BE(0) : -1)) return null;
  return head.length > 0 && !head.includes(0) ? 'text' : null;
}

/** Windows device names that cannot be file names. */
const RESERVED_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i;

/**
 * A safe display and download name: the last path segment, without control characters and the
 * reserved characters `<>:"/\|?*`, without leading/trailing dots and spaces, at most
 * MAX_FILE_NAME_LENGTH characters (the extension kept). '' when nothing usable is left.
 */
export function sanitiseFileName(raw: string): string {
  let name =
    String(raw ?? '')
      .split(/[\\/]/)
      .pop() ?? '';
  name = name.normalize('NFC').replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069<>:"|?*]/g, '');
  name = name.replace(/\s+/g, ' ').replace(/^[\s.]+|[\s.]+$/g, '');
  if (RESERVED_NAMES.test(name)) name = `_${name}`;
  const chars = [...name];
  if (chars.length > MAX_FILE_NAME_LENGTH) {
    const ext = extensionOf(name);
    const keep = ext && ext.length < 20 ? `.${ext}` : '';
    name =
      chars
        .slice(0, MAX_FILE_NAME_LENGTH - keep.length)
        .join('')
        .replace(/[\s.]+$/, '') + keep;
  }
  return name;
}

/** The lower-case extension of `name` without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const i = name.lastIndexOf('.');
  return i > 0 ? name.slice(i + 1).toLowerCase() : '';
}

/**
 * The MIME type of an upload by its extension; -1 "不允许上传…类型的文件" naming the type when the
 * extension is not on the allow-list.
 */
export function typeForName(name: string, t: Translate): { ext: string; type: string; families: Family[] } {
  const ext = extensionOf(name);
  const allowed = ALLOWED[ext];
  if (!allowed) throw new ApiError(t('file.typeRefused', { type: ext ? `.${ext}` : t('file.noExtension') }));
  return { ext, ...allowed };
}

/** Where content `sha256` is kept. */
export function storedPath(dataDir: string, sha256: string): string {
  return path.join(dataDir, 'files', sha256.slice(0, 2), sha256);
}

/** What storeUpload needs besides the content. */
export interface UploadInput {
  db: Kysely<DB>;
  dataDir: string;
  t: Translate;
  /** The name the client sent (sanitised here). */
  filename: string;
  /** The file's bytes (a multipart part's stream); limited to `maxBytes`. */
  stream: Readable;
  maxBytes: number;
  uploaderId: number;
}

/** The error @fastify/multipart raises when a part passes its fileSize limit. */
function isTooLarge(err: unknown): boolean {
  return (err as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Stores an upload: checks name and extension first (the stream is drained on refusal), writes the
 * content to a temporary file while hashing it, checks size and first bytes, then moves it to its
 * content address (or drops it when that content is already stored) and inserts the row.
 * Errors (-1): type refused, content not matching the type, empty file, larger than `maxBytes`.
 */
export async function storeUpload(input: UploadInput): Promise<AttachmentInfo> {
  const { t, stream } = input;
  const name = sanitiseFileName(input.filename);
  let kind: ReturnType<typeof typeForName>;
  try {
    kind = typeForName(name, t);
  } catch (err) {
    stream.resume();
    throw err;
  }
  const tmpDir = path.join(input.dataDir, 'files', 'tmp');
  await fs.promises.mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, `${process.pid}-${newToken(12)}`);
  const hash = crypto.createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLen = 0;
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      if (headLen < 8192) {
        headChunks.push(chunk);
        headLen += chunk.length;
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, tap, fs.createWriteStream(tmp, { flags: 'wx' }));
    if ((stream as Readable & { truncated?: boolean }).truncated || size > input.maxBytes)
      throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
    if (size === 0) throw new ApiError(t('file.empty'));
    const family = sniff(Buffer.concat(headChunks).subarray(0, 8192));
    if (!family || !kind.families.includes(family)) throw new ApiError(t('file.contentMismatch', { type: `.${kind.ext}` }));
    const sha256 = hash.digest('hex');
    const target = storedPath(input.dataDir, sha256);
    if (fs.existsSync(target)) {
      await fs.promises.rm(tmp, { force: true });
    } else {
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(tmp, target);
    }
    const row = { id: newToken(16), sha256, name, size, type: kind.type, uploader_id: input.uploaderId, created_at: now() };
    await input.db.transaction().execute((trx) => trx.insertInto('attachments').values(row).execute());
    return { id: row.id, name: row.name, size: row.size, type: row.type };
  } catch (err) {
    await fs.promises.rm(tmp, { force: true });
    if (isTooLarge(err)) throw new ApiError(t('file.tooLarge', { limit: formatSize(input.maxBytes) }));
    throw err;
  }
}

/** A size for messages: 50 MB → "50MB", 1536 → "1.5KB", 900 → "900B". */
export function formatSize(bytes: number): string {
  const round = (n: number) => String(Math.round(n * 100) / 100);
  if (bytes >= 1024 * 1024) return `${round(bytes / (1024 * 1024))}MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)}KB`;
  return `${bytes}B`;
}

/** A stored attachment ready to send: its row and the path of its content. */
export interface StoredAttachment extends AttachmentInfo {
  path: string;
  uploaderId: number | null;
}

/**
 * The attachment `id` with the path of its content; -1 "文件不存在" when there is no such row or its
 * content is missing. Who may read it: any signed-in user who knows the id (ids are random 128-bit).
 */
export async function findAttachment(db: Kysely<DB>, dataDir: string, id: string, t: Translate): Promise<StoredAttachment> {
  const row = await db.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
  const file = row && /^[0-9a-f]{64}$/.test(row.sha256) ? storedPath(dataDir, row.sha256) : null;
  if (!row || !file || !fs.existsSync(file)) throw new ApiError(t('file.notFound'));
  return { id: row.id, name: row.name, size: Number(row.size), type: row.type, path: file, uploaderId: row.uploader_id };
}

/** The attachments of `ids` that exist, in the order asked (unknown ids are left out). */
export async function attachmentsInfo(db: Kysely<DB>, ids: string[]): Promise<AttachmentInfo[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('attachments').select(['id', 'name', 'size', 'type']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, size: Number(r.size), type: r.type }]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/**
 * Content-Disposition of a download (RFC 6266 with RFC 5987 `filename*`): an ASCII fallback name and
 * the UTF-8 name percent-encoded.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'download';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
