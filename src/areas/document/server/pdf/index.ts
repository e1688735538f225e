/**
 * Official documents (公文) as PDF (GB/T 9704-2012 layout, Noto CJK fonts of fonts-noto-cjk) and DOCX — pure
 * services: an OfficialDocument in, the file's bytes out; no HTTP, no database, nothing fetched at run time.
 */
export type { OfficialDocument, SealImage, SecretMark } from './types.js';
export { renderOfficialPdf, officialDocDefinition } from './gbt9704.js';
export { renderOfficialDocx } from './docx.js';
export { chineseDate } from './elements.js';
export { parseBody, type Block, type Run, type Cell } from './html.js';
