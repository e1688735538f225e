/**
 * The dictionary reader under its former path, for the 公文 area's imports (src/areas/document/server/services
 * pdfSource.ts, docTemplates.ts); the reader is src/server/services/dicts.ts, the dictionaries administration
 * src/areas/codes. Drop this file once those imports name services/dicts.js.
 */
export { codeItems, type CodeItem } from '../../services/dicts.js';
