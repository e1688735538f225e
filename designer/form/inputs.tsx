/**
 * Inputs of the designer's inspector that commit on blur or Enter (one undo step per edit, not per keystroke):
 * text, number and a zh-CN / en-US label pair.
 */
import { useEffect, useState } from 'react';
import { Input, InputNumber, Space } from 'antd';
import type { LocalLabel } from './model';

/** A text input committing its value on blur / Enter when it changed. */
export function CommitInput({
  value,
  onCommit,
  testId,
  placeholder,
  multiline,
}: {
  value: string;
  onCommit: (v: string) => void;
  testId?: string;
  placeholder?: string;
  multiline?: boolean;
}) {
  const [v, setV] = useState(value);
  useEffect(() => setV(value), [value]);
  const done = () => v !== value && onCommit(v);
  if (multiline)
    return <Input.TextArea value={v} rows={4} placeholder={placeholder} data-testid={testId} onChange={(e) => setV(e.target.value)} onBlur={done} />;
  return <Input value={v} placeholder={placeholder} data-testid={testId} onChange={(e) => setV(e.target.value)} onBlur={done} onPressEnter={done} />;
}

/** A number input committing on blur / Enter (null when emptied). */
export function CommitNumber({
  value,
  onCommit,
  testId,
  min,
  max,
}: {
  value: number | undefined;
  onCommit: (v: number | null) => void;
  testId?: string;
  min?: number;
  max?: number;
}) {
  const [v, setV] = useState<number | null>(value ?? null);
  useEffect(() => setV(value ?? null), [value]);
  const done = () => (v ?? undefined) !== value && onCommit(v);
  return (
    <InputNumber
      style={{ width: '100%' }}
      value={v}
      min={min}
      max={max}
      data-testid={testId}
      onChange={(x) => setV(typeof x === 'number' ? x : null)}
      onBlur={done}
      onPressEnter={done}
    />
  );
}

/** zh-CN and en-US inputs of one label. */
export function LabelPair({
  value,
  onCommit,
  testId,
  zhLabel,
  enLabel,
}: {
  value: LocalLabel;
  onCommit: (v: LocalLabel) => void;
  testId: string;
  zhLabel: string;
  enLabel: string;
}) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={4}>
      <CommitInput value={value.zh} placeholder={zhLabel} testId={`${testId}-zh`} onCommit={(zh) => zh.trim() && onCommit({ ...value, zh: zh.trim() })} />
      <CommitInput value={value.en} placeholder={enLabel} testId={`${testId}-en`} onCommit={(en) => onCommit({ ...value, en: en.trim() })} />
    </Space>
  );
}
