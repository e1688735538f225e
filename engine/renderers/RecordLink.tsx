/**
 * The label of a reference field's record (kind `record`) as a link that opens it (lists and details): the target's
 * route when it has one with `:id` (through the host, SPEC §2.2: a new tab from a list page), else its detail page
 * in a drawer; plain text when the target has neither. A routed link has the route as its `href` (Enter, middle
 * click and "open in new tab" work; a plain click opens it in the app, ./linkClick.ts); a drawer link is a button.
 * The label comes from the answer's `refs.records`; a record that no longer exists shows its id.
 */
import { useState } from 'react';
import { Typography } from 'antd';
import { host } from '../host';
import type { RecordTarget } from '../schema/bundle';
import { RecordDrawer } from './list/RecordDrawer';
import { inAppClick } from './linkClick';

/** Props of {@link RecordLink}. */
export interface RecordLinkProps {
  target: RecordTarget | undefined;
  id: number;
  label: string | undefined;
}

/** A link to record `id` of `target` showing `label` (see the module comment). */
export function RecordLink({ target, id, label }: RecordLinkProps) {
  const openRecord = host().useOpenRecord();
  const [open, setOpen] = useState(false);
  const text = label || `#${id}`;
  if (!target || (!target.route && !target.detail)) return <span data-testid="record-label">{text}</span>;
  const path = target.route?.replace(':id', String(id));
  const link = path ? (
    <Typography.Link data-testid="record-link" href={host().href(path)} onClick={inAppClick(() => openRecord(path))}>
      {text}
    </Typography.Link>
  ) : (
    <Typography.Link
      data-testid="record-link"
      role="button"
      tabIndex={0}
      onClick={() => setOpen(true)}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        setOpen(true);
      }}
    >
      {text}
    </Typography.Link>
  );
  return (
    <>
      {link}
      {open && target.detail && (
        <RecordDrawer target={{ page: target.detail, title: text, recordId: id, mode: 'view' }} onDone={() => undefined} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
