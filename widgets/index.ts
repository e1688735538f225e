/**
 * The built-in widgets of engine forms, registered once under their kind keys (FieldKind of
 * engine/schema/types.ts): text, textarea, richtext, integer, number, money, boolean, date, datetime,
 * daterange, dict, user, users, dept, depts, attachments, record (a record of another entity); the organisation's roles and position. Import this module before rendering a form.
 * An area's own widgets are registered by its module (src/areas/<area>/client).
 * text, date and dict are drawn without antd's control until used (./lazy.tsx, the form benchmark).
 * Custom widgets call registerWidget(key, component) (./registry.ts) and are named by a layout node's `widget`.
 */
import { registerWidget, widgetOf } from './registry';
import { BooleanWidget, DateRangeWidget, DateTimeWidget, IntegerWidget, MoneyWidget, NumberWidget, TextareaWidget } from './basic';
import { DeptsWidget, DeptWidget, UsersWidget, UserWidget } from './OrgPicker';
import { AttachmentsWidget } from './Attachments';
import { RichTextWidget } from './RichText';
import { PositionWidget, RolesWidget } from './OrgOptions';
import { RecordWidget } from './RecordPicker';
import { LazyDateWidget, LazyDictWidget, PlainTextWidget } from './lazy';
import type { FormWidget } from './registry';

const BUILTIN: Record<string, FormWidget> = {
  text: PlainTextWidget,
  textarea: TextareaWidget,
  richtext: RichTextWidget,
  integer: IntegerWidget,
  number: NumberWidget,
  money: MoneyWidget,
  boolean: BooleanWidget,
  date: LazyDateWidget,
  datetime: DateTimeWidget,
  daterange: DateRangeWidget,
  dict: LazyDictWidget,
  user: UserWidget,
  users: UsersWidget,
  dept: DeptWidget,
  depts: DeptsWidget,
  attachments: AttachmentsWidget,
  roles: RolesWidget,
  position: PositionWidget,
  record: RecordWidget,
};

// Module state survives hot reloads; register only what is missing.
for (const [key, w] of Object.entries(BUILTIN)) if (!widgetOf(key)) registerWidget(key, w);

export { registerWidget, widgetOf, widgetKeys, widgetMap, type FormWidget } from './registry';
export { AttachmentList, downloadAttachment, formatSize } from './Attachments';
export { sanitizeHtml } from './sanitize';
export { RecordSelect, type RecordSelectProps } from './RecordPicker';
export { upperOf, dictOptions } from './basic';
export { LazyStyles } from './lazy';
export type { FormContext, FieldOptions } from './context';
