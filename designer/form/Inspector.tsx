/**
 * The inspector of the form designer: edits the selected control through the model commands —
 * a field's label (zh-CN, en-US), key, required, read-only, default, placeholder, options (typed, or a shared
 * dictionary code), a reference's target entity and label field, single / multiple, validation (length, range, pattern with a message), grid span, computed
 * formula (CEL, type-checked) and rules; a section's or tab's title, a description's text, a grid's columns, a sub-table's totals, tabs.
 */
import { Button, Form, Select, Switch, Typography, type FormItemProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DictDef } from '../../engine/schema/types';
import { CommitInput, CommitNumber, LabelPair } from './inputs';
import {
  addTab,
  computedOf,
  fieldRef,
  isRequired,
  kindOfProperty,
  labelOf,
  locate,
  optionsOf,
  setComputed,
  setFieldKey,
  updateField,
  updateNode,
  type FieldPatch,
  type OptionInput,
} from './model';
import { RuleBuilder } from './RuleBuilder';
import { RecordTargetInput } from './RecordTargetInput';
import type { FormDesign } from './useFormDesign';

/** A compact form row of the inspector. */
const Item = (props: FormItemProps) => <Form.Item style={{ marginBottom: 10 }} {...props} />;

const STRING_KINDS = ['text', 'textarea', 'richtext'];
const NUMBER_KINDS = ['number', 'money'];

/** Options as lines `中文` or `中文|English`. */
const optionLines = (opts: OptionInput[]) => opts.map((o) => (o.label.en && o.label.en !== o.label.zh ? `${o.label.zh}|${o.label.en}` : o.label.zh)).join('\n');
function parseOptions(text: string, old: OptionInput[]): OptionInput[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [zh, en] = l.split('|').map((x) => x.trim());
      const prev = old.find((o) => o.label.zh === zh);
      return { ...(prev?.value ? { value: prev.value } : {}), label: { zh, en: en || zh } };
    });
}

function FieldInspector({ design, id, dicts }: { design: FormDesign; id: string; dicts: DictDef[] }) {
  const { t, i18n } = useTranslation('designer');
  const { state, run } = design;
  const ref = fieldRef(state, id)!;
  const p = ref.prop;
  const kind = kindOfProperty(p);
  const patch = (x: FieldPatch, texts?: string[]) => void run((s, env) => updateField(s, id, x, env), texts);
  const at = ref.column ? null : locate(state.layout, id);
  const node = at?.node;
  const parent = at?.parent ? locate(state.layout, at.parent)?.node : undefined;
  const isDict = p['x-kind'] === 'dict';
  const owned = !p['x-dict'] || state.dicts.some((d) => d.id === p['x-dict']);
  const options = optionsOf(state, p['x-dict'], dicts);
  const locked = state.locked.includes(ref.column ? ref.column.subtable.field : ref.key);
  return (
    <>
      <Item label={t('inspector.labelZh')}>
        <LabelPair
          value={labelOf(state, p['x-title'])}
          testId="inspector-label"
          zhLabel={t('inspector.labelZh')}
          enLabel={t('inspector.labelEn')}
          onCommit={(label) => patch({ label }, [label.zh])}
        />
      </Item>
      <Item label={t('inspector.key')} extra={locked ? t('inspector.keyLocked') : undefined}>
        <CommitInput value={ref.key} testId="inspector-key" onCommit={(k) => void run((s) => setFieldKey(s, id, k.trim()))} />
      </Item>
      <Item label={t('inspector.required')}>
        <Switch checked={isRequired(ref)} data-testid="inspector-required" onChange={(v) => patch({ required: v })} />
      </Item>
      <Item label={t('inspector.readOnly')}>
        <Switch checked={!!p.readOnly} data-testid="inspector-readonly" onChange={(v) => patch({ readOnly: v })} />
      </Item>
      {(['person', 'department', 'select', 'checkbox'].includes(kind) || isDict) && (
        <Item label={t('inspector.multiple')}>
          <Switch checked={p.type === 'array'} data-testid="inspector-multiple" onChange={(v) => patch({ multiple: v })} />
        </Item>
      )}
      {(p['x-kind'] === 'user' || p['x-kind'] === 'dept') && (
        <Item label={t(p['x-kind'] === 'user' ? 'inspector.defaultFromUser' : 'inspector.defaultFromDept')}>
          <Switch checked={p['x-default-from'] === p['x-kind']} data-testid="inspector-default-from" onChange={(v) => patch({ defaultFromSession: v })} />
        </Item>
      )}
      {kind === 'record' && <RecordTargetInput value={p['x-record']} onChange={(record) => patch({ record })} />}
      {isDict && (
        <>
          <Item label={t('inspector.options')}>
            <CommitInput
              multiline
              value={owned ? optionLines(options) : ''}
              testId="inspector-options"
              onCommit={(text) => {
                const opts = parseOptions(text, options);
                patch(
                  { options: opts.length ? opts : null },
                  opts.map((o) => o.label.zh),
                );
              }}
            />
          </Item>
          <Item label={t('inspector.dict')}>
            <CommitInput value={owned ? '' : String(p['x-dict'] ?? '')} testId="inspector-dict" onCommit={(code) => patch({ dict: code.trim() || null })} />
          </Item>
        </>
      )}
      {(STRING_KINDS.includes(kind) || kind === 'date') && (
        <Item label={t('inspector.default')}>
          <CommitInput value={typeof p.default === 'string' ? p.default : ''} testId="inspector-default" onCommit={(v) => patch({ default: v || null })} />
        </Item>
      )}
      {NUMBER_KINDS.includes(kind) && (
        <Item label={t('inspector.default')}>
          <CommitNumber value={typeof p.default === 'number' ? p.default : undefined} testId="inspector-default" onCommit={(v) => patch({ default: v })} />
        </Item>
      )}
      {isDict && p.type !== 'array' && options.length > 0 && (
        <Item label={t('inspector.default')}>
          <Select
            allowClear
            style={{ width: '100%' }}
            value={(p.default as string | undefined) ?? undefined}
            options={options.map((o) => ({ value: o.value!, label: o.label.zh }))}
            onChange={(v) => patch({ default: v ?? null })}
          />
        </Item>
      )}
      {node?.type === 'field' && (
        <Item label={t('inspector.placeholder')}>
          <LabelPair
            value={labelOf(state, node.placeholder)}
            testId="inspector-placeholder"
            zhLabel={t('inspector.placeholder')}
            enLabel={t('inspector.placeholderEn')}
            onCommit={(l) => patch({ placeholder: l.zh ? l : null })}
          />
        </Item>
      )}
      {STRING_KINDS.includes(kind) && (
        <>
          <Item label={t('inspector.minLength')}>
            <CommitNumber min={0} value={p.minLength as number | undefined} testId="inspector-minLength" onCommit={(v) => patch({ minLength: v })} />
          </Item>
          <Item label={t('inspector.maxLength')}>
            <CommitNumber min={1} value={p.maxLength as number | undefined} testId="inspector-maxLength" onCommit={(v) => patch({ maxLength: v })} />
          </Item>
        </>
      )}
      {NUMBER_KINDS.includes(kind) && (
        <>
          <Item label={t('inspector.minimum')}>
            <CommitNumber value={p.minimum as number | undefined} testId="inspector-minimum" onCommit={(v) => patch({ minimum: v })} />
          </Item>
          <Item label={t('inspector.maximum')}>
            <CommitNumber value={p.maximum as number | undefined} testId="inspector-maximum" onCommit={(v) => patch({ maximum: v })} />
          </Item>
        </>
      )}
      {(kind === 'text' || kind === 'textarea') && (
        <>
          <Item label={t('inspector.pattern')}>
            <CommitInput value={(p.pattern as string | undefined) ?? ''} testId="inspector-pattern" onCommit={(v) => patch({ pattern: v || null })} />
          </Item>
          {typeof p.pattern === 'string' && (
            <Item label={t('inspector.patternMessage')}>
              <LabelPair
                value={labelOf(state, p['x-pattern-message'])}
                testId="inspector-patternMessage"
                zhLabel={t('inspector.patternMessage')}
                enLabel={t('inspector.patternMessageEn')}
                onCommit={(l) => patch({ patternMessage: l.zh ? l : null })}
              />
            </Item>
          )}
        </>
      )}
      {parent?.type === 'grid' && node?.type === 'field' && (
        <Item label={t('inspector.span')}>
          <CommitNumber min={1} max={4} value={node.span} testId="inspector-span" onCommit={(v) => patch({ span: v })} />
        </Item>
      )}
      {node?.type === 'field' && (
        <Item label={t('inspector.computed')} extra={t('inspector.computedHelp')}>
          <CommitInput
            value={computedOf(state, ref.key)}
            testId="inspector-computed"
            onCommit={(cel) => void run((s) => setComputed(s, ref.key, cel, i18n.language === 'en-US' ? 'en-US' : 'zh-CN'))}
          />
        </Item>
      )}
      {node?.type === 'subtable' && <TotalsInput design={design} id={id} />}
      {!ref.column && <RuleBuilder design={design} field={ref.key} dicts={dicts} />}
    </>
  );
}

function TotalsInput({ design, id }: { design: FormDesign; id: string }) {
  const { t } = useTranslation('designer');
  const node = locate(design.state.layout, id)?.node;
  if (node?.type !== 'subtable') return null;
  const rows =
    (design.state.model.properties[node.field]?.items as { properties?: Record<string, { type?: unknown; 'x-title': { t: string; d: string } }> } | undefined)
      ?.properties ?? {};
  const numeric = node.columns.filter((c) => rows[c.field]?.type === 'number' || rows[c.field]?.type === 'integer');
  return (
    <Item label={t('inspector.totals')}>
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        value={node.totals ?? []}
        data-testid="inspector-totals"
        options={numeric.map((c) => ({ value: c.field, label: labelOf(design.state, rows[c.field]['x-title']).zh }))}
        onChange={(totals: string[]) => void design.run((s) => updateNode(s, id, { totals }))}
      />
    </Item>
  );
}

function NodeInspector({ design, id }: { design: FormDesign; id: string }) {
  const { t } = useTranslation('designer');
  const { state, run } = design;
  const node = locate(state.layout, id)?.node;
  if (!node) return null;
  switch (node.type) {
    case 'section':
    case 'tab':
      return (
        <Item label={t('inspector.titleZh')}>
          <LabelPair
            value={labelOf(state, node.title)}
            testId="inspector-title"
            zhLabel={t('inspector.titleZh')}
            enLabel={t('inspector.titleEn')}
            onCommit={(title) => void run((s, env) => updateNode(s, id, { title }, env))}
          />
        </Item>
      );
    case 'text':
      return (
        <Item label={t('inspector.textZh')}>
          <LabelPair
            value={labelOf(state, node.text)}
            testId="inspector-text"
            zhLabel={t('inspector.textZh')}
            enLabel={t('inspector.textEn')}
            onCommit={(text) => void run((s, env) => updateNode(s, id, { text }, env))}
          />
        </Item>
      );
    case 'grid':
      return (
        <Item label={t('inspector.gridColumns')}>
          <CommitNumber
            min={1}
            max={4}
            value={node.columns}
            testId="inspector-columns"
            onCommit={(v) => v && void run((s) => updateNode(s, id, { columns: v }))}
          />
        </Item>
      );
    case 'tabs':
      return (
        <Button data-testid="inspector-add-tab" onClick={() => void run((s, env) => addTab(s, id, env))}>
          {t('canvas.addTab')}
        </Button>
      );
    default:
      return null;
  }
}

/** The inspector (see the module comment). */
export function Inspector({ design, dicts = [] }: { design: FormDesign; dicts?: DictDef[] }) {
  const { t } = useTranslation('designer');
  const id = design.selected;
  const exists = id && (fieldRef(design.state, id) || locate(design.state.layout, id));
  return (
    <div data-testid="designer-inspector">
      <Typography.Title level={5}>{t('inspector.title')}</Typography.Title>
      {!exists ? (
        <Typography.Text type="secondary">{t('inspector.none')}</Typography.Text>
      ) : (
        <Form layout="vertical" size="small" key={id}>
          {fieldRef(design.state, id) ? <FieldInspector design={design} id={id} dicts={dicts} /> : <NodeInspector design={design} id={id} />}
        </Form>
      )}
    </div>
  );
}
