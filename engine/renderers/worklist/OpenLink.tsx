/**
 * A work-list title that opens its item: a real link (`href` the item's page) so Tab reaches it and Enter opens
 * it; a plain click or Enter goes through `open` (the host decides new browser tab or this one, SPEC §2.2), a
 * click with a modifier or the middle button is left to the browser (a new tab or window of the same page).
 */
import type { MouseEvent, ReactNode } from 'react';
import { Typography } from 'antd';

/** How a row opens: the page's address and the in-app way there. */
export interface RowLink {
  href: string;
  open: () => void;
}

/** The title `children` as a link to `link` (see the module comment). */
export function OpenLink({ link, title, children }: { link: RowLink; title?: string; children: ReactNode }) {
  const onClick = (e: MouseEvent<HTMLElement>) => {
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    link.open();
  };
  return (
    <Typography.Link href={link.href} onClick={onClick} title={title} data-testid="worklist-open">
      {children}
    </Typography.Link>
  );
}
