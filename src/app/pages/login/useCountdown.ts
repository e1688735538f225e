/** A seconds countdown for the SMS-code button (SPEC §4: disabled for 60 s after a request). */
import { useEffect, useState } from 'react';

/** Returns `[secondsLeft, start(seconds)]`. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, (s: number) => setLeft(Math.max(0, Math.round(s)))];
}
