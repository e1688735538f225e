/**
 * Whether the window is narrower than `width` px (a phone): the calendar then shows one day and the tree page
 * puts its tree above the list. Follows resizes (matchMedia); false where matchMedia is missing.
 */
import { useEffect, useState } from 'react';

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
