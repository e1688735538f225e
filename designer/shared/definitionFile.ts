/**
 * Export and import files of the designers ("Export and import of a form or flow as a JSON file"), shared by
 * the form and flow list pages: the exported definition saved as pretty JSON, and an upload read as text only when it
 * is JSON at all (the server checks its format and version).
 */
import { host } from '../../engine/host';

/** Saves `value` as a pretty-printed JSON file named `filename`. */
export function saveJsonFile(value: unknown, filename: string): void {
  host().saveFile({ blob: new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), filename });
}

/** The text of an uploaded `file` when it parses as JSON, else null (the page says the file is not valid). */
export async function jsonFileText(file: File): Promise<string | null> {
  const text = await file.text();
  try {
    JSON.parse(text);
    return text;
  } catch {
    return null;
  }
}
