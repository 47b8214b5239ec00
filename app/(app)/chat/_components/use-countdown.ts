'use client';

import { useEffect, useState } from 'react';

/**
 * Seconds left of a wait of `seconds`, counting down once a second; 0 once it is over. A new
 * `startedBy` (e.g. the next error object) restarts the count even when `seconds` is the same.
 */
export function useCountdown(seconds: number | null, startedBy: unknown): number {
  const [left, setLeft] = useState(seconds ?? 0);
  const [start, setStart] = useState(startedBy);
  // Adjusting state while rendering, not in an effect, so the stale count is never painted.
  if (startedBy !== start) {
    setStart(startedBy);
    setLeft(seconds ?? 0);
  }
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return left;
}
