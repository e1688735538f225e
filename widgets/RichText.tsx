/**
 * Rich text (kind richtext): a tiptap editor (StarterKit) with a small toolbar — bold, italic, bulleted and
 * numbered lists, headings 1–3. The value is an HTML string ('' → undefined). Read-only shows the same
 * editor not editable; the editable area is a text box named by the field's label. Display elsewhere goes through sanitizeHtml (./sanitize.ts).
 */
import { useEffect, useMemo } from 'react';
import { Button, Space } from 'antd';
import { BoldOutlined, ItalicOutlined, OrderedListOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';

/** The rich-text widget (see the module comment). */
export function RichTextWidget(p: WidgetProps) {
  const { t } = useTranslation('form');
  const editable = !p.readonly && !p.disabled;
  const label = p.label || String(p.schema.title ?? '');
  const editorProps = useMemo(
    () => ({ attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, ...(p.required ? { 'aria-required': 'true' } : {}) } }),
    [label, p.required],
  );
  const editor = useEditor({
    extensions: [StarterKit],
    content: (p.value as string | undefined) ?? '',
    editable,
    // the editable area is a named multi-line text box for assistive technology (the label of the field);
    // the same object on every render: tiptap compares options by identity and resets a changed editor
    editorProps,
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? undefined : e.getHTML();
      p.onChange(html);
    },
  });
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const html = (p.value as string | undefined) ?? '';
    if (html !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, p.value]);
  useEffect(() => {
    editor?.setEditable(editable);
  }, [editor, editable]);
  const chain = () => editor!.chain().focus();
  const btn = (key: string, label: string, icon: React.ReactNode, active: boolean, run: () => void) => (
    <Button key={key} size="small" type={active ? 'primary' : 'default'} icon={icon} title={label} aria-label={icon ? label : undefined} onClick={run}>
      {icon ? null : label}
    </Button>
  );
  return (
    <div id={p.id} className="oa-richtext">
      {editable && editor && (
        <Space wrap size={4} style={{ padding: 4, borderBottom: '1px solid #f0f0f0' }}>
          {btn('b', t('widget.bold'), <BoldOutlined />, editor.isActive('bold'), () => chain().toggleBold().run())}
          {btn('i', t('widget.italic'), <ItalicOutlined />, editor.isActive('italic'), () => chain().toggleItalic().run())}
          {btn('ul', t('widget.bulletList'), <UnorderedListOutlined />, editor.isActive('bulletList'), () => chain().toggleBulletList().run())}
          {btn('ol', t('widget.orderedList'), <OrderedListOutlined />, editor.isActive('orderedList'), () => chain().toggleOrderedList().run())}
          {([1, 2, 3] as const).map((level) =>
            btn(`h${level}`, t('widget.heading', { level }), null, editor.isActive('heading', { level }), () => chain().toggleHeading({ level }).run()),
          )}
          {btn('p', t('widget.paragraph'), null, editor.isActive('paragraph'), () => chain().setParagraph().run())}
        </Space>
      )}
      <EditorContent editor={editor} style={{ padding: '4px 11px', minHeight: 120 }} />
    </div>
  );
}
