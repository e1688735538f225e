/**
 * Links that are real links (an `href` the browser can open with Enter, a middle click, Ctrl/⌘/Shift + click or
 * "open in new tab") while a plain click stays in the app (tab strip, drawer): {@link inAppClick} wraps the in-app
 * handler so that only a plain primary click runs it (and cancels the browser's navigation).
 */
import type { MouseEvent } from 'react';

/** True for a plain primary click: no modifier key, main button (Enter on a link also arrives as such a click). */
export function isPlainClick(e: Pick<MouseEvent, 'button' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): boolean {
  return e.button === 0 && !e.ctrlKey && !e.metaKey && !e.shiftKey && !e.altKey;
}

/** An `onClick` for an `<a href>`: a plain click runs `open` instead of the browser's navigation; others are the browser's. */
export function inAppClick(open: () => void): (e: MouseEvent<HTMLElement>) => void {
  return (e) => {
    if (!isPlainClick(e)) return;
    e.preventDefault();
    open();
  };
}
