/**
 * The input of the official-document (公文) renderers: the elements of GB/T 9704-2012 §7, as plain data.
 * Every text is the document's own Chinese text (the document is always Chinese, whatever the reader's
 * locale); the fixed labels (签发人：, 附件：, 抄送：, 印发 …) come from the server catalogue (`document.pdf.*`).
 */

/** 密级 (dictionary document_mj: '1' 秘密, '2' 机密, '3' 绝密) and 保密期限 (GB/T 9704-2012 7.2.2). */
export interface SecretMark {
  /** Value of dictionary document_mj ('0' 非密 is not marked, so it is not accepted here). */
  level: '1' | '2' | '3';
  /** 保密期限 with Arabic numerals, e.g. '1年'; printed after a ★ ("机密★1年"). */
  term?: string;
  /**
   * The level's label as the caller resolved it from document_mj (dictionary overlays included, e.g. through
   * `codeItems(schema, 'zh-CN', 'document_mj')`); when absent the shipped label of the dictionary is used.
   */
  label?: string;
}

/** 印章: the seal image placed over 发文机关署名 and 成文日期 (GB/T 9704-2012 7.3.5.1). */
export interface SealImage {
  /** A PNG (transparent background expected: the text shows through it), drawn 42 mm wide, red as it is. */
  png: Buffer;
}

/**
 * An official document (公文) with the elements of GB/T 9704-2012 §7. Only `organMark`, `title`, `bodyHtml`,
 * `issuerName` and `date` are required; every other element is printed only when given.
 */
export interface OfficialDocument {
  /** 份号: 6 Arabic digits, e.g. '000123' (7.2.1), top left of the first page. */
  copyNo?: string;
  /** 密级和保密期限 (7.2.2), below 份号. */
  secret?: SecretMark;
  /** 紧急程度 as its label text, '特急' or '加急' (dictionary document_urgency 3 and 2; 7.2.3). */
  urgency?: string;
  /** 发文机关标志, e.g. '某某市人民政府文件' (7.2.4): red, centred, large. */
  organMark: string;
  /** The red of the 发文机关标志 and separator line as '#RRGGBB' (the issuing organ's 套红, 发文字号 mark); default GBT.red. */
  redColor?: string;
  /** 发文字号, e.g. '京政发〔2026〕12号' (7.2.5). */
  docNumber?: string;
  /**
   * 签发人 names, 上行文 only (7.2.6): when given, the 发文字号 is printed left (空一字) and
   * "签发人：name" right on the same line; two names a line.
   */
  signers?: string[];
  /** 标题 (7.3.1). */
  title: string;
  /** 主送机关 (7.3.2), e.g. '各区人民政府，市政府各委、办、局'; a full-width colon is added when missing. */
  mainTo?: string;
  /** 正文 as the HTML of the editor (tiptap): p, h1–h4, strong/b, em/i, u, ol/ul/li, table, br (7.3.3). */
  bodyHtml: string;
  /** 附件说明: the attachments' names in order (7.3.4), numbered when more than one. */
  attachments?: string[];
  /** 发文机关署名 (7.3.5). */
  issuerName: string;
  /** 成文日期 as an ISO date 'YYYY-MM-DD'; printed "2026年11月25日" (Arabic numerals, 7.3.5.5). */
  date: string;
  /** 印章 placed over the 署名 and 成文日期 (7.3.5.1); without it the unsealed layout of 7.3.5.2 is used. */
  seal?: SealImage;
  /** 附注, e.g. '（此件公开发布）' (7.3.6); parentheses are added when missing. */
  note?: string;
  /** 抄送机关 (7.4.2), e.g. '市委办公厅，市人大常委会办公厅'; a full stop is added when missing. */
  ccTo?: string;
  /** 印发机关 (7.4.3), e.g. '某某市人民政府办公厅'. */
  printer?: string;
  /** 印发日期 as an ISO date 'YYYY-MM-DD' (7.4.3), printed "2026年11月25日印发". */
  printDate?: string;
}
