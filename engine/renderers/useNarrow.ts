/**
 * Whether the window is narrower than `width` px (a phone): the calendar then shows one day and the tree page
 * puts its tree above the list, lists show cards. Follows resizes (matchMedia); false where matchMedia is missing.
 * `useWidth`: an element's width, for lists choosing the columns that fit.
 */
import { useEffect, useState, type RefObject } from 'react';

/** True while the viewport is narrower than `width` CSS pixels. */
export function useNarrow(width: number): boolean {
  const query = `(max-width: ${width - 1}px)`;
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
  useEffect(() => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
    const m = window.matchMedia(query);
    const on = () => setNarrow(m.matches);
    on();
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, [query]);
  return narrow;
}

/** The width in CSS pixels of the element `ref` holds, following its resizes (0 before it is laid out). */
export function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const seen = new ResizeObserver((entries) => setWidth(Math.round(entries[0]?.contentRect.width ?? 0)));
    seen.observe(el);
    return () => seen.disconnect();
  }, [ref]);
  return width;
}
