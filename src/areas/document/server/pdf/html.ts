/**
 * The 正文 HTML of the editor (tiptap) as a small block model both renderers lay out: paragraphs, headings
 * (h1–h4 → the four levels of GB/T 9704-2012 7.3.3), lists, tables; inline bold, italic, underline and line
 * breaks. Parsed with htmlparser2 (a tokenizer, no DOM emulation); unknown tags keep their text, images,
 * scripts and styles are dropped (nothing is fetched), whitespace collapses as a browser would.
 */
import { Parser } from 'htmlparser2';

/** A run of text with one formatting; `text` may hold '\n' (a <br>). */
export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
}

/** A table cell (td/th) with its own blocks; spans as in the HTML. */
export interface Cell {
  blocks: Block[];
  header: boolean;
  colSpan: number;
  rowSpan: number;
}

/** One block of the 正文. */
export type Block =
  | { kind: 'paragraph'; runs: Run[]; align?: 'left' | 'center' | 'right' | 'justify' }
  /** 结构层次: level 1 "一、" 黑体, 2 "（一）" 楷体, 3 "1." and 4 "（1）" 仿宋 (7.3.3). */
  | { kind: 'heading'; level: 1 | 2 | 3 | 4; runs: Run[] }
  | { kind: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { kind: 'table'; rows: Cell[][] };

interface El {
  tag: string;
  attrs: Record<string, string>;
  children: Node[];
}
type Node = El | string;

const VOID = new Set(['br', 'img', 'hr', 'input', 'meta', 'link', 'col', 'wbr', 'source', 'area', 'base', 'embed', 'param', 'track']);
const DROP = new Set(['script', 'style', 'img', 'svg', 'iframe', 'object', 'video', 'audio', 'canvas', 'template', 'head', 'title', 'noscript']);
const INLINE = new Set([
  'strong',
  'b',
  'em',
  'i',
  'u',
  'ins',
  'span',
  'a',
  'br',
  'sub',
  'sup',
  's',
  'strike',
  'del',
  'code',
  'mark',
  'small',
  'big',
  'font',
  'label',
  'abbr',
  'cite',
  'q',
  'wbr',
]);

/** Parses HTML into a tree of elements and text (entities decoded). */
function parseTree(html: string): Node[] {
  const root: El = { tag: '#root', attrs: {}, children: [] };
  const stack: El[] = [root];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const el: El = { tag: name, attrs, children: [] };
        stack[stack.length - 1].children.push(el);
        if (!VOID.has(name)) stack.push(el);
      },
      ontext(text) {
        stack[stack.length - 1].children.push(text);
      },
      onclosetag(name) {
        if (VOID.has(name)) return;
        // Close up to the matching element (tolerates unclosed inner tags).
        for (let i = stack.length - 1; i > 0; i--) {
          if (stack[i].tag === name) {
            stack.length = i;
            break;
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return root.children;
}

interface Format {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
}

/** Whether a style attribute or tag turns a format on. */
function formatOf(el: El, f: Format): Format {
  const style = (el.attrs.style ?? '').toLowerCase();
  const out = { ...f };
  if (el.tag === 'strong' || el.tag === 'b' || /font-weight\s*:\s*(bold|[6-9]00)/.test(style)) out.bold = true;
  if (el.tag === 'em' || el.tag === 'i' || /font-style\s*:\s*italic/.test(style)) out.italic = true;
  if (el.tag === 'u' || el.tag === 'ins' || /text-decoration[^;]*underline/.test(style)) out.underline = true;
  return out;
}

/** The runs of inline content, whitespace collapsed (not yet trimmed). */
function runsOf(nodes: Node[], f: Format, out: Run[] = []): Run[] {
  for (const n of nodes) {
    if (typeof n === 'string') {
      const text = n.replace(/[ \t\r\n\f]+/g, ' ');
      if (text) out.push({ text, ...f });
    } else if (n.tag === 'br') out.push({ text: '\n', ...f });
    else if (!DROP.has(n.tag)) runsOf(n.children, formatOf(n, f), out);
  }
  return out;
}

/** Merges neighbouring runs of the same format, collapses spaces across runs and trims the ends of lines. */
function tidy(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const r of runs) {
    const prev = out[out.length - 1];
    if (prev && prev.bold === r.bold && prev.italic === r.italic && prev.underline === r.underline) prev.text += r.text;
    else out.push({ ...r });
  }
  // Spaces next to a line break or at either end of the paragraph are not shown by a browser either.
  for (let i = 0; i < out.length; i++) {
    let t = out[i].text.replace(/ *\n */g, '\n').replace(/ {2,}/g, ' ');
    if (i === 0) t = t.replace(/^ +/, '');
    if (i === out.length - 1) t = t.replace(/ +$/, '');
    if (i > 0 && out[i - 1].text.endsWith(' ')) t = t.replace(/^ +/, '');
    out[i].text = t;
  }
  return out.filter((r) => r.text !== '');
}

function alignOf(el: El): 'left' | 'center' | 'right' | 'justify' | undefined {
  const m = /text-align\s*:\s*(left|center|right|justify)/i.exec(el.attrs.style ?? '') ?? /^(left|center|right|justify)$/i.exec(el.attrs.align ?? '');
  return m ? (m[1].toLowerCase() as 'left' | 'center' | 'right' | 'justify') : undefined;
}

const hasBlockChild = (el: El): boolean => el.children.some((c) => typeof c !== 'string' && !INLINE.has(c.tag) && !DROP.has(c.tag));
const span = (v: string | undefined): number => Math.max(1, Math.min(50, Number.parseInt(v ?? '1', 10) || 1));

/** Rows of a table element (thead, tbody, tfoot or bare tr), each a list of td/th. */
function tableRows(el: El): Cell[][] {
  const rows: Cell[][] = [];
  const visit = (n: El) => {
    for (const c of n.children) {
      if (typeof c === 'string') continue;
      if (c.tag === 'tr') {
        const cells = c.children
          .filter((x): x is El => typeof x !== 'string' && (x.tag === 'td' || x.tag === 'th'))
          .map((x) => ({ blocks: toBlocks(x.children), header: x.tag === 'th', colSpan: span(x.attrs.colspan), rowSpan: span(x.attrs.rowspan) }));
        if (cells.length) rows.push(cells);
      } else if (c.tag === 'thead' || c.tag === 'tbody' || c.tag === 'tfoot') visit(c);
    }
  };
  visit(el);
  return rows;
}

/** Blocks of a list of nodes: inline content between blocks becomes a paragraph. */
function toBlocks(nodes: Node[]): Block[] {
  const out: Block[] = [];
  let pending: Run[] = [];
  const flush = () => {
    const runs = tidy(pending);
    if (runs.length) out.push({ kind: 'paragraph', runs });
    pending = [];
  };
  for (const n of nodes) {
    if (typeof n === 'string' || INLINE.has(n.tag)) {
      runsOf([n], {}, pending);
      continue;
    }
    if (DROP.has(n.tag)) continue;
    flush();
    const h = /^h([1-6])$/.exec(n.tag);
    if (h) {
      out.push({ kind: 'heading', level: Math.min(4, Number(h[1])) as 1 | 2 | 3 | 4, runs: tidy(runsOf(n.children, {})) });
    } else if (n.tag === 'p' && !hasBlockChild(n)) {
      // An empty paragraph is a blank line the author typed.
      out.push({ kind: 'paragraph', runs: tidy(runsOf(n.children, {})), align: alignOf(n) });
    } else if (n.tag === 'ul' || n.tag === 'ol') {
      const items = n.children.filter((c): c is El => typeof c !== 'string' && c.tag === 'li').map((li) => toBlocks(li.children));
      if (items.length) out.push({ kind: 'list', ordered: n.tag === 'ol', start: Number.parseInt(n.attrs.start ?? '1', 10) || 1, items });
    } else if (n.tag === 'table') {
      const rows = tableRows(n);
      if (rows.length) out.push({ kind: 'table', rows });
    } else if (n.tag !== 'hr') {
      out.push(...toBlocks(n.children));
    }
  }
  flush();
  return out;
}

/** Parses the 正文 HTML into blocks (never throws: malformed HTML is read as a browser would, roughly). */
export function parseBody(html: string): Block[] {
  return toBlocks(parseTree(html ?? ''));
}

/** The plain text of runs (for measuring and for tests). */
export function runsText(runs: Run[]): string {
  return runs.map((r) => r.text).join('');
}
