/**
 * 审批意见 with 常用语: a textarea and a dropdown of the caller's and the public phrases (Words/getUserWord);
 * choosing a phrase inserts it at the caret (appended when the box has no caret). 存为常用语 keeps the
 * current text as a phrase of one's own. A person with a handwritten signature (Person/saveSignature) also gets
 * 附手写签名: ticked, the action carries `signature: true` and the flow log shows the image under the opinion.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Input, Select, Space, Tag } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import { host } from '../../host';
import { OPINION_MAX } from './limits';
import { wordsApi, type UserWord } from './words';
import { SignatureImage } from './SignatureImage';

export interface OpinionBoxProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The caller's signature file id; the 附手写签名 box shows only with one. */
  signature?: string | null;
  /** Whether 附手写签名 is ticked. */
  signed?: boolean;
  onSignedChange?: (signed: boolean) => void;
}

/** Inserts `phrase` into `text` at [start, end) (the selection), or appends it. */
export function insertPhrase(text: string, phrase: string, start?: number | null, end?: number | null): { text: string; caret: number } {
  if (typeof start !== 'number' || typeof end !== 'number' || start < 0 || end < start || end > text.length) {
    const next = text + phrase;
    return { text: next, caret: next.length };
  }
  return { text: text.slice(0, start) + phrase + text.slice(end), caret: start + phrase.length };
}

/** The opinion box (see the module comment). */
export function OpinionBox({ value, onChange, disabled, signature, signed, onSignedChange }: OpinionBoxProps) {
  const { t } = useTranslation('approval');
  const [words, setWords] = useState<UserWord[]>([]);
  const area = useRef<TextAreaRef>(null);
  const caret = useRef<{ start: number; end: number } | null>(null);
  useEffect(() => {
    let live = true;
    wordsApi.list().then(
      (w) => live && setWords(Array.isArray(w) ? w : []),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const remember = () => {
    const el = area.current?.resizableTextArea?.textArea;
    if (el) caret.current = { start: el.selectionStart, end: el.selectionEnd };
  };
  const pick = (id: number) => {
    const w = words.find((x) => x.id === id);
    if (!w) return;
    const at = caret.current;
    const r = insertPhrase(value, w.content, at?.start, at?.end);
    caret.current = { start: r.caret, end: r.caret };
    onChange(r.text.slice(0, OPINION_MAX));
  };
  const save = async () => {
    const content = value.trim();
    if (!content) return;
    if (words.some((w) => w.content === content)) {
      host().notify.info(t('opinion.wordExists'));
      return;
    }
    try {
      await wordsApi.add(content);
      host().notify.success(t('opinion.wordSaved'));
      setWords(await wordsApi.list());
    } catch {
      /* the HTTP layer has shown the refusal */
    }
  };
  return (
    <div className="oa-approval-opinion">
      <Space className="oa-approval-opinion-tools" wrap>
        <Select<number>
          data-testid="approval-words"
          style={{ minWidth: 220 }}
          placeholder={t('opinion.words')}
          aria-label={t('opinion.words')}
          value={null as unknown as number}
          disabled={disabled}
          onChange={pick}
          notFoundContent={t('opinion.wordsEmpty')}
          popupMatchSelectWidth={false}
          options={words.map((w) => ({
            value: w.id,
            label: (
              <span data-testid={`approval-word-${w.id}`}>
                {w.content}
                {w.isPublic && !w.mine && (
                  <Tag style={{ marginInlineStart: 6 }} variant="filled">
                    {t('opinion.public')}
                  </Tag>
                )}
              </span>
            ),
          }))}
        />
        <Button type="link" size="small" disabled={disabled || !value.trim()} onClick={() => void save()} data-testid="approval-save-word">
          {t('opinion.saveWord')}
        </Button>
        {signature && (
          <span data-testid="approval-signature">
            <Checkbox checked={signed === true} disabled={disabled} onChange={(e) => onSignedChange?.(e.target.checked)}>
              {t('opinion.signature')}
            </Checkbox>
          </span>
        )}
      </Space>
      <Input.TextArea
        ref={area}
        data-testid="approval-opinion"
        value={value}
        disabled={disabled}
        maxLength={OPINION_MAX}
        showCount
        autoSize={{ minRows: 3, maxRows: 8 }}
        placeholder={t('opinion.placeholder')}
        onChange={(e) => onChange(e.target.value)}
        onSelect={remember}
        onKeyUp={remember}
        onClick={remember}
        onBlur={remember}
      />
      {signature && signed && (
        <div className="oa-approval-signature">
          <SignatureImage fileId={signature} alt={t('opinion.signatureAlt')} testId="approval-signature-preview" />
        </div>
      )}
    </div>
  );
}
