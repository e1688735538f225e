/**
 * Text of what 公文检索 indexes ("正文 and the text of DOCX/PDF attachments"): the 正文 HTML as plain text,
 * and the text of attachments — DOCX through mammoth, PDF through unpdf (pdf.js built for servers, no browser, no
 * native build), TXT/CSV as UTF-8. Other types (images, archives, old .doc) give no text. An attachment that cannot
 * be read (missing file, corrupt content, larger than ATTACHMENT_MAX_BYTES) is skipped: indexing never fails on
 * one bad file.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Parser } from 'htmlparser2';
import type { Kysely } from 'kysely';
import type { DB } from '../../../../server/db/types.js';
import { extensionOf, storedPath } from '../../../../server/services/files.js';

/** Largest attachment whose text is extracted (20 MB). */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
/** Most characters kept of one attachment's text. */
export const ATTACHMENT_TEXT_MAX = 200_000;
/** Most attachments read per document. */
export const ATTACHMENTS_MAX = 20;

const BLOCKS = new Set(['p', 'div', 'br', 'li', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'blockquote', 'section']);

/** Plain text of an HTML fragment (正文): the text nodes, a line break after block elements; scripts and styles dropped. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  let out = '';
  let skip = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'script' || name === 'style') skip++;
        if (name === 'br') out += '\n';
      },
      ontext(text) {
        if (!skip) out += text;
      },
      onclosetag(name) {
        if (name === 'script' || name === 'style') skip = Math.max(0, skip - 1);
        else if (BLOCKS.has(name)) out += '\n';
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return out
    .replace(/[ \t\u00a0\u3000]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** Text of a DOCX file's bytes (mammoth's raw text). */
export async function docxText(data: Buffer): Promise<string> {
  const require = createRequire(import.meta.url);
  const mammoth = require('mammoth') as { extractRawText(input: { buffer: Buffer }): Promise<{ value: string }> };
  return (await mammoth.extractRawText({ buffer: data })).value;
}

/** Text of a PDF file's bytes, its pages joined by line breaks (unpdf). */
export async function pdfText(data: Buffer): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(data));
  try {
    const { text } = await extractText(pdf, { mergePages: true });
    return text;
  } finally {
    await pdf.destroy();
  }
}

/** Text of a file's bytes by its extension; '' for types without text. */
export async function fileText(name: string, data: Buffer): Promise<string> {
  const ext = extensionOf(name);
  if (ext === 'docx') return docxText(data);
  if (ext === 'pdf') return pdfText(data);
  if (ext === 'txt' || ext === 'csv') return data.toString('utf8');
  return '';
}

/** Attachment ids of a stored `attachments` field value (JSON text or a list of {id} / ids). */
export function attachmentIds(v: unknown): string[] {
  let list: unknown = v;
  if (typeof v === 'string') {
    try {
      list = JSON.parse(v);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const ids = list
    .map((x) => (typeof x === 'string' ? x : x && typeof x === 'object' ? (x as { id?: unknown }).id : null))
    .filter((x): x is string => typeof x === 'string' && x.length > 0);
  return [...new Set(ids)].slice(0, ATTACHMENTS_MAX);
}

/** Text of attachments `ids` (stored under `dataDir`), each one's name first; unreadable ones are left out. */
export async function attachmentsText(db: Kysely<DB>, dataDir: string, ids: string[]): Promise<string> {
  if (!ids.length) return '';
  const rows = await db.selectFrom('attachments').select(['id', 'name', 'sha256', 'size']).where('id', 'in', ids).execute();
  const parts: string[] = [];
  for (const r of rows) {
    let text = '';
    if (Number(r.size) <= ATTACHMENT_MAX_BYTES && /^[0-9a-f]{64}$/.test(r.sha256)) {
      try {
        text = (await fileText(r.name, await fs.promises.readFile(storedPath(dataDir, r.sha256)))).slice(0, ATTACHMENT_TEXT_MAX);
      } catch {
        text = '';
      }
    }
    parts.push(`${r.name.replace(/\.[^.]+$/, '')}\n${text}`);
  }
  return parts.join('\n');
}
